/**
 * The shopper's recent searches, kept in this browser only (never sent to the server): newest
 * first, at most ten, a repeat moved to the front.
 */
export const RECENT_KEY = 'podo:recent-searches';
const MAX_RECENT = 10;

export function readRecent(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX_RECENT)
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(
  keyword: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): string[] {
  const k = keyword.replace(/\s+/g, ' ').trim().slice(0, 100);
  const list = readRecent(storage);
  if (!k) return list;
  const next = [k, ...list.filter((x) => x !== k)].slice(0, MAX_RECENT);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // storage full or refused: the list just is not kept
  }
  return next;
}

/**
 * A search sent from the box, kept for this tab by the box's own small script
 * (`SearchBox.astro`) the moment it is sent — before the suggestions' module may have arrived — and
 * added to the recent searches by `takeSentSearch` when the suggestions next load.
 */
export const SENT_KEY = 'podo:search-sent';

/** The search the box sent last, added to the recent searches once (see `SENT_KEY`). */
export function takeSentSearch(
  sent: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): string[] {
  let keyword: string | null = null;
  try {
    keyword = sent.getItem(SENT_KEY);
    sent.removeItem(SENT_KEY);
  } catch {
    // storage refused: nothing was kept
  }
  return keyword === null ? readRecent(storage) : rememberSearch(keyword, storage);
}

export function forgetSearches(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  storage.removeItem(RECENT_KEY);
}
