/**
 * A page's HTML as Astro renders it whole (decision 058), kept as its chunks and encoded straight
 * into bytes, never joined into one string (decisions 086 and 088).
 *
 * Astro appends every rendered chunk to one string (`str += chunk`) and encodes it at the end. V8
 * makes the result a rope; encoding it flattens it into one flat string first, and a page with
 * Korean text is a two-byte string: past 65,536 characters (128 KiB) that string is allocated in
 * V8's large-object space (decision 086). Flattening in smaller groups (086) avoided that, but still
 * copied the whole page into new two-byte strings (~135 KiB for the search page) and read it twice
 * (its UTF-8 length, then the encoding).
 *
 * Here the chunks are only kept; `bytes()` writes each chunk's UTF-8 into one scratch buffer of the
 * module (at most three bytes per UTF-16 code unit, so it is sized before writing) and copies the
 * written bytes into a buffer of the page's exact length. No string of the page is ever made.
 * `bytes()` is synchronous, so the scratch buffer is never shared by two pages at once.
 */

/** UTF-8 bytes per UTF-16 code unit at most (a surrogate pair is 4 bytes for 2 units). */
const MAX_BYTES_PER_UNIT = 3;
/** The scratch buffer kept between pages at most; a longer page gets a buffer of its own. */
export const SCRATCH_KEPT_BYTES = 4 * 1024 * 1024;

let scratch: Buffer | undefined;

/** A buffer of at least `bytes`, the kept scratch when it is small enough to keep. */
function scratchOf(bytes: number): Buffer {
  if (bytes > SCRATCH_KEPT_BYTES) return Buffer.allocUnsafeSlow(bytes);
  if (!scratch || scratch.length < bytes) {
    scratch = Buffer.allocUnsafeSlow(
      Math.min(SCRATCH_KEPT_BYTES, Math.max(bytes, 2 * (scratch?.length ?? 64 * 1024))),
    );
  }
  return scratch;
}

export class PageText {
  private readonly chunks: string[] = [];
  private units = 0;

  /** Appends a rendered chunk (Astro's HTML strings are `String` objects: kept as their text). */
  add(chunk: string): void {
    const text = typeof chunk === 'string' ? chunk : String(chunk);
    this.chunks.push(text);
    this.units += text.length;
  }

  /** The page so far as one string (what Astro's `renderToString` gave, for a caller that wants it). */
  text(): string {
    return this.chunks.join('');
  }

  /** The page's UTF-8 bytes, in a buffer of exactly their length. */
  bytes(): Uint8Array<ArrayBuffer> {
    const into = scratchOf(this.units * MAX_BYTES_PER_UNIT);
    let at = 0;
    for (const chunk of this.chunks) at += into.write(chunk, at, 'utf8');
    const out = Buffer.allocUnsafeSlow(at);
    into.copy(out, 0, 0, at);
    return new Uint8Array(out.buffer, out.byteOffset, at);
  }
}

/** A new page's text (what the rewritten `renderStreamToString` gathers into). */
export function pageText(): PageText {
  return new PageText();
}
