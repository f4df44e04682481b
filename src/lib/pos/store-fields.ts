/**
 * The fields of a store that have a Korean form: the 사업자등록번호 (ten digits, the last a check
 * digit over the other nine) and a telephone number. Used by the back office's form and list and
 * by the server's schema (src/server/pos/stores-schema.ts), so both read a number the same way.
 */

const BUSINESS_NO_WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5] as const;

/** The check digit of the first nine digits of a 사업자등록번호 (국세청's rule). */
export function businessNoCheckDigit(first9: string): number {
  if (!/^\d{9}$/.test(first9)) throw new Error(`사업자등록번호 needs nine digits: ${first9}`);
  const digits = [...first9].map(Number);
  const weighted = digits.reduce((sum, d, i) => sum + d * BUSINESS_NO_WEIGHTS[i]!, 0);
  // the ninth digit also adds the tens of its weighted value (d × 5 ≥ 10 for d ≥ 2)
  const total = weighted + Math.floor((digits[8]! * 5) / 10);
  return (10 - (total % 10)) % 10;
}

/** True for ten digits whose last is the right check digit. */
export function isValidBusinessNo(digits: string): boolean {
  return /^\d{10}$/.test(digits) && businessNoCheckDigit(digits.slice(0, 9)) === Number(digits[9]);
}

/** Why a typed 사업자등록번호 is not acceptable (null when it is, or when left blank). */
export function businessNoProblem(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (digits === '') return null;
  if (!/^\d+$/.test(digits)) return '사업자등록번호는 숫자와 하이픈(-)만 입력해 주세요.';
  if (digits.length !== 10) return '사업자등록번호 10자리를 123-45-67890처럼 입력해 주세요.';
  if (!isValidBusinessNo(digits))
    return '올바른 사업자등록번호가 아닙니다(마지막 검증 숫자가 맞지 않습니다). 사업자등록증의 번호를 다시 확인해 주세요.';
  return null;
}

/** "1234567891" → "123-45-67891"; anything else as it is. */
export function formatBusinessNo(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : value;
}

/**
 * A telephone number with its hyphens: 02 (Seoul) 9–10 digits → 02-123-4567 / 02-1234-5678; other
 * area codes and mobiles 10–11 digits → 031-123-4567 / 010-1234-5678; a nationwide number of eight
 * digits (15xx, 16xx, 18xx) → 1588-1234. Anything else as it is.
 */
export function formatStorePhone(value: string): string {
  const d = value.replace(/\D/g, '');
  if (d.startsWith('02') && (d.length === 9 || d.length === 10))
    return `02-${d.slice(2, d.length - 4)}-${d.slice(-4)}`;
  if (d.startsWith('0') && (d.length === 10 || d.length === 11))
    return `${d.slice(0, 3)}-${d.slice(3, d.length - 4)}-${d.slice(-4)}`;
  if (/^1[5-8]\d{6}$/.test(d)) return `${d.slice(0, 4)}-${d.slice(4)}`;
  return value;
}

/** Why a typed store telephone number is not acceptable (null when it is, or when left blank). */
export function storePhoneProblem(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return null;
  if (!/^[\d\s-]+$/.test(trimmed)) return '전화번호는 숫자와 하이픈(-)만 입력해 주세요.';
  const digits = trimmed.replace(/\D/g, '');
  // a number of none of the known shapes comes back from formatStorePhone as it went in
  if (formatStorePhone(digits) === digits)
    return '전화번호를 02-123-4567, 010-1234-5678처럼 지역번호부터 입력해 주세요.';
  return null;
}
