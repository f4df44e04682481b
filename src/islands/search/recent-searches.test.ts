import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  forgetSearches,
  readRecent,
  rememberSearch,
  RECENT_KEY,
  SENT_KEY,
  takeSentSearch,
} from './recent-searches.ts';

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

describe('recent searches', () => {
  it('keeps the newest first, moves a repeat to the front, and keeps ten', () => {
    const s = memory();
    rememberSearch('방진패드', s);
    rememberSearch('  요가   매트 ', s);
    expect(rememberSearch('방진패드', s)).toEqual(['방진패드', '요가 매트']);
    for (let i = 0; i < 12; i++) rememberSearch(`검색 ${i}`, s);
    expect(readRecent(s)).toHaveLength(10);
    expect(readRecent(s)[0]).toBe('검색 11');
  });

  it('ignores blanks and a damaged value, and forgets on request', () => {
    const s = memory();
    expect(rememberSearch('   ', s)).toEqual([]);
    s.setItem(RECENT_KEY, '{broken');
    expect(readRecent(s)).toEqual([]);
    rememberSearch('쿠션', s);
    forgetSearches(s);
    expect(readRecent(s)).toEqual([]);
  });

  it('takes a search the box sent (before its suggestions loaded) into the recent ones, once', () => {
    const tab = memory();
    const s = memory();
    rememberSearch('쿠션', s);
    tab.setItem(SENT_KEY, ' 요가  매트 ');
    expect(takeSentSearch(tab, s)).toEqual(['요가 매트', '쿠션']);
    expect(tab.getItem(SENT_KEY)).toBeNull();
    expect(takeSentSearch(tab, s)).toEqual(['요가 매트', '쿠션']);
    // the box's own script keeps it under the same key
    const box = readFileSync(new URL('../../components/layout/SearchBox.astro', import.meta.url), 'utf8');
    expect(box).toContain(`sessionStorage.setItem('${SENT_KEY}', input.value)`);
  });
});
