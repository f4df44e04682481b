/**
 * Barcodes of the shop's options. EAN-13 is what manufacturers print (its last digit a check digit
 * over the other twelve); options without one get an in-house code, printed as Code 128: `PD` and
 * the option number, eight digits (`PD00100123`), unique because option numbers are.
 */

/** The check digit of the first twelve digits of an EAN-13. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs twelve digits: ${first12}`);
  const sum = [...first12].reduce((a, d, i) => a + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** True for thirteen digits whose last is the right check digit. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** A full EAN-13 from its first twelve digits. */
export function ean13(first12: string): string {
  return `${first12}${ean13CheckDigit(first12)}`;
}

/** The shop's own code for an option without a manufacturer's barcode (Code 128). */
export function inHouseCode(optionNo: number): string {
  return `PD${String(optionNo).padStart(8, '0')}`;
}

export const IN_HOUSE_PATTERN = /^PD\d{8}$/;

/**
 * The demo shop's EAN-13 of a demo option: `8800000`, the option number's last five digits (demo
 * options are numbered product × 100 + n, so these are unique over the demo catalogue), the check digit.
 */
export function demoEan13(optionNo: number): string {
  return ean13(`8800000${String(optionNo % 100_000).padStart(5, '0')}`);
}
