import { convertQwertyToHangul, disassemble } from 'es-hangul';
import type { Db } from '../db/client.ts';
import { productOfKeySql } from './search-key.ts';
import { parseSearch } from './search-terms.ts';

/**
 * "Did you mean" for a keyword search that finds nothing (decision 069), as Korean shops do it:
 * each word of the keyword that finds nothing on its own is replaced by the closest word the
 * catalogue holds, and the caller searches again with the corrected keyword. Nothing here runs
 * for a search that finds something.
 *
 * The words to choose from come from the database at the moment of the search, through the search
 * index (decision 031): the products that hold the typed word with one of its syllables left out
 * (방진펫드: 방진…드, 방진펫, 방…펫드, 진펫드), the most popular few of each (the index's rowid order,
 * decision 050), and the words of their names, keywords, brands and partners (each Hangul run's
 * pieces of about the typed length, so 세탁기방진패드 offers 방진패드). A list of every word of the
 * index (`fts5vocab`) would be complete, but reading it costs as much as the index's entries for
 * those words: 8–20 ms for one initial consonant at 100,000 products (decision 069).
 *
 * Each word is compared with the typed one by an edit distance over jamo (es-hangul's
 * `disassemble`: 패 = ㅍㅐ, 펫 = ㅍㅔㅅ); the closest within a threshold that grows with the word's
 * length wins, and between equally close words the one that finds the most products.
 */

/** At most this many words of a keyword are corrected (a longer keyword is left as it is). */
const MAX_WORDS = 4;
/** Words of fewer letters than this are never corrected (a one-syllable search is a prefix search). */
const MIN_SYLLABLES = 2;
const MIN_LATIN = 4;

const SYLLABLE = /^[가-힣]+$/u;
const LATIN = /^[a-z]+$/u;

// ------------------------------------------------------------------------------------ distance

/** Each character's letters, worked out once per character (es-hangul's `disassemble`). */
const lettersOf = new Map<string, string[]>();

/** Letters a distance is counted over: Hangul as jamo (complex vowels and finals split), Latin lower case. */
export function jamoLetters(text: string): string[] {
  const out: string[] = [];
  for (const ch of text.normalize('NFC').toLowerCase()) {
    let letters = lettersOf.get(ch);
    if (!letters) {
      letters = [...disassemble(ch)];
      // at most every Hangul syllable and jamo (11,172 + 51) and a few other letters
      if (lettersOf.size < 20_000) lettersOf.set(ch, letters);
    }
    out.push(...letters);
  }
  return out;
}

/**
 * Substitutions that cost half: vowels Koreans write for each other (ㅐ/ㅔ, ㅒ/ㅖ; ㅙ and ㅞ are
 * ㅗㅐ and ㅜㅔ once split) and a consonant typed with or without Shift (ㄱ/ㄲ, ㄷ/ㄸ, ㅂ/ㅃ, ㅅ/ㅆ, ㅈ/ㅉ).
 */
const NEAR_PAIRS = new Set(['ㅐㅔ', 'ㅒㅖ', 'ㄱㄲ', 'ㄷㄸ', 'ㅂㅃ', 'ㅅㅆ', 'ㅈㅉ']);
function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  return NEAR_PAIRS.has(a < b ? a + b : b + a) ? 0.5 : 1;
}

/**
 * Edit distance between two texts over their jamo (optimal string alignment: insertions, deletions,
 * substitutions and swaps of two neighbours each cost 1, a near substitution 0.5).
 * 방진펫드 → 방진패드: ㅔ→ㅐ (0.5) and ㅅ left out (1) = 1.5.
 */
export function typoDistance(typed: string, word: string): number {
  return letterDistance(jamoLetters(typed), jamoLetters(word));
}

