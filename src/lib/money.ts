const won = new Intl.NumberFormat('ko-KR');

/** 12900 → "12,900원". Money is always integer won. */
export function formatWon(amount: number): string {
  return `${won.format(Math.trunc(amount))}원`;
}

/** Price after an immediate discount given as amount (WON) or percent (RATE), never below 0. */
export function discountedPrice(salePrice: number, value: number, unit: 'WON' | 'RATE'): number {
  const off = unit === 'RATE' ? Math.floor((salePrice * Math.min(value, 100)) / 100) : value;
  return Math.max(0, salePrice - off);
}
