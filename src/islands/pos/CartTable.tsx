import { useState } from 'react';
import type { CartLine, Discount, SalePreview } from '../../lib/pos/cart.ts';
import { MAX_QTY } from '../../lib/pos/cart.ts';
import { formatWon } from '../../lib/money.ts';
import DiscountEditor from './DiscountEditor.tsx';

/** The sale's lines: quantity (−, +, typed), a line discount with its reason, remove. */
export interface CartTableProps {
  lines: CartLine[];
  preview: SalePreview;
  /** `key`: the line's key (an option with its input texts). */
  onQty: (key: string, qty: number) => void;
  onDiscount: (key: string, d: Discount | null) => void;
  onRemove: (key: string) => void;
}

const discountText = (d: Discount) =>
  `${d.kind === 'PERCENT' ? `${d.value}%` : formatWon(d.value)} 할인 (${d.reason})`;

export default function CartTable({ lines, preview, onQty, onDiscount, onRemove }: CartTableProps) {
  const [editing, setEditing] = useState<string | null>(null);
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
        const name = `${l.item.productName}${l.item.optionLabel ? ` (${l.item.optionLabel})` : ''}${l.inputs
          .map((input) => ` · ${input.inputValue}`)
          .join('')}`;
        const qtyId = `pos-qty-${i}`;
        return (
          <tbody key={l.key} data-option-no={l.item.optionNo}>
            <tr>
              <th scope="row" className="pos-cart__name">
                {l.item.productName}
                {l.item.optionLabel && <span className="pos-cart__option">{l.item.optionLabel}</span>}
                {l.inputs.map((input) => (
                  <span key={input.inputNo} className="pos-cart__option">
                    {input.inputLabel}: {input.inputValue}
                  </span>
                ))}
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
                    onClick={() => onQty(l.key, l.qty - 1)}
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
                      if (q >= 1) onQty(l.key, Math.min(MAX_QTY, q));
                    }}
                    onFocus={(e) => e.target.select()}
                  />
                  <button
                    type="button"
                    aria-label={`${name} 수량 하나 늘리기`}
                    disabled={l.qty >= MAX_QTY}
                    onClick={() => onQty(l.key, l.qty + 1)}
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
                  aria-expanded={editing === l.key}
                  onClick={() => setEditing(editing === l.key ? null : l.key)}
                >
                  할인<span className="visually-hidden"> ({name})</span>
                </button>
                <button type="button" className="button button--secondary" onClick={() => onRemove(l.key)}>
                  삭제<span className="visually-hidden"> ({name})</span>
                </button>
              </td>
            </tr>
            {l.discount && (
              <tr className="pos-cart__discount">
                <td colSpan={5}>{discountText(l.discount)}</td>
              </tr>
            )}
            {editing === l.key && (
              <tr>
                <td colSpan={5}>
                  <DiscountEditor
                    title={`${name} 할인`}
                    base={l.item.unitPrice * l.qty}
                    value={l.discount}
                    onApply={(d) => {
                      onDiscount(l.key, d);
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
