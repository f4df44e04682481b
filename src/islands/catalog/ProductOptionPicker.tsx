import { josa } from 'es-hangul';
import { useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { formatWon } from '../../lib/money.ts';
import { ADD_TO_CART_EVENT, type AddToCartDetail } from './events.ts';
import {
  LOW_STOCK,
  choose,
  clampQuantity,
  maxQuantity,
  resolveOption,
  toPickerOptions,
  valuesFor,
  type FlatOptionLike,
  type PickerOption,
  type ValueChoice,
} from './option-model.ts';
import { useHydrated } from '../common/use-hydrated.ts';
import './product-option-picker.css';

export interface OptionInputProp {
  inputNo: number;
  inputLabel: string;
  required: boolean;
  maxLength: number;
}

export interface ProductOptionPickerProps {
  productNo: number;
  productName: string;
  imageUrl?: string | undefined;
  /** Option dimension labels ("색상", "사이즈"); empty for a product without options. */
  labels: string[];
  options: FlatOptionLike[];
  inputs: OptionInputProp[];
  minBuyCnt: number;
  /** Most units per order; 0 means no limit beyond stock. */
  maxBuyTimeCnt: number;
  /** The whole product cannot be bought (sold out, or not on sale). */
  soldOut: boolean;
  /** Why, when it is not simply sold out ("판매 준비 중인 상품입니다."). */
  unavailableText?: string | undefined;
  /**
   * A product made from the shopper's design or photo: it is never put in the cart from here. Its
   * button opens the editor (`href`, with the chosen option) instead; null `href`: no editor now.
   */
  design?: { href: string | null } | null | undefined;
}

function choiceText(c: ValueChoice): string {
  let text = c.value;
  const o = c.option;
  if (o && o.addPrice !== 0) text += ` (${o.addPrice > 0 ? '+' : '-'}${formatWon(Math.abs(o.addPrice))})`;
  if (!c.available) text += ' (품절)';
  else if (o && o.stockCnt <= LOW_STOCK) text += ` (${o.stockCnt}개 남음)`;
  return text;
}

function stockText(o: PickerOption): string {
  if (!o.available) return '품절';
  return o.stockCnt <= LOW_STOCK ? `품절 임박: ${o.stockCnt}개 남음` : '구매 가능';
}

export default function ProductOptionPicker(props: ProductOptionPickerProps) {
  const {
    productNo,
    productName,
    imageUrl,
    labels,
    inputs,
    minBuyCnt,
    maxBuyTimeCnt,
    soldOut,
    unavailableText,
    design,
  } = props;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const options = useMemo(
    () => toPickerOptions(props.options, labels.length),
    [props.options, labels.length],
  );
  const [chosen, setChosen] = useState<(string | undefined)[]>([]);
  const [quantity, setQuantity] = useState(Math.max(1, minBuyCnt));
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [invalid, setInvalid] = useState<Record<number, boolean>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  // false in the server's HTML and while hydrating (its snapshot), true once React has the form
  const hydrated = useHydrated();

  const selected = resolveOption(options, chosen);
  const minQty = Math.max(1, minBuyCnt);
  const maxQty = selected
    ? Math.max(minQty, maxQuantity(selected, maxBuyTimeCnt))
    : Math.max(minQty, maxBuyTimeCnt || 999);
  const qty = clampQuantity(quantity, minQty, maxQty);
  const total = selected ? selected.buyPrice * qty : 0;
  const canBuy = !soldOut && options.some((o) => o.available);

  function onPick(dim: number, value: string) {
    setChosen((c) => choose(c, dim, value === '' ? undefined : value));
    setMessage(null);
  }

  function focusField(fieldId: string) {
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId)}`)?.focus();
  }

  function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    // a designed product goes through the editor, never straight into the cart
    if (!canBuy || design) return;
    if (!selected) {
      const missing = labels.findIndex((_, i) => chosen[i] === undefined);
      setMessage({ kind: 'error', text: `${labels[missing] ?? '옵션'} 옵션을 선택해 주세요.` });
      focusField(`${id}-dim-${missing}`);
      return;
    }
    if (!selected.available) {
      setMessage({ kind: 'error', text: '품절된 옵션입니다. 다른 옵션을 선택해 주세요.' });
      return;
    }
    const missingInputs = inputs.filter((i) => i.required && !(texts[i.inputNo] ?? '').trim());
    setInvalid(Object.fromEntries(missingInputs.map((i) => [i.inputNo, true])));
    const firstMissing = missingInputs[0];
    if (firstMissing) {
      setMessage({ kind: 'error', text: `${firstMissing.inputLabel} 항목을 입력해 주세요.` });
      focusField(`${id}-input-${firstMissing.inputNo}`);
      return;
    }
    const submitter = (e.nativeEvent as globalThis.SubmitEvent).submitter;
    const detail: AddToCartDetail = {
      intent: submitter?.getAttribute('value') === 'buy' ? 'buy' : 'cart',
      productNo,
      optionNo: selected.optionNo,
      orderCnt: qty,
      optionInputs: inputs
        .filter((i) => (texts[i.inputNo] ?? '').trim())
        .map((i) => ({ inputLabel: i.inputLabel, inputValue: (texts[i.inputNo] ?? '').trim() })),
      buyPrice: selected.buyPrice,
      productName,
      imageUrl,
    };
    const event = new CustomEvent(ADD_TO_CART_EVENT, { detail, bubbles: true, cancelable: true });
    const handled = !e.currentTarget.dispatchEvent(event);
    if (!handled) {
      setMessage({
        kind: 'info',
        text: `선택한 옵션 번호 ${selected.optionNo}, 수량 ${qty}개 — 장바구니 기능은 준비 중입니다.`,
      });
    }
  }

  return (
    <form
      ref={formRef}
      className="option-picker"
      aria-label="상품 옵션 선택"
      noValidate
      onSubmit={onSubmit}
      data-hydrated={hydrated ? 'true' : undefined}
      data-selected-option-no={selected?.optionNo}
    >
      {!canBuy && (
        <p className="option-picker__soldout" data-soldout="true">
          <strong>품절</strong> {unavailableText ?? '현재 구매할 수 없는 상품입니다.'}
        </p>
      )}

      {labels.map((label, dim) => {
        const waiting = dim > 0 && chosen[dim - 1] === undefined;
        const choices = waiting ? [] : valuesFor(options, dim, chosen);
        const fieldId = `${id}-dim-${dim}`;
        return (
          <div className="option-picker__field" key={label + dim}>
            <label htmlFor={fieldId}>{label}</label>
            <select
              id={fieldId}
              name={`option${dim + 1}`}
              value={chosen[dim] ?? ''}
              disabled={!canBuy || waiting}
              onChange={(e) => onPick(dim, e.target.value)}
            >
              <option value="">
                {waiting
                  ? `${labels[dim - 1]}${josa.pick(labels[dim - 1] ?? '', '을/를')} 먼저 선택하세요`
                  : `${label} 선택`}
              </option>
              {choices.map((c) => (
                <option key={c.value} value={c.value} disabled={!c.available}>
                  {choiceText(c)}
                </option>
              ))}
            </select>
          </div>
        );
      })}

      {design && (
        <p className="option-picker__design-note" id={`${id}-design-note`}>
          사진이나 디자인을 넣어 만드는 주문 제작 상품입니다. 디자인하기에서 디자인을 저장하면 장바구니에 담을
          수 있습니다.
        </p>
      )}

      {/* a design replaces the product's text inputs: the editor asks for them */}
      {!design &&
        inputs.map((input) => {
          const fieldId = `${id}-input-${input.inputNo}`;
          const errId = `${fieldId}-error`;
          return (
            <div className="option-picker__field" key={input.inputNo}>
              <label htmlFor={fieldId}>
                {input.inputLabel}
                {input.required && <span className="option-picker__required"> (필수)</span>}
              </label>
              <input
                id={fieldId}
                type="text"
                name={`input${input.inputNo}`}
                maxLength={input.maxLength}
                required={input.required}
                disabled={!canBuy}
                value={texts[input.inputNo] ?? ''}
                aria-invalid={invalid[input.inputNo] ? true : undefined}
                aria-describedby={invalid[input.inputNo] ? errId : undefined}
                onChange={(e) => {
                  const v = e.target.value;
                  setTexts((t) => ({ ...t, [input.inputNo]: v }));
                  if (v.trim()) setInvalid((m) => ({ ...m, [input.inputNo]: false }));
                }}
              />
              {invalid[input.inputNo] && (
                <p id={errId} className="option-picker__error">
                  {input.inputLabel} 항목을 입력해 주세요.
                </p>
              )}
            </div>
          );
        })}

      {selected && labels.length > 0 && (
        <dl className="option-picker__selected" aria-live="polite">
          <div>
            <dt>선택한 옵션</dt>
            <dd className="option-picker__selected-values">{selected.values.join(' / ')}</dd>
          </div>
          <div>
            <dt>옵션 가격</dt>
            <dd>{formatWon(selected.buyPrice)}</dd>
          </div>
          <div>
            <dt>재고</dt>
            <dd className="option-picker__stock" data-soldout={selected.available ? undefined : 'true'}>
              {stockText(selected)}
            </dd>
          </div>
        </dl>
      )}
      {selected && labels.length === 0 && selected.available && selected.stockCnt <= LOW_STOCK && (
        <p className="option-picker__stock">품절 임박: {selected.stockCnt}개 남음</p>
      )}

      {!design && (
        <div className="option-picker__quantity">
          <label htmlFor={`${id}-qty`}>수량</label>
          <div className="option-picker__stepper">
            <button
              type="button"
              aria-label="수량 줄이기"
              aria-controls={`${id}-qty`}
              disabled={!canBuy || qty <= minQty}
              onClick={() => setQuantity(qty - 1)}
            >
              −
            </button>
            <input
              id={`${id}-qty`}
              type="number"
              inputMode="numeric"
              min={minQty}
              max={maxQty}
              value={qty}
              disabled={!canBuy}
              onChange={(e) => setQuantity(Number(e.target.value))}
            />
            <button
              type="button"
              aria-label="수량 늘리기"
              aria-controls={`${id}-qty`}
              disabled={!canBuy || qty >= maxQty}
              onClick={() => setQuantity(qty + 1)}
            >
              +
            </button>
          </div>
        </div>
      )}

      <p className="option-picker__total">
        <span>총 상품 금액</span>
        {selected ? (
          <strong className="option-picker__total-price" data-total={total}>
            {formatWon(total)}
          </strong>
        ) : (
          <span className="option-picker__hint">옵션을 선택해 주세요</span>
        )}
      </p>

      {/* on phones the actions are the page's fixed bottom purchase bar (product-option-picker.css) */}
      <div className="option-picker__actions purchase-bar bottom-bar">
        {design && canBuy ? (
          design.href ? (
            <a
              className="button option-picker__add"
              href={selected ? `${design.href}?option=${selected.optionNo}` : design.href}
              aria-describedby={`${id}-design-note`}
            >
              디자인하기
            </a>
          ) : (
            <button type="button" className="button option-picker__add" disabled>
              지금은 디자인할 수 없습니다
            </button>
          )
        ) : canBuy ? (
          <>
            <button
              type="submit"
              name="intent"
              value="cart"
              className="button button--secondary option-picker__add"
            >
              장바구니 담기
            </button>
            <button type="submit" name="intent" value="buy" className="button option-picker__add">
              바로 구매
            </button>
          </>
        ) : (
          <button type="submit" className="button option-picker__add" disabled>
            품절
          </button>
        )}
      </div>

      <p
        className={`option-picker__message option-picker__message--${message?.kind ?? 'info'}`}
        role="status"
        aria-live="polite"
      >
        {message?.text}
      </p>
    </form>
  );
}
