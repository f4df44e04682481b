import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEB_FONT_CLASS, WEB_FONT_HELD_KEY } from '../../lib/web-font.ts';
import { WEB_FONT_HEAD_SCRIPT, WEB_FONT_HEAD_SCRIPT_HASH } from './web-font-head.ts';

/** Runs the head script against a storage and an <html> class list, as a browser would. */
function runHeadScript(getItem: (key: string) => string | null): string[] {
  const classes: string[] = [];
  const document = { documentElement: { classList: { add: (c: string) => classes.push(c) } } };
  new Function('localStorage', 'document', WEB_FONT_HEAD_SCRIPT)({ getItem }, document);
  return classes;
}

describe('the web font head script (decision 048)', () => {
  it('puts the font first only when this browser holds it', () => {
    expect(runHeadScript((k) => (k === WEB_FONT_HELD_KEY ? '1' : null))).toEqual([WEB_FONT_CLASS]);
    expect(runHeadScript(() => null)).toEqual([]);
  });

  it('leaves the system font when storage is refused', () => {
    expect(
      runHeadScript(() => {
        throw new DOMException('denied', 'SecurityError');
      }),
    ).toEqual([]);
  });

  it('is allowed by the CSP through the hash of exactly its text', () => {
    const hash = createHash('sha256').update(WEB_FONT_HEAD_SCRIPT).digest('base64');
    expect(WEB_FONT_HEAD_SCRIPT_HASH).toBe(`sha256-${hash}`);
  });
});
