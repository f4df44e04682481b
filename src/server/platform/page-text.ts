/**
 * A page's HTML as Astro renders it whole (decision 058), gathered in pieces and encoded into one
 * buffer, never joined into one string (decision 086).
 *
 * Astro appends every rendered chunk to one string (`str += chunk`) and encodes it at the end. V8
 * makes the result a rope; encoding it flattens it into one flat string first, and a page with
 * Korean text is a two-byte string: past 65,536 characters (128 KiB) that string no longer fits a
 * young-generation page and is allocated in the large-object space (its own mapping, zeroed, then
 * promoted or freed by a full collection). The search page of 30 cards is ~67,000 characters and
 * paid that on every render; the category page of 20 (~53,000) did not.
 *
 * Here the chunks are appended to a group until it reaches GROUP_CHARS, so each group flattens in
 * the young generation; `bytes()` measures each group's UTF-8 length and writes the groups one after
 * another into one buffer of the page's exact length.
 */

/** Characters per group: far under the 65,536 two-byte characters of a large object. */
export const GROUP_CHARS = 16_384;

export class PageText {
  private readonly groups: string[] = [];
  private current = '';

  /** Appends a rendered chunk. */
  add(chunk: string): void {
    this.current += chunk;
    if (this.current.length >= GROUP_CHARS) {
      this.groups.push(this.current);
      this.current = '';
    }
  }

  /** The page so far as one string (what Astro's `renderToString` gave, for a caller that wants it). */
  text(): string {
    return this.groups.join('') + this.current;
  }

  /** The page's UTF-8 bytes, in a buffer of exactly their length. */
  bytes(): Uint8Array<ArrayBuffer> {
    const groups = this.current ? [...this.groups, this.current] : this.groups;
    const sized = groups.map((group) => ({ group, length: Buffer.byteLength(group, 'utf8') }));
    const out = Buffer.allocUnsafeSlow(sized.reduce((sum, s) => sum + s.length, 0));
    let at = 0;
    for (const { group, length } of sized) at += out.write(group, at, length, 'utf8');
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }
}

/** A new page's text (what the rewritten `renderStreamToString` gathers into). */
export function pageText(): PageText {
  return new PageText();
}
