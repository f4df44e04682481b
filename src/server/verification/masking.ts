import { maskPhone } from '../../lib/phone.ts';

/**
 * Masking for answers that go to somebody who has not logged in (find id, search account,
 * existing account): enough to recognise one's own data, not enough to use it.
 */

/**
 * The one masking rule for member ids, everywhere an id is shown to somebody who may not own it
 * (find id, search account, existing account, mobile exist): the first two and the last two
 * characters around a fixed `***`, so the mask does not tell the id's length either:
 * "podo123" → "po***23". Shorter ids show less, so at least three characters stay hidden:
 * 5–6 characters keep one at each end ("abcde" → "a***e"), 2–4 only the first ("abcd" → "a***"),
 * and a single character shows nothing ("***").
 */
export function maskMemberId(id: string): string {
  const chars = [...id];
  const n = chars.length;
  if (n >= 7) return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
  if (n >= 5) return `${chars[0]}***${chars[n - 1]}`;
  if (n >= 2) return `${chars[0]}***`;
  return '***';
}

/** "hong.gildong@example.com" → "ho**********@example.com". */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '*'.repeat(email.length);
  const local = email.slice(0, at);
  const keep = local.length <= 2 ? 1 : 2;
  return `${local.slice(0, keep)}${'*'.repeat(local.length - keep)}${email.slice(at)}`;
}

/** "01012345678" → "010-****-5678": the shop's phone shape (src/lib/phone.ts) with its middle hidden. */
export function maskMobile(mobileNo: string): string {
  return maskPhone(mobileNo);
}

/** "홍길동" → "홍*동", "홍길" → "홍*": the back office's rule (src/lib/masking.ts). */
export { maskName } from '../../lib/masking.ts';
