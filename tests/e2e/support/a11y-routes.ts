import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Route patterns for the accessibility check (issue 18): every document the e2e suite loads is
 * reduced to the page that served it — `/products/100030` → `/products/:slug`,
 * `/manager/orders/20261126-0001` → `/manager/orders/:orderNo` — so axe runs once per page, not
 * once per product or order. The patterns come from the file routes in `src/pages`, named by their
 * parameters; error pages are one pattern per status (`(404)`), whatever address answered them.
 */

/** `src/pages`-relative file (`products/[slug]/index.astro`) → its pattern (`/products/:slug`). */
export function patternOfPageFile(file: string): string | null {
  const path = file.split(sep).join('/');
  if (!path.endsWith('.astro')) return null;
  const parts = path.replace(/\.astro$/, '').split('/');
  // `_Shell.astro` files are layouts of a folder, not pages
  if (parts.some((p) => p.startsWith('_'))) return null;
  if (parts.at(-1) === 'index') parts.pop();
  const segments = parts.map((p) => p.replace(/^\[\.\.\.(.+)\]$/, ':$1*').replace(/^\[(.+)\]$/, ':$1'));
  return `/${segments.join('/')}`;
}

/** Every page pattern of a `src/pages` folder. */
export function pagePatterns(pagesDir: string): string[] {
  const files = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' });
  return files
    .map((f) => patternOfPageFile(relative(pagesDir, join(pagesDir, f))))
    .filter((p): p is string => p !== null)
    .sort();
}

/** 0 for a static segment, 1 for a parameter, 2 for a rest parameter: Astro's route priority. */
const rank = (segment: string) => (segment.endsWith('*') ? 2 : segment.startsWith(':') ? 1 : 0);

function matches(pattern: string, segments: string[]): number[] | null {
  const parts = pattern.split('/').filter(Boolean);
  const ranks: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (rank(part) === 2) return segments.length >= i ? [...ranks, 2] : null;
    const segment = segments[i];
    if (segment === undefined) return null;
    if (rank(part) === 0 && part !== segment) return null;
    ranks.push(rank(part));
  }
  return parts.length === segments.length ? ranks : null;
}

function beats(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? -1;
    const y = b[i] ?? -1;
    if (x !== y) return x < y;
  }
  return false;
}

/**
 * The pattern of a document the browser loaded: its HTTP status when an error page answered it,
 * else the most specific page pattern matching its path (static segments beat parameters, as in
 * Astro's routing). A path no page matches keeps its words with every segment that holds a digit
 * replaced by `:n`.
 */
export function routeOf(url: string, patterns: readonly string[], status = 200): string {
  if (status >= 400) return `(${status >= 500 ? '5xx' : status})`;
  const pathname = new URL(url, 'http://localhost').pathname.replace(/\/+$/, '') || '/';
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  let best: { pattern: string; ranks: number[] } | null = null;
  for (const pattern of patterns) {
    const ranks = matches(pattern, segments);
    if (ranks && (!best || beats(ranks, best.ranks))) best = { pattern, ranks };
  }
  if (best) return best.pattern;
  return `/${segments.map((s) => (/\d/.test(s) ? ':n' : s)).join('/')}`;
}

export interface Coverage {
  /** Visited patterns axe never checked and no explicit entry covers: the run fails on these. */
  unchecked: string[];
  /** Patterns whose check found violations (each already failed its test). */
  failed: string[];
}

/** What the end of the run compares: visited patterns against checked and explicitly listed ones. */
export function coverage(
  visited: Iterable<string>,
  checked: Iterable<string>,
  failed: Iterable<string>,
  explicit: Iterable<string>,
): Coverage {
  const done = new Set([...checked, ...explicit]);
  const bad = new Set(failed);
  const unchecked = [...new Set(visited)].filter((p) => !done.has(p) && !bad.has(p)).sort();
  return { unchecked, failed: [...bad].sort() };
}
