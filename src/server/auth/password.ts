import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are hashed with argon2id (the library's default algorithm and OWASP's minimum
 * parameters: 19 MiB, 2 passes, 1 lane), salted per hash. Plain passwords are never stored,
 * logged or returned.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * A hash (same parameters as real ones) of a random password nobody kept, verified against when
 * the id does not exist. A constant, so even the first such login costs one verification only.
 */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$NZO+piUstuH4Z7sOU8cHWw$nXS1fOXjIorNfUbOebLOMp0clbgy1zQw9gB1QHF1MnQ';

/**
 * Checks a password against a stored hash. Without a hash (unknown id, social-only member) it
 * still runs one verification, so the answer takes as long and does not reveal which ids exist.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