function letterDistance(a: readonly string[], b: readonly string[]): number {
  const cols = b.length + 1;
  const d = new Float64Array((a.length + 1) * cols);
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    d[i * cols] = i;
    const ai = a[i - 1]!;
    for (let j = 1; j < cols; j++) {
      const bj = b[j - 1]!;
      let best = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + substitutionCost(ai, bj),
      );
      if (i > 1 && j > 1 && ai === b[j - 2] && a[i - 2] === bj)
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[a.length * cols + b.length]!;
}

/**
 * How far a correction may be from what was typed, by the typed word's letters (jamo): none under
 * 4 (too short to guess), 1 up to 7 (two syllables), 2 up to 12 (three to four syllables), then 3.
 */
export function allowedDistance(typed: string): number {
  const n = jamoLetters(typed).length;
  return n < 4 ? 0 : n <= 7 ? 1 : n <= 12 ? 2 : 3;
}

// ---------------------------------------------------------------------------------- candidates

export interface CandidateWord {
  /** A word (or a piece of a Hangul run) of the catalogue's texts, in lower case. */
  term: string;
  /** Products that hold it (among those looked at, or counted in the index). */
  products: number;
}

/** Is the typed word one a correction is looked for: whole Hangul syllables or Latin letters, long enough. */
export function isCorrectable(typed: string): boolean {
  const word = typed.normalize('NFC').toLowerCase();
  const length = [...word].length;
  if (allowedDistance(word) === 0) return false;
  return (SYLLABLE.test(word) && length >= MIN_SYLLABLES) || (LATIN.test(word) && length >= MIN_LATIN);
}

/**
 * The words of some catalogue texts that may correct `typed`, each with the number of texts that
 * hold it. For a Hangul word: the pieces of each word one syllable shorter than it up to one
 * longer, and neighbouring words written together (세탁기 방진패드 → 세탁기방진패드, as the index
 * reads them, decision 031); for a Latin word, the Latin words within its length window.
 */
