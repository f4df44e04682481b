import { createHash, randomBytes } from 'node:crypto';

/** An opaque secret: 256 random bits, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How secrets are kept in the database: SHA-256, hex. A leaked table yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Tokens we issue are 43 base64url characters; anything else is not worth a database lookup. */
export function looksLikeToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
