import { useId } from 'react';
import { formatWon } from '../../lib/money.ts';
import { designLabelOf, designPreviewOf, shopperInputs } from '../../lib/line-inputs.ts';
import { groupFee, isOrderable, lineTitle, shippingNote, unavailableReason } from './cart-model.ts';
import QuantityStepper from './QuantityStepper.tsx';
import type { CartOptionLine, CartProduct, DeliveryGroup } from './types.ts';

interface LineActions {
  checked: readonly number[];
  busyLine: number | null;
  onCheck: (cartNos: number[], checked: boolean) => void;
  onQuantity: (cartNo: number, orderCnt: number) => void;
  onRemove: (cartNos: number[]) => void;
}

function maxQuantity(product: CartProduct, line: CartOptionLine): number {
  const byProduct = product.maxBuyCountInfo?.maxBuyTimeCount || 999;
  const byStock = line.stockCnt > 0 ? line.stockCnt : line.orderCnt;
  return Math.max(1, Math.min(999, byProduct, byStock));
}

function CartLine({
  product,
  line,
  actions,
}: {
  product: CartProduct;
  line: CartOptionLine;
  actions: LineActions;
}) {
  const id = useId();
  const name = lineTitle(product, line);
  const orderable = isOrderable(line);
  const reason = unavailableReason(line);
  const busy = actions.busyLine === line.cartNo;
  const design = line.extra?.design ?? null;
  const designLabel = designLabelOf(design, line.optionInputs);
  const preview = designPreviewOf(design);
  const image = preview || line.imageUrl || product.imageUrl;
  return (
    <li className="cart-line" data-cart-no={line.cartNo} data-soldout={orderable ? undefined : 'true'}>
      <input
        id={`${id}-check`}
        className="cart-line__check"
        type="checkbox"
        checked={orderable && actions.checked.includes(line.cartNo)}
        disabled={!orderable}
        aria-describedby={reason ? `${id}-reason` : undefined}
        onChange={(e) => actions.onCheck([line.cartNo], e.target.checked)}
      />
      <label htmlFor={`${id}-check`} className="visually-hidden">
        {name} 선택
      </label>
      {image ? (
        <img
          className="cart-line__image"
          src={image}
          alt={preview ? `${designLabel} 미리보기` : ''}
          width={80}
          height={80}
        />
      ) : (
        <span className="cart-line__image" aria-hidden="true" />
      )}
      <div className="cart-line__info">
        {line.optionTitle && <p className="cart-line__option">{line.optionTitle}</p>}
        {designLabel && <p className="cart-line__option">디자인: {designLabel}</p>}
        {shopperInputs(line.optionInputs).map((i) => (
          <p className="cart-line__input" key={i.inputLabel}>
            {i.inputLabel}: {i.inputValue}
          </p>
        ))}
        <p className="cart-line__unit">
          <span className="visually-hidden">개당 가격 </span>
          {formatWon(line.buyPrice)}
        </p>
        {reason && (
          <p id={`${id}-reason`} className="cart-line__reason" data-soldout="true">
            <strong>{line.soldOut ? '품절' : '구매 불가'}</strong>{' '}
            {line.soldOut ? '품절된 상품은 주문할 수 없습니다.' : reason}
          </p>
        )}
      </div>
      <div className="cart-line__controls">
        {orderable ? (
          <QuantityStepper
            name={name}
            value={line.orderCnt}
            max={maxQuantity(product, line)}
            disabled={busy}
            onChange={(n) => actions.onQuantity(line.cartNo, n)}
          />
        ) : (
          <p className="cart-line__qty">수량 {line.orderCnt}개</p>
        )}
        <p className="cart-line__amount">
          <span className="visually-hidden">상품 금액 </span>
          {formatWon(line.price.buyAmt)}
        </p>
        <button
          type="button"
          className="cart-line__remove"
          aria-label={`${name} 삭제`}
          disabled={busy}
          onClick={() => actions.onRemove([line.cartNo])}
        >
          삭제
        </button>
      </div>
    </li>
  );
}

export function CartProductItem({ product, actions }: { product: CartProduct; actions: LineActions }) {
  return (
    <li className="cart-product">
      <h3 className="cart-product__name">
        <a href={`/products/${product.productNo}`}>{product.productName}</a>
      </h3>
      <ul role="list" className="cart-product__lines">
        {product.orderProductOptions.map((line) => (
          <CartLine key={line.cartNo} product={product} line={line} actions={actions} />
        ))}
      </ul>
    </li>
  );
}

/** One delivery group (partner + delivery template): its lines, fee and free-shipping progress. */
export default function CartGroup({
  group,
  selected,
  actions,
}: {
  group: DeliveryGroup;
  /** The group priced with the ticked lines only; null when none of them is ticked. */
  selected: DeliveryGroup | null;
  actions: LineActions;
}) {
  const id = useId();
  const note = shippingNote(group, selected);
  const lines = group.orderProducts.flatMap((p) => p.orderProductOptions);
  const orderable = lines.filter(isOrderable).map((l) => l.cartNo);
  const allChecked = orderable.length > 0 && orderable.every((no) => actions.checked.includes(no));
  return (
    <section className="cart-group" aria-labelledby={`${id}-title`}>
      <header className="cart-group__head">
        <input
          id={`${id}-all`}
          type="checkbox"
          checked={allChecked}
          disabled={orderable.length === 0}
          onChange={(e) => actions.onCheck(orderable, e.target.checked)}
        />
        <label htmlFor={`${id}-all`} className="visually-hidden">
          {group.partnerName} 배송 상품 전체 선택
        </label>
        <h2 id={`${id}-title`} className="cart-group__title">
          {group.partnerName} 배송
        </h2>
      </header>
      <ul role="list" className="cart-group__products">
        {group.orderProducts.map((p) => (
          <CartProductItem key={p.productNo} product={p} actions={actions} />
        ))}
      </ul>
      <div className="cart-group__delivery">
        <p>
          <span className="cart-group__rule">{note.rule}</span>
          <span className="cart-group__fee">
            {' · '}이 묶음 배송비 <strong>{formatWon(groupFee(selected))}</strong>
          </span>
        </p>
        {note.progress && (
          <div className="cart-group__progress">
            <progress
              value={note.progress.current}
              max={note.progress.goal}
              aria-label={`${group.partnerName} 무료배송까지`}
              aria-valuetext={note.text ?? undefined}
            />
            <p>{note.text}</p>
          </div>
        )}
      </div>
    </section>
  );
}
