import type { ArtKind } from './artwork.ts';

/** An option value, optionally with an extra price in won (`['대 (12cm)', 2000]`). */
export type OptionValue = string | readonly [value: string, addPrice: number];

export interface OptionsSeed {
  /** Up to four dimension labels, e.g. ['색상', '사이즈']. */
  labels: string[];
  /** One list of values per label; every combination becomes a sellable option. */
  values: OptionValue[][];
  /** Combinations ('|'-joined values) whose stock is 0. */
  soldOut?: string[];
  /** Combinations marked sold out by the manager regardless of stock. */
  forcedSoldOut?: string[];
}

export interface DiscountSeed {
  value: number;
  unit: 'WON' | 'RATE';
  /** Discount period in days relative to the seed time (negative = in the future). */
  startDaysAgo?: number;
  endDaysAgo?: number;
}

export type PartnerKey = 'self' | 'daehan' | 'bareun' | 'cozy';
export type BrandKey = 'self' | 'silentStep' | 'fitmate' | 'ecoyoga' | 'cozyroom';

/** One demo product as a shop owner would describe it; `build.ts` turns it into rows. */
export interface ProductSeed {
  no: number;
  slug: string;
  name: string;
  partner: PartnerKey;
  brand?: BrandKey;
  /** Delivery template number; defaults to the partner's usual template. */
  delivery?: number;
  /** Display categories, the most specific first. */
  categories: number[];
  standardCategory?: number;
  price: number;
  discount?: DiscountSeed;
  /** Omitted: one default option row. `stock` applies to that row. */
  options?: OptionsSeed;
  stock?: number;
  inputs?: { label: string; required?: boolean; maxLength?: number }[];
  customizable?: boolean;
  status?: 'ONSALE' | 'STOP' | 'FINISHED';
  forcedSoldOut?: boolean;
  /** Not listed anywhere, reachable only by its address (test products). */
  hidden?: boolean;
  maxBuyTimeCnt?: number;
  art: { kind: ArtKind; color: string; accent?: string; images?: 1 | 2 | 3 };
  summary: string;
  promotion?: string;
  keywords: string;
  features: string[];
  specs: [label: string, value: string][];
  /** Units sold so far; reviews and likes are derived from it. */
  sales: number;
  md?: number;
  /** Registered this many days before the seed time. */
  daysAgo: number;
}
