import { useState } from 'react';
import type { CartLine, Discount, SalePreview } from '../../lib/pos/cart.ts';
import { MAX_QTY } from '../../lib/pos/cart.ts';
import { formatWon } from '../../lib/money.ts';
import DiscountEditor from './DiscountEditor.tsx';

/** The sale's lines: quantity (−, +, typed), a line discount with its reason, remove. */
export interface CartTableProps {
  lines: CartLine[];
  preview: SalePreview;
  onQty: (optionNo: number, qty: number) => void;
  onDiscount: (optionNo: number, d: Discount | null) => void;
  onRemove: (optionNo: number) => void;
}

const discountText = (d: Discount) =>
  `${d.kind === 'PERCENT' ? `${d.value}%` : formatWon(d.value)} 할인 (${d.reason})`;

export default function CartTable({ lines, preview, onQty, onDiscount, onRemove }: CartTableProps) {
  const [editing, setEditing] = useState<number | null>(null);
  if (lines.length === 0)
    return <p className="pos-cart__empty">담긴 상품이 없습니다. 바코드를 찍거나 상품명으로 찾아 주세요.</p>;
  return (
    <table className="pos-cart">
      <caption className="visually-hidden">판매할 상품</caption>
      <thead>
        <tr>
          <th scope="col">상품</th>
          <th scope="col" className="num">
            단가
          </th>
          <th scope="col">수량</th>
          <th scope="col" className="num">
            금액
          </th>
          <th scope="col">
            <span className="visually-hidden">할인·삭제</span>
          </th>
        </tr>
      </thead>
      {lines.map((l, i) => {
        const p = preview.lines[i];
        const name = `${l.item.productName}${l.item.optionLabel ? ` (${l.item.optionLabel})` : ''}`;
        const qtyId = `pos-qty-${l.item.optionNo}`;
        return (
          <tbody key={l.item.optionNo} data-option-no={l.item.optionNo}>
            <tr>
              <th scope="row" className="pos-cart__name">
                {l.item.productName}
                {l.item.optionLabel && <span className="pos-cart__option">{l.item.optionLabel}</span>}
                {l.qty > l.item.stock && (
                  <span className="pos-cart__warn">재고 {l.item.stock}개 (확인 필요)</span>
                )}
              </th>
              <td className="num">{formatWon(l.item.unitPrice)}</td>
              <td>
                <div className="pos-qty">
                  <button
                    type="button"
                    aria-label={`${name} 수량 하나 줄이기`}
                    disabled={l.qty <= 1}
                    onClick={() => onQty(l.item.optionNo, l.qty - 1)}
                  >
                    −
                  </button>
                  <label htmlFor={qtyId} className="visually-hidden">
                    {name} 수량
                  </label>
                  <input
                    id={qtyId}
                    inputMode="numeric"
                    value={l.qty}
                    onChange={(e) => {
                      const q = Number(e.target.value.replace(/\D/g, ''));
                      if (q >= 1) onQty(l.item.optionNo, Math.min(MAX_QTY, q));
                    }}
                    onFocus={(e) => e.target.select()}
                  />
                  <button
                    type="button"
                    aria-label={`${name} 수량 하나 늘리기`}
                    disabled={l.qty >= MAX_QTY}
                    onClick={() => onQty(l.item.optionNo, l.qty + 1)}
                  >
                    +
                  </button>
                </div>
              </td>
              <td className="num">
                {p && p.lineDiscountAmt > 0 ? (
                  <>
                    <s className="pos-cart__gross">{formatWon(p.grossAmt)}</s>{' '}
                    {formatWon(p.grossAmt - p.lineDiscountAmt)}
                  </>
                ) : (
                  formatWon(p?.grossAmt ?? 0)
                )}
              </td>
              <td className="pos-cart__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-expanded={editing === l.item.optionNo}
                  onClick={() => setEditing(editing === l.item.optionNo ? null : l.item.optionNo)}
                >
                  할인<span className="visually-hidden"> ({name})</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => onRemove(l.item.optionNo)}
                >
                  삭제<span className="visually-hidden"> ({name})</span>
                </button>
              </td>
            </tr>
            {l.discount && (
              <tr className="pos-cart__discount">
                <td colSpan={5}>{discountText(l.discount)}</td>
              </tr>
            )}
            {editing === l.item.optionNo && (
              <tr>
                <td colSpan={5}>
                  <DiscountEditor
                    title={`${name} 할인`}
                    base={l.item.unitPrice * l.qty}
                    value={l.discount}
                    onApply={(d) => {
                      onDiscount(l.item.optionNo, d);
                      setEditing(null);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                </td>
              </tr>
            )}
          </tbody>
        );
      })}
    </table>
  );
}
