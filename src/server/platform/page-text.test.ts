import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { GROUP_CHARS, PageText } from './page-text.ts';

/** A page's HTML gathered in pieces and encoded without one long string (decision 086). */

/** A product card's worth of HTML with Korean text, as Astro's chunks come (a few hundred characters). */
const card = (n: number) =>
  `<article class="product-card" data-product-no="${n}"><h3 class="name"><a href="/products/${n}">원형 세탁기 방진패드 ${n}개입</a></h3><p class="price"><strong>14,310원</strong></p></article>`;

/** Bytes used in V8's two large-object spaces (objects over 128 KiB: a flat two-byte string of 65,536+ characters). */
const largeObjectBytes = () =>
  getHeapSpaceStatistics()
    .filter((s) => s.space_name === 'large_object_space' || s.space_name === 'new_large_object_space')
    .reduce((sum, s) => sum + s.space_used_size, 0);

describe('PageText', () => {
  it('gives the UTF-8 bytes of its chunks in order, whatever falls on a group boundary', () => {
    const chunks = ['<!DOCTYPE html>', ...Array.from({ length: 400 }, (_, i) => card(i)), '😀 끝', ''];
    // a chunk of four-byte characters astride the first group's end
    chunks.splice(100, 0, '가'.repeat(GROUP_CHARS - 3) + '😀😀');
    const text = new PageText();
    for (const chunk of chunks) text.add(chunk);
    const expected = new TextEncoder().encode(chunks.join(''));
    const bytes = text.bytes();
    expect(bytes.byteLength).toBe(expected.byteLength);
    expect(Buffer.from(bytes).equals(Buffer.from(expected))).toBe(true);
    expect(text.text()).toBe(chunks.join(''));
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength); // exactly the page's length, no slack
  });

  it('is empty bytes for no chunks', () => {
    expect(new PageText().bytes().byteLength).toBe(0);
    expect(new PageText().text()).toBe('');
  });

  it('encodes a page over 65,536 characters without a large object, where one joined string needs one', () => {
    const chunks = Array.from({ length: 600 }, (_, i) => card(i));
    expect(chunks.join('').length).toBeGreaterThan(70_000);
    // Astro's way: one string of every chunk, flattened to be encoded (kept alive to be counted)
    let before = largeObjectBytes();
    let joined = '';
    for (const chunk of chunks) joined += chunk;
    const theirs = new TextEncoder().encode(joined);
    const joinedGrowth = largeObjectBytes() - before;
    expect(joinedGrowth).toBeGreaterThanOrEqual(joined.length * 2);
    // PageText's: groups of GROUP_CHARS, each flattened in the young generation
    before = largeObjectBytes();
    const text = new PageText();
    for (const chunk of chunks) text.add(chunk);
    const ours = text.bytes();
    // not one object of 128 KiB or more (V8's regular object limit); a collection meanwhile may free some
    expect(largeObjectBytes() - before).toBeLessThanOrEqual(0);
    expect(Buffer.from(ours).equals(Buffer.from(theirs))).toBe(true);
  });
});
