import { describe, expect, it, vi } from 'vitest';
import { renderWhole } from './render-whole.ts';

describe('renderWhole', () => {
  it("turns Astro's streaming off for the render", () => {
    const state = { streaming: true, pathname: '/categories/529105' };
    expect(renderWhole(state)).toBe(state);
    expect(state.streaming).toBe(false);
  });

  it('says once, and changes nothing, when the field is gone', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const state = { pathname: '/' };
    renderWhole(state);
    renderWhole({ pathname: '/search' });
    expect(state).toEqual({ pathname: '/' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/streamed \(decision 058\)/);
    warn.mockRestore();
  });
});
