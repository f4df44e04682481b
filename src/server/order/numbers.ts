import { randomBytes, randomInt } from 'node:crypto';

/**
 * Numbers handed to shoppers. Order and order-sheet numbers are Shopby-like digit strings: the
 * Seoul date, then random digits (not a counter, so they reveal no sales volume and are not
 * guessable). Collisions are refused by the primary key and retried by the caller.
 */

function seoulDate(now: Date): string {
  const d = new Date(now.getTime() + 9 * 60 * 60 * 1000);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

function digits(n: number): string {
  let s = '';
  while (s.length < n) s += String(randomInt(0, 1_000_000_000)).padStart(9, '0');
  return s.slice(0, n);
}

/** "20250601" + 10 random digits (18 characters). */
export function newOrderNo(now = new Date()): string {
  return `${seoulDate(now)}${digits(10)}`;
}

/** "20250601" + 12 random digits (20 characters). */
export function newOrderSheetNo(now = new Date()): string {
  return `${seoulDate(now)}${digits(12)}`;
}

/** Our id for a payment at the provider (PortOne lets the merchant choose it): 'pay_' + 128 random bits. */
export function newPaymentId(): string {
  return `pay_${randomBytes(16).toString('hex')}`;
}

/** A primary-key clash (the random number was taken): try again with a new one. */
export function isUniqueClash(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed|PRIMARY KEY/i.test(err.message);
}
