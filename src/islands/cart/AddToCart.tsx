import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { ADD_TO_CART_EVENT, type AddToCartDetail } from '../catalog/events.ts';
import GuestGuideModal from '../editor/GuestGuideModal.tsx';
import { addToMemberCart, createOrderSheet } from '../stores/cart.ts';
import { startOrderDraft } from '../stores/order-draft.ts';
import { addGuestCartLine, priceGuestLines } from '../stores/guest-cart.ts';
import { $guestIdentity, type GuestIdentity } from '../stores/guest.ts';
import { $memberSession } from '../stores/session.ts';
import { showToast } from '../stores/toast.ts';

export interface AddToCartProps {
  /** The page's product is print-on-demand: a visitor with no identity gets the guest guide first. */
  customizable: boolean;
  /** The server saw a member session when it rendered the page. */
  member: boolean;
}

const ADDED_MESSAGE = '장바구니에 상품을 담았습니다.';
const ALREADY_IN_CART = '이미 장바구니에 있는 상품입니다. 수량이 추가되었습니다.';
/** Spec section 8: "add to cart again (cart registration failed)". */
const ADD_FAILED = '장바구니 담기에 실패했습니다. 다시 시도해 주세요.';

type Line = Pick<AddToCartDetail, 'productNo' | 'optionNo' | 'orderCnt' | 'optionInputs'>;

const lineOf = (d: AddToCartDetail): Line => ({
  productNo: d.productNo,
  optionNo: d.optionNo,
  orderCnt: d.orderCnt,
  optionInputs: d.optionInputs,
});

function added(detail: AddToCartDetail, increased: boolean) {
  showToast({
    message: ADDED_MESSAGE,
    imageUrl: detail.imageUrl,
    customMessage: increased ? ALREADY_IN_CART : `${detail.productName} ${detail.orderCnt}개`,
    messageType: 'success',
  });
}

function failed(err: unknown) {
  const detail = errorMessage(err);
  showToast({
    message: ADD_FAILED,
    customMessage: detail !== ADD_FAILED ? detail : undefined,
    messageType: 'error',
  });
}

async function toMemberCart(detail: AddToCartDetail): Promise<void> {
  const [line] = await addToMemberCart([lineOf(detail)]);
  added(detail, line?.increased === true);
}

/**
 * A guest line is checked by the server first (unknown option, missing input, sold out), then
 * kept in the browser following the guest cart rules; prices come from the server on the cart page.
 */
async function toGuestCart(detail: AddToCartDetail): Promise<void> {
  const view = await priceGuestLines([{ ...lineOf(detail), cartNo: 0 }]);
  const priced = view.deliveryGroups.flatMap((g) => g.orderProducts.flatMap((p) => p.orderProductOptions))[0];
  if (!priced || priced.soldOut || !priced.validInfo.valid) {
    throw new ApiError(409, 'SOLD_OUT', priced?.validInfo.message || '품절된 상품입니다.');
  }
  const { increased } = addGuestCartLine({
    ...lineOf(detail),
    productName: detail.productName,
    imageUrl: detail.imageUrl,
    optionTitle: priced.optionTitle || undefined,
  });
  added(detail, increased);
}

/** Spec section 8's words when the order sheet cannot be made. */
const BUY_FAILED = '주문서를 만들지 못했습니다. 다시 시도해 주세요.';

/**
 * 바로 구매: an order sheet of this one line (POST /shop-api/order-sheets with `products`, priced
 * by the server exactly as a sheet made from the cart), then its checkout page. The cart is not
 * touched.
 */
async function buyNow(detail: AddToCartDetail, guest: GuestIdentity | null): Promise<void> {
  const orderSheetNo = await createOrderSheet({ products: [lineOf(detail)] }, guest?.guestToken);
  startOrderDraft({ orderSheetNo, from: 'product', guestCartNos: [] });
  window.location.assign(`/order/${orderSheetNo}/checkout`);
}

/** Who is adding: a member (session seeded on the page, or seen by the server), or not. */
function isMember(serverSaw: boolean): boolean {
  return $memberSession.get() !== null || serverSaw;
}

function liveGuestIdentity(): GuestIdentity | null {
  const identity = $guestIdentity.get();
  return identity !== null && identity.expiresAt > Date.now() ? identity : null;
}

/**
 * The product page's add-to-cart: takes the option picker's `podo:add-to-cart` event and puts the
 * line in the member cart (POST /shop-api/cart) or the guest cart, with the toast. A visitor with
 * neither identity who adds a print-on-demand product sees the guest guide modal first (spec
 * section 6); ordinary products go to the guest cart straight away.
 */
export default function AddToCart({ customizable, member }: AddToCartProps) {
  /** The guest guide is open, for a cart line or a purchase. */
  const [guide, setGuide] = useState<AddToCartDetail['intent'] | null>(null);
  const pending = useRef<AddToCartDetail | null>(null);
  const busy = useRef(false);

  const run = useCallback(
    async (detail: AddToCartDetail) => {
      if (busy.current) return;
      busy.current = true;
      try {
        if (detail.intent === 'buy') await buyNow(detail, isMember(member) ? null : liveGuestIdentity());
        else if (isMember(member)) await toMemberCart(detail);
        else await toGuestCart(detail);
      } catch (err) {
        if (detail.intent === 'buy') {
          showToast({
            message: BUY_FAILED,
            customMessage: err instanceof ApiError && err.status < 500 ? err.message : undefined,
            messageType: 'error',
          });
        } else if (err instanceof ApiError && err.status === 401) {
          showToast({
            message: ADD_FAILED,
            customMessage: '로그인 시간이 만료되었습니다. 다시 로그인해 주세요.',
            messageType: 'error',
          });
        } else {
          failed(err);
        }
      } finally {
        busy.current = false;
      }
    },
    [member],
  );

  const onAdd = useEffectEvent((event: CustomEvent<AddToCartDetail>) => {
    event.preventDefault();
    const detail = event.detail;
    // a visitor buys as a guest (an order needs an identity); a custom product's cart line too
    const needsIdentity = detail.intent === 'buy' || customizable;
    if (needsIdentity && !isMember(member) && liveGuestIdentity() === null) {
      pending.current = detail;
      setGuide(detail.intent);
      return;
    }
    void run(detail);
  });

  useEffect(() => {
    const listener = (event: CustomEvent<AddToCartDetail>) => onAdd(event);
    document.addEventListener(ADD_TO_CART_EVENT, listener);
    return () => document.removeEventListener(ADD_TO_CART_EVENT, listener);
  }, []);

  return (
    <GuestGuideModal
      open={guide !== null}
      reason={
        guide === 'buy'
          ? '바로 구매하려면 로그인하거나 비회원으로 계속해 주세요.'
          : '주문 제작 상품을 장바구니에 담으려면 로그인하거나 비회원으로 계속해 주세요.'
      }
      onGuest={() => {
        setGuide(null);
        const detail = pending.current;
        pending.current = null;
        if (detail) void run(detail);
      }}
      onClose={() => {
        pending.current = null;
        setGuide(null);
      }}
    />
  );
}
