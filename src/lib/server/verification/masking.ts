/**
 * Masking for answers that go to somebody who has not logged in (find id, search account,
 * existing account): enough to recognise one's own data, not enough to use it.
 */

/** "podo123" → "po***23"; short ids keep only their first character. */
export function maskMemberId(id: string): string {
  if (id.length <= 4) return id.slice(0, 1) + '*'.repeat(Math.max(id.length - 1, 1));
  return `${id.slice(0, 2)}${'*'.repeat(id.length - 4)}${id.slice(-2)}`;
}

/** "hong.gildong@example.com" → "ho**********@example.com". */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '*'.repeat(email.length);
  const local = email.slice(0, at);
  const keep = local.length <= 2 ? 1 : 2;
  return `${local.slice(0, keep)}${'*'.repeat(local.length - keep)}${email.slice(at)}`;
}

/** "01012345678" → "010****5678". */
export function maskMobile(mobileNo: string): string {
  if (mobileNo.length < 8) return '*'.repeat(mobileNo.length);
  return `${mobileNo.slice(0, 3)}${'*'.repeat(mobileNo.length - 7)}${mobileNo.slice(-4)}`;
}

/** "홍길동" → "홍*동", "홍길" → "홍*". */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
