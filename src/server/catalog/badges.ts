/**
 * The badges of a product card (decision 030), worked out from the catalogue's own data: 무료배송
 * from the delivery template, NEW from the registration date, BEST with the product's rank among
 * the listed products by units sold (the list SQL gives `best_rank`, list-repo.ts). Sold out is
 * the list item's `isSoldOut`.
 */

/** A product is NEW for this many days after it was registered. */
export const NEW_FOR_DAYS = 30;
/** Only the first ten best sellers wear BEST and their rank. */
export const BEST_RANKS = 10;

const DAY_MS = 86_400_000;

export interface ProductBadges {
  freeDelivery: boolean;
  isNew: boolean;
  /** 1 for the best seller; null outside the first BEST_RANKS or when nothing was sold. */
  bestRank: number | null;
}

export interface BadgeRow {
  delivery_condition_type: 'FREE' | 'CONDITIONAL' | 'FIXED_FEE';
  register_ymdt: string;
  best_rank: number | null;
}

export function productBadges(row: BadgeRow, now: Date): ProductBadges {
  const age = now.getTime() - Date.parse(row.register_ymdt);
  return {
    freeDelivery: row.delivery_condition_type === 'FREE',
    isNew: age >= 0 && age <= NEW_FOR_DAYS * DAY_MS,
    bestRank: row.best_rank !== null && row.best_rank <= BEST_RANKS ? row.best_rank : null,
  };
}
