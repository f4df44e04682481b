import { useEffect, useState } from 'react';
import { formatPhone } from '../../lib/phone.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { $guestIdentity } from '../stores/guest.ts';
import { draftFor } from '../stores/order-draft.ts';
import {
  getOrderSheet,
  getSavedAddresses,
  getSheetCoupons,
  type OrderSheet,
  type SavedAddress,
  type SheetCoupons,
} from './checkout-api.ts';
import { addressFields, emptyForm, type CheckoutForm } from './checkout-form.ts';

/** Spec section 8: "failed to fetch address list". */
const ADDRESS_LIST_FAILED = '배송지 목록을 불러오지 못했습니다. 새 배송지를 입력해 주세요.';

export interface LoadedSheet {
  sheet: OrderSheet;
  /** The guest identity the sheet belongs to (null for a member's sheet). */
  guestToken: string | null;
  coupons: SheetCoupons | null;
  couponError: string | null;
  addresses: SavedAddress[];
  /** The last order's address, offered to fill the new-address fields (decision 030). */
  recentAddress: SavedAddress | null;
  addressError: string | null;
  /** The orderer from the profile, the default saved address, then whatever was typed before. */
  initialForm: CheckoutForm;
}

function liveGuestToken(): string | null {
  const g = $guestIdentity.get();
  return g && g.expiresAt > Date.now() ? g.guestToken : null;
}

/** A sheet that already bought its order (Back after paying): what the server said, and the order. */
export interface UsedSheet {
  message: string;
  orderNo: string;
}

/** The order sheet and, for members, their coupons for it and their saved addresses. */
export function useOrderSheet(orderSheetNo: string): {
  loaded: LoadedSheet | null;
  loadError: string | null;
  used: UsedSheet | null;
} {
  const [loaded, setLoaded] = useState<LoadedSheet | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [used, setUsed] = useState<UsedSheet | null>(null);

  useEffect(() => {
    const guestToken = liveGuestToken();
    void (async () => {
      try {
        const sheet = await getOrderSheet(orderSheetNo, guestToken);
        let coupons: SheetCoupons | null = null;
        let couponError: string | null = null;
        let addresses: SavedAddress[] = [];
        let recentAddress: SavedAddress | null = null;
        let addressError: string | null = null;
        if (sheet.extra.member) {
          const [c, a] = await Promise.allSettled([getSheetCoupons(orderSheetNo), getSavedAddresses()]);
          if (c.status === 'fulfilled') coupons = c.value;
          else {
            coupons = { cartAmt: 0, cartCoupons: [], products: [] };
            couponError = '쿠폰 정보를 불러오지 못했습니다.';
          }
          if (a.status === 'fulfilled') ({ booked: addresses, recent: recentAddress } = a.value);
          else addressError = ADDRESS_LIST_FAILED;
        }
        const preferred = addresses.find((x) => x.defaultYn === 'Y') ?? addresses[0];
        const draft = draftFor(orderSheetNo)?.form;
        const initialForm: CheckoutForm = {
          ...emptyForm(),
          ordererName: sheet.ordererContact.ordererName,
          ordererContact: formatPhone(sheet.ordererContact.ordererContact1),
          ordererEmail: sheet.ordererContact.ordererEmail,
          addressChoice: preferred ? preferred.addressNo : 'new',
          // no book yet: the last order's address is there already
          ...(!preferred && recentAddress ? addressFields(recentAddress) : {}),
          ...(draft ?? {}),
        };
        setLoaded({
          sheet,
          guestToken: sheet.extra.member ? null : guestToken,
          coupons,
          couponError,
          addresses,
          recentAddress,
          addressError,
          initialForm,
        });
      } catch (err) {
        if (
          err instanceof ApiError &&
          err.code === 'ORDER_SHEET_USED' &&
          typeof err.body.orderNo === 'string'
        )
          return setUsed({ message: errorMessage(err), orderNo: err.body.orderNo });
        setLoadError(
          err instanceof ApiError && err.status === 401
            ? '주문서를 볼 수 없습니다. 로그인하거나 장바구니에서 다시 주문해 주세요.'
            : errorMessage(err),
        );
      }
    })();
  }, [orderSheetNo]);

  return { loaded, loadError, used };
}
