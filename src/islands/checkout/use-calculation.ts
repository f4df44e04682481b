import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { calculateOrderSheet, type CalculateRequest, type CalculateResponse } from './checkout-api.ts';

export interface Calculation {
  /** The last answer of POST /order-sheets/{no}/calculate (null until one, or after a refusal). */
  calc: CalculateResponse | null;
  busy: boolean;
  couponError: string | null;
  pointsError: string | undefined;
  /** Anything else the server refused (the sheet expired …). */
  otherError: string | null;
  setCalc: (calc: CalculateResponse) => void;
  /** Ask again (after the server said the amount changed). */
  recalculate: () => void;
}

/**
 * The amount of the order, always the server's: asked again (250 ms after the last change)
 * whenever the request — zip code, coupons, points — changes. Coupon and points refusals are kept
 * apart so the page can show them by their fields; a points refusal asks again without the points,
 * so the summary keeps every other amount (coupons, the remote-area fee) while the field is wrong.
 */
export function useCalculation(
  orderSheetNo: string,
  body: CalculateRequest,
  guestToken: string | null,
  initialCouponError: string | null,
): Calculation {
  const [calc, setCalc] = useState<CalculateResponse | null>(null);
  const [busy, setBusy] = useState(true);
  const [tick, setTick] = useState(0);
  const [couponError, setCouponError] = useState<string | null>(initialCouponError);
  const [pointsError, setPointsError] = useState<string | undefined>();
  const [otherError, setOtherError] = useState<string | null>(null);
  const key = JSON.stringify(body);

  // a new request (or "ask again"): busy from this render until the server has answered it
  const request = JSON.stringify([key, tick, orderSheetNo, guestToken]);
  const [asked, setAsked] = useState(request);
  if (asked !== request) {
    setAsked(request);
    setBusy(true);
  }

  useEffect(() => {
    const ac = new AbortController();
    const asked = JSON.parse(key) as CalculateRequest;
    const aborted = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';
    const timer = setTimeout(() => {
      calculateOrderSheet(orderSheetNo, asked, guestToken, ac.signal).then(
        (res) => {
          setCalc(res);
          setBusy(false);
          setCouponError(null);
          setPointsError(undefined);
          setOtherError(null);
        },
        (err: unknown) => {
          if (aborted(err)) return;
          const code = err instanceof ApiError ? err.code : '';
          if (code.startsWith('POINTS') && (asked.accumulationUseAmt ?? 0) > 0) {
            // the points are refused, the rest is not: show the order's amounts without them
            setPointsError(errorMessage(err));
            calculateOrderSheet(
              orderSheetNo,
              { ...asked, accumulationUseAmt: 0 },
              guestToken,
              ac.signal,
            ).then(
              (res) => {
                setCalc(res);
                setBusy(false);
                setCouponError(null);
                setOtherError(null);
              },
              (again: unknown) => {
                if (aborted(again)) return;
                setBusy(false);
                setCalc(null);
                setOtherError(errorMessage(again));
              },
            );
            return;
          }
          setBusy(false);
          setCalc(null);
          if (code.startsWith('COUPON')) setCouponError(errorMessage(err));
          else if (code.startsWith('POINTS')) setPointsError(errorMessage(err));
          else setOtherError(errorMessage(err));
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [key, tick, orderSheetNo, guestToken]);

  return {
    calc,
    busy,
    couponError,
    pointsError,
    otherError,
    setCalc: (c) => setCalc(c),
    recalculate: () => setTick((t) => t + 1),
  };
}
