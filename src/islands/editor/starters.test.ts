import { describe, expect, it } from 'vitest';
import { parseDesign } from '../../lib/design/schema.ts';
import { STARTERS, starterById } from './starters.ts';

describe('starter designs', () => {
  it.each(STARTERS.map((s) => [s.id, s] as const))('%s is a valid design document', (_id, starter) => {
    const parsed = parseDesign(starter.design);
    expect(parsed.ok ? 'ok' : parsed.message).toBe('ok');
  });

  it('have unique ids and are found by id', () => {
    expect(new Set(STARTERS.map((s) => s.id)).size).toBe(STARTERS.length);
    expect(starterById('good-night')?.name).toBe('굿나잇');
    expect(starterById('nope')).toBeNull();
    expect(starterById(null)).toBeNull();
  });
});
