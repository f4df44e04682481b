import { describe, expect, it } from 'vitest';
import { countLabel, listHref, parseKeyword, parseNo, parsePage, parseSort } from './list-query.ts';

describe('listing query parameters', () => {
  it('reads a page number and falls back to 1 for anything else', () => {
    expect(parsePage('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', 'abc', '2.5', '1e3', '99999', ' 2'])
      expect(parsePage(bad)).toBe(1);
  });

  it('maps sort keys to the search order and defaults unknown keys', () => {
    expect(parseSort('price-asc')).toMatchObject({
      orderBy: 'DISCOUNTED_PRICE',
      direction: 'ASC',
      label: '낮은 가격순',
    });
    expect(parseSort('nope').key).toBe('popular');
    expect(parseSort(null, 'new').key).toBe('new');
  });

  it('accepts only positive integers as catalogue numbers', () => {
    expect(parseNo('529105')).toBe(529105);
    for (const bad of [undefined, '', '0', 'abc', '12a', '-5', '1'.repeat(20)])
      expect(parseNo(bad)).toBeNull();
  });

  it('normalises keywords', () => {
    expect(parseKeyword('  방진   패드 ')).toBe('방진 패드');
    expect(parseKeyword('가'.repeat(300))).toHaveLength(100);
  });

  it('builds links without default values', () => {
    expect(listHref('/search', { keyword: '방진 패드', sort: 'new', page: 1 })).toBe(
      '/search?keyword=%EB%B0%A9%EC%A7%84+%ED%8C%A8%EB%93%9C&sort=new',
    );
    expect(listHref('/shop', { page: 2, sort: undefined })).toBe('/shop?page=2');
  });
});

describe('countLabel', () => {
  it('writes an exact count, and a capped one as at least that many', () => {
    expect(countLabel(1234, false)).toBe('1,234개');
    expect(countLabel(0, false)).toBe('0개');
    expect(countLabel(1000, true)).toBe('1,000개 이상');
  });
});
