import {
  DEFAULT_RANGE,
  isRangeKey,
  isYmd,
  rangeOf,
  todayYmd,
  type RangeKey,
} from '../../lib/order-claims.ts';
import { resolveRange } from '../../server/order/index.ts';
import { AppError } from '../../server/platform/errors.ts';

/**
 * The date range my page's purchase lists read from their address (온라인 주문 and 매장 구매 alike):
 * a shortcut (`range=1w`, 3 months when absent or unknown) or a custom Seoul range (`startYmd`,
 * `endYmd`, either may be empty). A date that is not a real date, or a start after the end, becomes
 * `error` (the page answers 400) and the default range is shown instead.
 */

export interface OrderRange {
  /** The shortcut in use; null for a custom range. */
  rangeKey: RangeKey | null;
  custom: boolean;
  /** The custom dates as typed, to show them again. */
  rawStart: string;
  rawEnd: string;
  range: { startYmd: string; endYmd: string };
  error: string | null;
  /** What the list's other links keep of the range. */
  rangeParams: Record<string, string>;
}

export function readOrderRange(q: URLSearchParams, now = new Date()): OrderRange {
  const rawStart = q.get('startYmd') ?? '';
  const rawEnd = q.get('endYmd') ?? '';
  const custom = rawStart !== '' || rawEnd !== '';
  const asked = q.get('range');
  const rangeKey: RangeKey | null = custom ? null : isRangeKey(asked) ? asked : DEFAULT_RANGE;
  let error: string | null = null;
  let range = rangeOf(rangeKey ?? DEFAULT_RANGE, todayYmd(now));
  if (custom) {
    if ((rawStart && !isYmd(rawStart)) || (rawEnd && !isYmd(rawEnd))) {
      error = '날짜는 2024-01-31 같은 형식의 실제 날짜로 입력해 주세요. (2000년부터 2099년까지)';
    } else {
      try {
        range = resolveRange({ startYmd: rawStart || undefined, endYmd: rawEnd || undefined }, now);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        error = err.message;
      }
    }
  }
  const rangeParams: Record<string, string> =
    custom && !error
      ? { startYmd: range.startYmd, endYmd: range.endYmd }
      : { range: rangeKey ?? DEFAULT_RANGE };
  return { rangeKey, custom, rawStart, rawEnd, range, error, rangeParams };
}
