import { describe, expect, it } from 'vitest';
import { dateBounds, filterParams, parseAdminFilters } from './filters.ts';

const parse = (q: string, statuses?: Parameters<typeof parseAdminFilters>[1]) =>
  parseAdminFilters(new URLSearchParams(q), statuses);

describe('custom admin filters', () => {
  it('reads view, status, channel, Seoul dates, design and page', () => {
    const f = parse('status=progress&channel=podo&start=2026-05-01&end=2026-05-31&page=3');
    expect(f).toMatchObject({
      view: 'orders',
      status: 'progress',
      channel: 'podo',
      storedChannel: 'brand',
      start: '2026-05-01',
      end: '2026-05-31',
      page: 3,
    });
    expect(dateBounds(f)).toEqual({ from: '2026-04-30T15:00:00.000Z', to: '2026-05-31T15:00:00.000Z' });
    expect(filterParams(f)).toEqual({
      view: undefined,
      status: 'progress',
      channel: 'podo',
      start: '2026-05-01',
      end: '2026-05-31',
      designId: undefined,
    });
  });

  it('drops what it does not know instead of passing it on', () => {
    const f = parse('view=x&status=done&channel=amazon&start=2026-02-30&end=tomorrow&page=-1&designId=x');
    expect(f).toMatchObject({
      view: 'orders',
      status: undefined,
      channel: undefined,
      storedChannel: undefined,
      start: undefined,
      end: undefined,
      designId: undefined,
      page: 1,
    });
    expect(dateBounds(f)).toEqual({ from: undefined, to: undefined });
  });

  it("allows 'none' (never ordered) for designs only, and the page's own statuses", () => {
    expect(parse('view=designs&status=none').status).toBe('none');
    expect(parse('status=none').status).toBeUndefined();
    expect(parse('status=request', { statuses: ['progress', 'design_complete'] }).status).toBeUndefined();
    expect(parse('status=progress', { statuses: ['progress', 'design_complete'] }).status).toBe('progress');
    expect(parse('channel=smartstore').storedChannel).toBe('smartstore');
  });
});
