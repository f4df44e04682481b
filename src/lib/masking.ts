/**
 * How the back office shows a member's personal data before a manager asks to see it (decision
 * 025): enough to recognise a member on the phone, never enough to copy. The server masks; the
 * unmasked values leave it only through the logged reveal.
 */
import { maskPhone as maskPhoneShape } from './phone.ts';

/** 김*수, 김*, 남궁**수; a one-letter name becomes *. */
export function maskName(name: string | null | undefined): string {
  const chars = [...(name ?? '')];
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** 010-****-5678: the shop's phone shape (src/lib/phone.ts) with its middle group hidden. */
export function maskPhone(digits: string | null | undefined): string {
  return digits ? maskPhoneShape(digits) : '';
}

/** ab***@naver.com: two letters of the name before @ (one when it is that short), the domain kept. */
export function maskEmail(email: string | null | undefined): string {
  const e = email ?? '';
  const at = e.lastIndexOf('@');
  if (at < 0) return e ? `${e.slice(0, 1)}***` : '';
  const local = e.slice(0, at);
  const keep = local.length <= 2 ? 1 : 2;
  return `${local.slice(0, keep)}***${e.slice(at)}`;
}

/** 서울특별시 강남구 ***: the first two words of the road address, nothing of the rest. */
export function maskAddress(address: string | null | undefined): string {
  const words = (address ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  return `${words.slice(0, 2).join(' ')} ***`;
}

/** 1990-**-** from 19900315. */
export function maskBirthday(ymd: string | null | undefined): string {
  return ymd && /^\d{8}$/.test(ymd) ? `${ymd.slice(0, 4)}-**-**` : '';
}
