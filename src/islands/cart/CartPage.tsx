import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { formatWon } from '../../lib/money.ts';
import { ApiError } from '../../lib/shop-api-client.ts';
import { FormMessage, focusSoon } from '../auth/form-kit.tsx';
import GuestGuideModal from '../editor/GuestGuideModal.tsx';
import { createOrderSheet, mergeGuestCartIntoMember, setCartChecked, type CartKind } from '../stores/cart.ts';
import { $guestCart, currentGuestCart } from '../stores/guest-cart.ts';
import { $guestIdentity, type GuestIdentity } from '../stores/guest.ts';
import { startOrderDraft } from '../stores/order-draft.ts';
import CartGroup, { CartProductItem } from './CartGroup.tsx';
import { groupKey, totalsOf } from './cart-model.ts';
import { useCart } from './use-cart.ts';
import './cart.css';

export interface CartPageProps {
  kind: CartKind;
  /** The server saw a member session (on /guest/cart: offer to move the lines over). */
  member: boolean;
}

/** Spec section 8: "retry placing the order". */
const ORDER_FAILED = '주문서를 만들지 못했습니다. 다시 시도해 주세요.';

/**
 * /cart (member, server cart) and /guest/cart (this browser's guest cart, priced by the server):
 * delivery groups with fee and free-shipping progress, ticks (all / each, kept), quantities, delete
 * ticked / one, sold-out lines flagged and never ordered, totals of the ticked lines, and the order
 * of the ticked lines — which goes on to checkout only when the order sheet is made (spec section 5).
 */
