import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque secret (256 bits, base64url) for keys, tokens and OAuth states. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric one-time code with leading zeros, e.g. "042917". */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** What the database stores instead of a secret. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests of the same algorithm. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function isoAfter(now: Date, seconds: number): string {
  return new Date(now.getTime() + seconds * 1000).toISOString();
}

/** Seconds from `now` until `iso`, never negative. */
export function secondsUntil(now: Date, iso: string): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));
}
