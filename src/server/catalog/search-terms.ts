import { getChoseong } from 'es-hangul';

/**
 * Korean search terms (decision 031), the way Elasticsearch's `cjk_bigram` does it: Hangul is cut
 * into overlapping two-syllable tokens, so a word of any length is found through the index and
 * spacing stops mattering. The index side is SQL (migration 0025's view `product_terms_source`,
 * written by triggers); `indexTerms` says the same in TypeScript and a test keeps the two in step.
 * `parseSearch` turns a shopper's text into FTS5 queries over those tokens.
 */

const HANGUL = /[가-힣]/u;
/** Hangul compatibility jamo: what a keyboard types for a lone consonant (ㄱ … ㅎ, ㅏ … ㅣ). */
const JAMO = /[ㄱ-ㅣ]/u;
/** Runs of one script in a word: Hangul syllables, jamo, or letters and digits of any other script. */
const RUNS = /[가-힣]+|[ㄱ-ㅣ]+|[^\sㄱ-ㅣ가-힣\p{P}\p{S}]+/gu;

/** Longest word part that is split into two pieces to forgive a space (longer ones stay whole). */
const MAX_SPLIT_LENGTH = 12;
const MAX_WORDS = 10;

/**
 * Two-letter tokens of each run of `isLetter` characters, and each run's last letter alone (so a
 * one-letter query is a prefix query that finds a letter at any place).
 */
function bigramStream(text: string, isLetter: (ch: string) => boolean): string[] {
  const chars = [...text];
  const out: string[] = [];
  chars.forEach((ch, i) => {
    if (!isLetter(ch)) return;
    const next = chars[i + 1];
    out.push(next !== undefined && isLetter(next) ? ch + next : ch);
  });
  return out;
}

const noSpaces = (text: string) => text.replace(/ /g, '');

export interface IndexedTexts {
  name: string;
  keywords: string;
  brand: string | null;
  partner: string;
}

export interface IndexTerms {
  grams: string;
  words: string;
  initials: string;
}

/** What the index holds for a product (mirror of `product_terms_source`). */
export function indexTerms(p: IndexedTexts): IndexTerms {
  const brand = p.brand ?? '';
  const g = noSpaces([p.name, p.keywords, brand, p.partner].join('|'));
  const i = noSpaces([p.name, brand].join('|'));
  const initials = bigramStream(toInitials(i), (ch) => JAMO.test(ch));
  return {
    grams: bigramStream(g, (ch) => HANGUL.test(ch)).join(' '),
    words: [p.name, p.keywords, brand, p.partner].join(' '),
    initials: initials.join(' '),
  };
}

/** Each Hangul syllable as its initial consonant (es-hangul), anything else as a separator. */
function toInitials(text: string): string {
  return [...text].map((ch) => (HANGUL.test(ch) ? getChoseong(ch) : '|')).join('');
}

// -------------------------------------------------------------------------------------- queries

const phrase = (column: string, tokens: readonly string[]) => `${column} : "${tokens.join(' ')}"`;

/** One Hangul run as an FTS5 query on `grams`: its bigrams as a phrase, or a one-syllable prefix. */
function hangulQuery(run: string): string {
  const tokens = bigramStream(run, (ch) => HANGUL.test(ch));
  return run.length === 1 ? `grams : "${run}" *` : phrase('grams', tokens.slice(0, -1));
}

/** A run of jamo: initial consonants (초성) of a name, as bigrams or a one-letter prefix. */
function jamoQuery(run: string): string {
  const tokens = bigramStream(run, (ch) => JAMO.test(ch));
  return run.length === 1 ? `initials : "${run}" *` : phrase('initials', tokens.slice(0, -1));
}

/** Letters and digits of other scripts: a word prefix (`words`, unicode61 folds the case). */
const wordQuery = (run: string) => `words : "${run.toLowerCase()}" *`;

function runQuery(run: string): string {
  if (HANGUL.test(run[0] ?? '')) return hangulQuery(run);
  if (JAMO.test(run[0] ?? '')) return jamoQuery(run);
  return wordQuery(run);
}

const and = (parts: readonly string[]) =>
  parts.length === 1 ? parts[0]! : parts.map((p) => `(${p})`).join(' AND ');
const or = (parts: readonly string[]) => {
  const unique = [...new Set(parts)];
  return unique.length === 1 ? unique[0]! : unique.map((p) => `(${p})`).join(' OR ');
};

/**
 * The ways a long Hangul run may be cut once into two pieces of two or more syllables that may
 * stand apart in the name: 세탁기패드 also finds 세탁기 방진패드 (세탁기 … 패드), the space the
 * shopper left out. Cheap forgiveness, not spelling correction (decision 031).
 */
function cuts(run: string): [string, string][] {
  const chars = [...run];
  if (!HANGUL.test(run[0] ?? '') || chars.length < 4 || chars.length > MAX_SPLIT_LENGTH) return [];
  const out: [string, string][] = [];
  for (let at = 2; at <= chars.length - 2; at++)
    out.push([chars.slice(0, at).join(''), chars.slice(at).join('')]);
  return out;
}

export interface SearchQuery {
  /**
   * Everything the search finds (FTS5 MATCH over `product_terms`): the text as written with its
   * spaces taken out, or each of its words on its own, or a long word cut in two (the text as
   * written is in both of the others, so it is named only when there are none).
   */
  match: string;
  /**
   * The products that hold the text as written, spaces aside: ranked before the rest. Null when
   * it is the same as `match` (nothing to rank apart).
   */
  exact: string | null;
}

/**
 * A shopper's search text (several texts are joined) as FTS5 queries; null when the text holds
 * no letter or digit (nothing to search for: the caller lists nothing). Every token is quoted, so
 * FTS5 operators and column names typed by the shopper are only text.
 */
export function parseSearch(...texts: (string | undefined)[]): SearchQuery | null {
  const words = [
    ...new Set(
      texts
        .flatMap((t) => (t ?? '').normalize('NFC').split(/\s+/u))
        .filter(Boolean)
        .slice(0, MAX_WORDS),
    ),
  ];
  const runsOf = (text: string) => text.match(RUNS) ?? [];
  // the text with its spaces taken out: Hangul runs either side of a space become one, as in the index
  const joined: string[] = [];
  for (const word of words) {
    runsOf(word).forEach((run, i) => {
      const last = joined.length - 1;
      if (i === 0 && last >= 0 && HANGUL.test(run[0] ?? '') && HANGUL.test(joined[last]?.at(-1) ?? ''))
        joined[last] += run;
      else joined.push(run);
    });
  }
  if (joined.length === 0) return null;
  const exact = and(joined.map(runQuery));
  const split = joined.flatMap((run, k) =>
    cuts(run).map((pieces) => and(joined.flatMap((r, i) => (i === k ? pieces : [r])).map(runQuery))),
  );
  // every other way holds the text as written (a cut's pieces and each word are parts of it), so
  // the match leaves it out when there is another way: FTS5 then reads no position lists for it
  const wider = [...split, and(words.flatMap(runsOf).map(runQuery))].filter((q) => q !== exact);
  const match = wider.length > 0 ? or(wider) : exact;
  return { match, exact: match === exact ? null : exact };
}
