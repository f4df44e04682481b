/**
 * The one way the shop writes a phone number (010-1234-5678), for shoppers and staff alike:
 * my page, the checkout, the back office, the custom-order pages, the counter's pages and
 * receipts. Numbers are kept as digits; this is only how they read.
 */

/** Keeps only the digits of a phone-like input ("010-1234-5678" → "01012345678"). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** The digit groups of a Korean number (02 and 3-digit area codes, mobiles, 1588 and 0505 numbers). */
function groupsOf(d: string): [string, string, string] | [string, string] | null {
  if (/^02\d{7,8}$/.test(d)) return ['02', d.slice(2, -4), d.slice(-4)];
  if (/^0\d{9,10}$/.test(d)) return [d.slice(0, 3), d.slice(3, -4), d.slice(-4)];
  if (/^050\d{9}$/.test(d)) return [d.slice(0, 4), d.slice(4, 8), d.slice(8)];
  if (/^1\d{7}$/.test(d)) return [d.slice(0, 4), d.slice(4)];
  return null;
}

/**
 * "01012345678" → "010-1234-5678", "0212345678" → "02-1234-5678", "15881234" → "1588-1234".
 * Anything that is not a Korean number (a foreign one, a typo) stays as it was written.
 */
export function formatPhone(value: string): string {
  const groups = groupsOf(phoneDigits(value));
  return groups ? groups.join('-') : value.trim();
}

/** The same shape with the middle group hidden: "01012345678" → "010-****-5678". */
export function maskPhone(value: string): string {
  const groups = groupsOf(phoneDigits(value));
  if (!groups) return '*'.repeat(phoneDigits(value).length);
  return groups.map((g, i) => (i === 1 && groups.length === 3 ? '*'.repeat(g.length) : g)).join('-');
}
