import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { CounterItem } from '../../server/catalog/index.ts';
import { posCatalogApi } from '../../lib/clients/pos-catalog.ts';
import { formatWon } from '../../lib/money.ts';
import { ApiError, errorMessage, query, unwrap } from '../../lib/shop-api-client.ts';

/**
 * Choosing an option at the counter: type a name, product number or barcode (or scan one into the
 * field) and pick from the options found. A code that is an option's barcode picks it at once.
 */

export interface CatalogOptionPickerProps {
  onPick: (item: CounterItem) => void;
  selected?: number | null | undefined;
  /** The field's label. */
  label?: string;
  autoFocus?: boolean;
}

export const optionName = (i: Pick<CounterItem, 'productName' | 'optionLabel'>) =>
  i.optionLabel ? `${i.productName} · ${i.optionLabel}` : i.productName;

export default function CatalogOptionPicker({
  onPick,
  selected = null,
  label = '상품 찾기: 상품명, 상품 번호, 바코드',
  autoFocus = false,
}: CatalogOptionPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [items, setItems] = useState<CounterItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  /** After a search, the first option found takes the focus (Tab to the others, Enter picks). */
  const focusFirst = useRef(false);
  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    listRef.current?.querySelector('button')?.focus();
  }, [items]);

  async function search(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const q = text.trim();
    if (!q) return setError('상품명, 상품 번호나 바코드를 입력해 주세요.');
    setBusy(true);
    setError(null);
    try {
      // a barcode or in-house code first: the option itself
      if (/^(\d{8,14}|PD\d{8})$/i.test(q)) {
        const hit = await unwrap(posCatalogApi.barcode.$get({ query: { code: q } })).catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        });
        if (hit) {
          setItems([hit]);
          onPick(hit);
          return;
        }
      }
      const res = await unwrap(posCatalogApi.options.$get({ query: query({ q }) }));
      focusFirst.current = res.items.length > 0;
      setItems(res.items);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="pc-stack">
      <form className="pc-form-row" role="search" onSubmit={(e) => void search(e)}>
        <div className="pc-field">
          <label htmlFor={`${id}-q`}>{label}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={50}
            autoComplete="off"
            size={30}
            autoFocus={autoFocus}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
          />
        </div>
        <button className="button button--secondary" type="submit" disabled={busy}>
          {busy ? '찾는 중…' : '찾기'}
        </button>
      </form>
      {error && (
        <p id={`${id}-err`} className="pc-error" role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {items ? `옵션 ${items.length}개를 찾았습니다.` : ''}
      </p>
      {items && items.length === 0 && <p className="pc-muted">찾는 상품이 없습니다.</p>}
      {items && items.length > 0 && (
        <ul className="pc-picker-list" ref={listRef} aria-label="찾은 옵션">
          {items.map((i) => (
            <li key={i.optionNo}>
              <button type="button" aria-pressed={i.optionNo === selected} onClick={() => onPick(i)}>
                <strong>{optionName(i)}</strong>
                <span className="pc-muted">#{i.optionNo}</span>
                <span>{formatWon(i.unitPrice)}</span>
                <span>재고 {i.stock.toLocaleString('ko-KR')}개</span>
                <span className={i.barcode ? 'pc-code' : 'pc-muted'}>{i.barcode ?? '바코드 없음'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
