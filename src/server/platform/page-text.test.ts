import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PageText, SCRATCH_KEPT_BYTES } from './page-text.ts';

/** A page's HTML kept as its chunks and encoded without one long string (decisions 086, 088). */

/** A product card's worth of HTML with Korean text, as Astro's chunks come (a few hundred characters). */
const card = (n: number) =>
  `<article class="product-card" data-product-no="${n}"><h3 class="name"><a href="/products/${n}">원형 세탁기 방진패드 ${n}개입</a></h3><p class="price"><strong>14,310원</strong></p></article>`;

/** Bytes used in V8's two large-object spaces (objects over 128 KiB: a flat two-byte string of 65,536+ characters). */
const largeObjectBytes = () =>
  getHeapSpaceStatistics()
    .filter((s) => s.space_name === 'large_object_space' || s.space_name === 'new_large_object_space')
    .reduce((sum, s) => sum + s.space_used_size, 0);

/** A full collection, so that earlier tests' garbage is not freed while a test counts (V8's own `gc`). */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const pageOf = (chunks: readonly string[]) => {
  const text = new PageText();
  for (const chunk of chunks) text.add(chunk);
  return text;
};

const same = (bytes: Uint8Array, expected: string) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(Buffer.from(expected, 'utf8'));

describe('PageText', () => {
  it('gives the UTF-8 bytes of its chunks in order: one-, two-, three- and four-byte characters', () => {
    const chunks = ['<!DOCTYPE html>', ...Array.from({ length: 400 }, (_, i) => card(i)), '😀 끝', '', 'é'];
    chunks.splice(100, 0, '가'.repeat(20_000) + '😀😀');
    const text = pageOf(chunks);
    const bytes = text.bytes();
    expect(bytes.byteLength).toBe(new TextEncoder().encode(chunks.join('')).byteLength);
    expect(same(bytes, chunks.join(''))).toBe(true);
    expect(text.text()).toBe(chunks.join(''));
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength); // exactly the page's length, no slack
  });

  it('takes the String objects Astro marks its HTML with as their text', () => {
    // Astro's HTMLString extends String; its chunks reach `add` as such objects
    class HTMLString extends String {}
    const text = new PageText();
    text.add(new HTMLString('<p>안녕하세요</p>') as unknown as string);
    text.add('<p>끝</p>');
    expect(same(text.bytes(), '<p>안녕하세요</p><p>끝</p>')).toBe(true);
    expect(text.text()).toBe('<p>안녕하세요</p><p>끝</p>');
  });

  it('is empty bytes for no chunks', () => {
    expect(new PageText().bytes().byteLength).toBe(0);
    expect(new PageText().text()).toBe('');
  });

  it('gives each page bytes of its own: a later page does not change an earlier one’s', () => {
    const first = pageOf(Array.from({ length: 200 }, (_, i) => card(i))).bytes();
    const copy = Buffer.from(first);
    pageOf(Array.from({ length: 300 }, (_, i) => card(1000 + i))).bytes();
    expect(Buffer.from(first).equals(copy)).toBe(true);
  });

  it('encodes a page longer than the scratch buffer it keeps', () => {
    const chunks = ['가'.repeat(SCRATCH_KEPT_BYTES / 2), card(1), '😀'.repeat(10_000)];
    expect(same(pageOf(chunks).bytes(), chunks.join(''))).toBe(true);
  });

  it('encodes a page over 65,536 characters without a large object, where one joined string needs one', () => {
    const chunks = Array.from({ length: 600 }, (_, i) => card(i));
    expect(chunks.join('').length).toBeGreaterThan(70_000);
    // Astro's way: one string of every chunk, flattened to be encoded (kept alive to be counted)
    collectGarbage();
    let before = largeObjectBytes();
    let joined = '';
    for (const chunk of chunks) joined += chunk;
    const theirs = new TextEncoder().encode(joined);
    const joinedGrowth = largeObjectBytes() - before;
    expect(joinedGrowth).toBeGreaterThanOrEqual(joined.length * 2);
    // PageText's: every chunk written on its own (a warm-up first, so the kept scratch buffer exists)
    pageOf(chunks).bytes();
    collectGarbage();
    before = largeObjectBytes();
    const ours = pageOf(chunks).bytes();
    // not one object of 128 KiB or more (V8's regular object limit); a collection meanwhile may free some
    expect(largeObjectBytes() - before).toBeLessThanOrEqual(0);
    expect(Buffer.from(ours).equals(Buffer.from(theirs))).toBe(true);
  });
});