export default function CartPage({ kind, member }: CartPageProps) {
  const uid = useId();
  const cart = useCart(kind);
  const guestCart = useStore($guestCart);
  const [ordering, setOrdering] = useState(false);
  const [guide, setGuide] = useState(false);
  const [moving, setMoving] = useState(false);
  const { view, selected, checked, selectable, error } = cart;

  useEffect(() => {
    if (error) focusSoon(`${uid}-alert`);
  }, [error, uid]);

  const selectedGroups = new Map((selected?.deliveryGroups ?? []).map((g) => [groupKey(g), g]));
  const totals = totalsOf(selected);
  const allChecked = selectable.length > 0 && checked.length === selectable.length;
  const lineCount = view
    ? view.deliveryGroups.reduce(
        (n, g) => n + g.orderProducts.reduce((m, p) => m + p.orderProductOptions.length, 0),
        0,
      )
    : 0;
  // guest lines a failed login merge left behind (the store keeps this page in step with it)
  const leftoverGuestLines =
    kind === 'member' && guestCart.items?.length ? currentGuestCart().items.length : 0;

  const actions = {
    checked,
    busyLine: cart.busyLine,
    onCheck: (cartNos: number[], on: boolean) => setCartChecked(kind, cartNos, on),
    onQuantity: (cartNo: number, n: number) => void cart.setQuantity(cartNo, n),
    onRemove: (cartNos: number[]) => void cart.remove(cartNos),
  };

  async function order(identity?: GuestIdentity) {
    cart.setError(null);
    if (checked.length === 0) {
      cart.setError('주문할 상품을 선택해 주세요.');
      return;
    }
    if (kind === 'guest' && !identity) {
      const live = $guestIdentity.get();
      if (!live || live.expiresAt <= Date.now()) {
        setGuide(true);
        return;
      }
      identity = live;
    }
    setOrdering(true);
    try {
      let orderSheetNo: string;
      if (kind === 'member') {
        orderSheetNo = await createOrderSheet({ cartNos: checked });
      } else {
        const lines = currentGuestCart().items.filter((i) => checked.includes(i.cartNo));
        orderSheetNo = await createOrderSheet(
          {
            products: lines.map((l) => ({
              productNo: l.productNo,
              optionNo: l.optionNo,
              orderCnt: l.orderCnt,
              optionInputs: l.optionInputs,
            })),
          },
          identity!.guestToken,
        );
      }
      startOrderDraft({ orderSheetNo, from: kind, guestCartNos: kind === 'guest' ? checked : [] });
      window.location.assign(`/order/${orderSheetNo}/checkout`);
    } catch (err) {
      // stock or sale status changed since the cart was shown: say why and show the cart afresh
      cart.setError(err instanceof ApiError && err.status < 500 ? err.message : ORDER_FAILED);
      setOrdering(false);
      void cart.reload();
    }
  }

  async function moveGuestLines() {
    setMoving(true);
    const outcome = await mergeGuestCartIntoMember({ notify: 'here' });
    setMoving(false);
    if (outcome.status === 'merged') {
      if (kind === 'guest') window.location.assign('/cart');
      else void cart.reload();
    }
  }

  if (!view) {
    return (
      <div className="cart" aria-busy="true">
        {error ? (
          <FormMessage id={`${uid}-alert`} error={error} />
        ) : (
          <p className="cart__loading">장바구니를 불러오는 중입니다…</p>
        )}
      </div>
    );
  }

  const empty = lineCount === 0 && view.invalidProducts.length === 0;

  return (
    <div className="cart" aria-busy={cart.loading}>
      <FormMessage id={`${uid}-alert`} error={error} />

      {kind === 'guest' && member && guestCart.items.length > 0 && (
        <div className="cart__banner">
          <p>로그인되어 있습니다. 비회원 장바구니의 상품을 회원 장바구니로 옮겨 주문해 주세요.</p>
          <button type="button" className="button" disabled={moving} onClick={() => void moveGuestLines()}>
            회원 장바구니로 옮기기
          </button>
        </div>
      )}
      {kind === 'member' && leftoverGuestLines > 0 && (
        <div className="cart__banner">
          <p>비회원으로 담은 상품 {leftoverGuestLines}개를 아직 옮기지 못했습니다.</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={moving}
            onClick={() => void moveGuestLines()}
          >
            회원 장바구니로 옮기기
          </button>
        </div>
      )}
      {kind === 'guest' && !member && (
        <p className="cart__hint">
          비회원 장바구니는 이 브라우저에 24시간 동안 보관됩니다. <a href="/login?redirect=%2Fcart">로그인</a>
          하면 회원 장바구니로 옮겨집니다.
        </p>
      )}

      {empty ? (
        <div className="cart__empty">
          <p>장바구니에 담긴 상품이 없습니다.</p>
          <a className="button button--secondary" href="/">
            쇼핑 계속하기
          </a>
        </div>
      ) : (
        <div className="cart__layout">
          <div className="cart__lines">
            <div className="cart__toolbar">
              <input
                id={`${uid}-all`}
                type="checkbox"
                checked={allChecked}
                disabled={selectable.length === 0}
                onChange={(e) => setCartChecked(kind, selectable, e.target.checked)}
              />
              <label htmlFor={`${uid}-all`}>
                전체 선택 ({checked.length}/{selectable.length})
              </label>
              <button
                type="button"
                className="cart__delete-selected"
                disabled={checked.length === 0}
                onClick={() => void cart.remove(checked)}
              >
                선택 삭제
              </button>
            </div>

            {view.deliveryGroups.map((g) => (
              <CartGroup
                key={groupKey(g)}
                group={g}
                selected={selectedGroups.get(groupKey(g)) ?? null}
                actions={actions}
              />
            ))}

            {view.invalidProducts.length > 0 && (
              <section className="cart-group cart-group--invalid" aria-labelledby={`${uid}-invalid`}>
                <h2 id={`${uid}-invalid`} className="cart-group__title">
                  구매할 수 없는 상품
                </h2>
                <ul role="list" className="cart-group__products">
                  {view.invalidProducts.map((p, i) => (
                    <CartProductItem key={`${p.productNo}-${i}`} product={p} actions={actions} />
                  ))}
                </ul>
              </section>
            )}
          </div>

          <aside className="cart__summary" aria-labelledby={`${uid}-summary`}>
            <h2 id={`${uid}-summary`}>결제 예정 금액</h2>
            <dl className="cart__totals">
              <div>
                <dt>상품금액</dt>
                <dd>{formatWon(totals.standardAmt)}</dd>
              </div>
              <div>
                <dt>할인</dt>
                <dd>{totals.discountAmt > 0 ? `-${formatWon(totals.discountAmt)}` : formatWon(0)}</dd>
              </div>
              <div>
                <dt>배송비</dt>
                <dd>{formatWon(totals.deliveryAmt)}</dd>
              </div>
              <div className="cart__grand">
                <dt>결제예정금액</dt>
                <dd data-testid="cart-total">{formatWon(totals.totalAmt)}</dd>
              </div>
            </dl>
            {!(kind === 'guest' && member) && (
              <div className="bottom-bar">
                <button
                  type="button"
                  className="button cart__order"
                  disabled={ordering}
                  aria-describedby={error ? undefined : `${uid}-order-hint`}
                  onClick={() => void order()}
                >
                  {ordering ? '주문서를 만드는 중…' : `선택 상품 주문 (${checked.length})`}
                </button>
              </div>
            )}
            <p id={`${uid}-order-hint`} className="cart__order-hint">
              품절된 상품은 주문에서 빠집니다. 최종 금액은 주문서에서 배송지와 쿠폰에 따라 정해집니다.
            </p>
          </aside>
        </div>
      )}

      <GuestGuideModal
        open={guide}
        target={kind === 'guest' ? '/cart' : undefined}
        reason="비회원으로 주문하거나 로그인해 주세요. 로그인하면 담은 상품이 회원 장바구니로 옮겨집니다."
        onGuest={(identity) => {
          setGuide(false);
          void order(identity);
        }}
        onClose={() => setGuide(false)}
      />
    </div>
  );
}
