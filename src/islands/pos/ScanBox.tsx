import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import type { CounterItem } from '../../lib/pos/cart.ts';
import { formatWon } from '../../lib/money.ts';

/**
 * The scan and search field (F2): a barcode typed or scanned into it is looked up and added; a
 * name shows the products found, and a product with several options then shows its options. It is
 * an ARIA combobox: ↑/↓ move through the list, Enter picks, Esc goes back a level or closes.
 */

export interface ScanBoxProps {
  inputRef: RefObject<HTMLInputElement | null>;
  onCode: (code: string) => Promise<void>;
  onSearch: (q: string) => Promise<CounterItem[]>;
  onPick: (item: CounterItem) => void;
  disabled?: boolean;
}

/** Looks like a barcode or an in-house code rather than a name. */
export const looksLikeCode = (text: string) => /^(\d{4,}|PD\d{8})$/i.test(text);

interface Entry {
  id: string;
  label: string;
  detail: string;
  blocked: string | null;
  product?: CounterItem[];
  item?: CounterItem;
}

function itemState(i: CounterItem): string | null {
  if (!i.sellable) return '판매 중이 아님';
  if (i.soldOut) return '품절';
  return null;
}

function productEntries(results: CounterItem[], base: string): Entry[] {
  const groups = new Map<number, CounterItem[]>();
  for (const r of results) groups.set(r.productNo, [...(groups.get(r.productNo) ?? []), r]);
  return [...groups.values()].map((options) => {
    const first = options[0]!;
    const several = options.length > 1 || first.optionLabel !== '';
    const prices = options.map((o) => o.unitPrice);
    const min = Math.min(...prices);
    const max = Math.max(...prices);
    return {
      id: `${base}-p${first.productNo}`,
      label: first.productName,
      detail: several
        ? `옵션 ${options.length}개 · ${min === max ? formatWon(min) : `${formatWon(min)}~`}`
        : `${formatWon(first.unitPrice)} · 재고 ${first.stock}개`,
      blocked: several ? (options.every((o) => !o.sellable) ? '판매 중이 아님' : null) : itemState(first),
      ...(several ? { product: options } : { item: first }),
    };
  });
}

function optionEntries(options: CounterItem[], base: string): Entry[] {
  return options.map((o) => ({
    id: `${base}-o${o.optionNo}`,
    label: o.optionLabel || '기본',
    detail: `${formatWon(o.unitPrice)} · 재고 ${o.stock}개${o.barcode ? ` · ${o.barcode}` : ''}`,
    blocked: itemState(o),
    item: o,
  }));
}

export default function ScanBox({ inputRef, onCode, onSearch, onPick, disabled = false }: ScanBoxProps) {
  const uid = useId();
  const [text, setText] = useState('');
  const [results, setResults] = useState<CounterItem[] | null>(null);
  const [resultsFor, setResultsFor] = useState('');
  const [product, setProduct] = useState<CounterItem[] | null>(null);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');

  const entries = results ? (product ? optionEntries(product, uid) : productEntries(results, uid)) : [];
  const open = results !== null;
  const listId = `${uid}-list`;

  const close = () => {
    setResults(null);
    setProduct(null);
    setActive(0);
  };

  const choose = (entry: Entry | undefined) => {
    if (!entry) return;
    if (entry.blocked) {
      setNote(`${entry.label}: ${entry.blocked}. 다른 상품을 골라 주세요.`);
      return;
    }
    if (entry.product) {
      setProduct(entry.product);
      setActive(
        Math.max(
          0,
          entry.product.findIndex((o) => !itemState(o)),
        ),
      );
      setNote(`${entry.label}의 옵션 ${entry.product.length}개입니다. 옵션을 골라 주세요.`);
      return;
    }
    if (entry.item) {
      onPick(entry.item);
      setText('');
      setNote('');
      close();
    }
  };

  async function submit() {
    const value = text.trim();
    if (!value) return;
    if (open && value === resultsFor && entries.length > 0) {
      choose(entries[active]);
      return;
    }
    setBusy(true);
    try {
      if (looksLikeCode(value)) {
        setText('');
        close();
        await onCode(value);
        return;
      }
      const found = await onSearch(value);
      setResults(found);
      setResultsFor(value);
      setProduct(null);
      setActive(0);
      setNote(
        found.length
          ? `${productEntries(found, uid).length}개 상품을 찾았습니다. ↑↓로 고르고 Enter를 누르세요.`
          : '',
      );
      if (!found.length) setNote(`'${value}'에 맞는 상품이 없습니다.`);
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      void submit();
    } else if (e.key === 'ArrowDown' && open) {
      e.preventDefault();
      setActive((a) => Math.min(entries.length - 1, a + 1));
    } else if (e.key === 'ArrowUp' && open) {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      if (product) {
        setProduct(null);
        setActive(0);
        setNote('상품 목록으로 돌아왔습니다.');
      } else close();
    }
  }

  return (
    <div className="pos-scan">
      <label htmlFor={`${uid}-input`} className="pos-scan__label">
        바코드 · 상품명 <kbd>F2</kbd>
      </label>
      <div className="pos-scan__row">
        <input
          ref={inputRef}
          id={`${uid}-input`}
          className="pos-scan__input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && entries[active] ? entries[active].id : undefined}
          aria-describedby={`${uid}-note`}
          autoComplete="off"
          spellCheck={false}
          inputMode="search"
          enterKeyHint="search"
          placeholder="바코드를 찍거나 상품명을 입력하고 Enter"
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={disabled || busy}
          onClick={() => void submit()}
        >
          {busy ? '찾는 중…' : '찾기'}
        </button>
      </div>
      <p id={`${uid}-note`} className="pos-scan__note" aria-live="polite">
        {note}
      </p>
      <div hidden={!open}>
        {product && (
          <p className="pos-scan__level">
            <strong>{product[0]?.productName}</strong> 옵션 선택 · <kbd>Esc</kbd> 상품 목록으로
          </p>
        )}
        <ul id={listId} role="listbox" className="pos-scan__list" aria-label={product ? '옵션' : '찾은 상품'}>
          {entries.map((entry, i) => (
            <li
              key={entry.id}
              id={entry.id}
              role="option"
              aria-selected={i === active}
              aria-disabled={entry.blocked ? true : undefined}
              className="pos-scan__option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setActive(i);
                choose(entry);
                inputRef.current?.focus();
              }}
            >
              <span className="pos-scan__option-label">
                {entry.label}
                {entry.product ? ' ›' : ''}
              </span>
              <span className="pos-scan__option-detail">
                {entry.detail}
                {entry.blocked ? ` · ${entry.blocked}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