export function candidateWords(typed: string, texts: readonly string[]): CandidateWord[] {
  const word = typed.normalize('NFC').toLowerCase();
  const length = [...word].length;
  const hangul = SYLLABLE.test(word);
  const slack = hangul ? 1 : allowedDistance(word);
  const min = Math.max(hangul ? MIN_SYLLABLES : MIN_LATIN, length - slack);
  const max = length + slack;
  const counts = new Map<string, number>();
  for (const text of texts) {
    const seen = new Set<string>();
    const tokens = text
      .normalize('NFC')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    if (hangul) {
      const runs = tokens.filter((t) => SYLLABLE.test(t));
      runs.forEach((run, first) => {
        const chars = [...run];
        for (let size = min; size <= Math.min(max, chars.length); size++)
          for (let at = 0; at + size <= chars.length; at++) seen.add(chars.slice(at, at + size).join(''));
        // this word with the ones after it, while the whole fits the window
        let joined = run;
        for (let next = first + 1; next < runs.length; next++) {
          joined += runs[next]!;
          const size = [...joined].length;
          if (size > max) break;
          if (size >= min) seen.add(joined);
        }
      });
    } else {
      for (const token of tokens)
        if (LATIN.test(token) && token.length >= min && token.length <= max) seen.add(token);
    }
    for (const term of seen) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return [...counts].map(([term, products]) => ({ term, products }));
}

/**
 * The closest candidates to `typed` within `allowedDistance`, all at the smallest distance found
 * (what was typed itself is left out): several when equally close. Empty when none is close enough.
 */
export function closestCandidates(typed: string, words: readonly CandidateWord[]): CandidateWord[] {
  const allowed = allowedDistance(typed);
  const own = typed.normalize('NFC').toLowerCase();
  const ownLetters = jamoLetters(own);
  let best = Infinity;
  let closest: CandidateWord[] = [];
  for (const w of words) {
    if (w.term === own || w.products <= 0) continue;
    const letters = jamoLetters(w.term);
    // each letter more or fewer costs at least 1
    if (Math.abs(letters.length - ownLetters.length) > Math.min(allowed, best)) continue;
    const distance = letterDistance(ownLetters, letters);
    if (distance > allowed || distance > best) continue;
    if (distance < best) closest = [];
    best = distance;
    closest.push(w);
  }
  return closest;
}

/**
 * Of equally close candidates, the one that finds the most products, then the shorter, then the
 * first in Korean order; null for none.
 */
export function chooseCorrection(closest: readonly CandidateWord[]): string | null {
  const sorted = [...closest].sort(
    (a, b) =>
      b.products - a.products ||
      [...a.term].length - [...b.term].length ||
      (a.term < b.term ? -1 : a.term > b.term ? 1 : 0),
  );
  return sorted[0]?.term ?? null;
}

/**
 * A Latin word typed with the keyboard in English mode (qkdwlsvoem → 방진패드), when it reads as
 * whole Hangul syllables; null otherwise (yoga → ㅛㅐㅎㅁ is not Korean).
 */
export function hangulFromQwerty(typed: string): string | null {
  if (!/^[a-zA-Z]{2,}$/.test(typed)) return null;
  const hangul = convertQwertyToHangul(typed);
  return SYLLABLE.test(hangul) ? hangul : null;
}

// ------------------------------------------------------------------------------------- the query

/**
 * Products looked at for a word: its sample queries share them (the most popular that match each,
 * by the index's rowid order), at least 20 a query, so a long word costs about what a short one does.
 */
const SAMPLE_PRODUCTS = 160;
const MIN_SAMPLE_PER_QUERY = 20;

const quote = (token: string) => `"${token.replace(/"/g, '""')}"`;

/** A run of Hangul syllables as a query on `grams` (search-terms.ts): its bigrams, or one syllable as a prefix. */
function gramsQuery(run: string): string {
  const chars = [...run];
  if (chars.length === 1) return `grams : ${quote(run)} *`;
  const bigrams = chars.slice(0, -1).map((ch, i) => ch + chars[i + 1]!);
  return `grams : ${quote(bigrams.join(' '))}`;
}

/**
 * FTS5 queries whose matches hold the words a typed word may be a misspelling of: for Hangul, the
 * word with each syllable in turn left out (the pieces either side must both be there); for Latin,
 * the words that begin with its first two letters, and with its first letter.
 */
export function sampleQueries(typed: string): string[] {
  const word = typed.normalize('NFC').toLowerCase();
  const chars = [...word];
  if (SYLLABLE.test(word)) {
    const queries = chars.map((_, i) =>
      [chars.slice(0, i).join(''), chars.slice(i + 1).join('')].filter(Boolean).map(gramsQuery).join(' AND '),
    );
    return [...new Set(queries)];
  }
  return [`words : ${quote(word.slice(0, 2))} *`, `words : ${quote(word.slice(0, 1))} *`];
}

/** The texts the index holds for the products a word's sample queries find (name, keywords, brand, partner). */
function sampleSql(queries: number): string {
  const each = Math.max(MIN_SAMPLE_PER_QUERY, Math.ceil(SAMPLE_PRODUCTS / queries));
  const found = Array.from(
    { length: queries },
    (_, i) =>
      `SELECT * FROM (SELECT rowid AS k FROM product_terms WHERE product_terms MATCH ?${i + 1} ORDER BY rowid DESC LIMIT ${each})`,
  ).join(' UNION ');
  return `SELECT p.product_name || ' ' || p.search_keywords || ' ' || COALESCE(b.brand_name, '') || ' ' || pa.partner_name AS text
    FROM (${found}) f
    JOIN products p ON p.product_no = ${productOfKeySql('f.k')}
    LEFT JOIN brands b ON b.brand_no = p.brand_no
    JOIN partners pa ON pa.partner_no = p.partner_no`;
}

/** One statement: how many products each query finds in the search index (up to `cap`). */
async function countMatches(db: Db, queries: readonly string[], cap: number): Promise<number[]> {
  if (queries.length === 0) return [];
  const columns = queries.map(
    (_, i) =>
      `(SELECT COUNT(*) FROM (SELECT 1 FROM product_terms WHERE product_terms MATCH ?${i + 1} LIMIT ${cap})) AS n${i}`,
  );
  const row = (await db.execute({ sql: `SELECT ${columns.join(', ')}`, args: [...queries] })).rows[0];
  return queries.map((_, i) => Number(row?.[`n${i}`] ?? 0));
}

/** Counting products stops here: enough to tell candidates apart. */
const COUNT_CAP = 1000;

/**
 * The keyword with each of its words that finds nothing replaced by its correction, or null when
 * there is nothing to correct (every word finds something: the filters found nothing), a word that
 * finds nothing has no correction, or the keyword is too long. The caller searches with it and
 * keeps the correction only if that search finds something.
 */
export async function correctKeyword(db: Db, keyword: string): Promise<string | null> {
  const words = keyword.normalize('NFC').split(/\s+/u).filter(Boolean);
  if (words.length === 0 || words.length > MAX_WORDS) return null;
  // each word as searched, and a Latin word's reading as Hangul typed in English mode
  const plans = words.map((word) => {
    const asHangul = hangulFromQwerty(word);
    return {
      word,
      match: parseSearch(word)?.match ?? null,
      asHangul,
      hangulMatch: asHangul ? (parseSearch(asHangul)?.match ?? null) : null,
    };
  });
  // no word that could be corrected: nothing to look up (초성, numbers, one syllable)
  if (!plans.some((p) => p.match && (p.asHangul || isCorrectable(p.word)))) return null;
  const queries = [...new Set(plans.flatMap((p) => [p.match, p.hangulMatch]).filter((q) => q !== null))];
  const counts = await countMatches(db, queries, 1);
  const finds = (query: string | null) => query !== null && (counts[queries.indexOf(query)] ?? 0) > 0;

  const corrected: (string | null)[] = plans.map((p) => {
    if (!p.match || finds(p.match)) return p.word;
    if (finds(p.hangulMatch)) return p.asHangul;
    return null;
  });
  if (corrected.every((c, i) => c === words[i])) return null;
  // each word still unknown, as typed and as Hangul, looked for among the texts of its samples
  const lookups = plans.flatMap((p, i) =>
    corrected[i] !== null
      ? []
      : [p.word, p.asHangul]
          .filter((w): w is string => w !== null && isCorrectable(w))
          .map((typed) => ({ index: i, typed, queries: sampleQueries(typed) })),
  );
  if (plans.some((_, i) => corrected[i] === null && !lookups.some((l) => l.index === i))) return null;
  const samples = await db.batch(
    lookups.map((l) => ({ sql: sampleSql(l.queries.length), args: l.queries })),
    'read',
  );
  for (let i = 0; i < plans.length; i++) {
    if (corrected[i] !== null) continue;
    // the closest of the word's readings (as typed, as Hangul)
    let closest: CandidateWord[] = [];
    let distance = Infinity;
    for (const [k, l] of lookups.entries()) {
      if (l.index !== i) continue;
      const texts = (samples[k]?.rows ?? []).map((r) => String(r.text));
      const near = closestCandidates(l.typed, candidateWords(l.typed, texts));
      const d = near[0] ? typoDistance(l.typed, near[0].term) : Infinity;
      if (d < distance) [closest, distance] = [near, d];
      else if (d === distance) closest = closest.concat(near);
    }
    if (closest.length === 0) return null;
    if (closest.length > 1) {
      // equally close: the one that finds the most products in the whole index
      const found = await countMatches(
        db,
        closest.map((c) => parseSearch(c.term)?.match ?? ''),
        COUNT_CAP,
      );
      closest = closest.map((c, k) => ({ term: c.term, products: found[k] ?? 0 }));
    }
    corrected[i] = chooseCorrection(closest);
    if (corrected[i] === null) return null;
  }
  const text = corrected.join(' ');
  return text === words.join(' ') ? null : text;
}
