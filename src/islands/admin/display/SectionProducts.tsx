import { arrayMove } from '@dnd-kit/sortable';
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatWon } from '../../../lib/money.ts';
import { useFocusLater } from '../focus.ts';
import SortableList from './SortableList.tsx';
import { errorMessage, fieldErrorsOf, isStale } from './display-shared.ts';
import {
  searchProducts,
  setSectionProducts,
  type PickableProduct,
  type SectionDetail,
} from './section-api.ts';
import SaveAlert, { type SaveAlertState } from './SaveAlert.tsx';

/**
 * A manual section's product list: find products by name or number (up to 20 at a time), add,
 * remove and order them (drag, keyboard, 위로/아래로), then save the whole list with the
 * section's version. Products the shop does not list now (stopped, hidden, ended) are marked: they
 * stay in the list but the shop leaves them out. Buttons that cannot be used now (추가됨, a list with
 * nothing to save) say so with aria-disabled, so the one just pressed keeps the focus.
 */
export default function SectionProducts({
  detail,
  onSaved,
}: {
  detail: SectionDetail;
  onSaved: (detail: SectionDetail) => void;
}) {
  const uid = useId();
  const [list, setList] = useState<PickableProduct[]>(detail.products);
  const [dirty, setDirty] = useState(false);
  const [q, setQ] = useState('');
  const [results, setResults] = useState<PickableProduct[] | null>(null);
  const [searchError, setSearchError] = useState('');
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState<SaveAlertState | null>(null);
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [pending, setPending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const focusLater = useFocusLater();

  const change = (next: PickableProduct[], message: string) => {
    setList(next);
    setDirty(true);
    setStatus(message);
  };

  async function search(e: FormEvent) {
    e.preventDefault();
    setSearchError('');
    if (!q.trim()) {
      setSearchError('상품명이나 상품 번호를 입력해 주세요.');
      return;
    }
    try {
      const found = await searchProducts(q.trim());
      setResults(found.items);
      setStatus(
        `검색 결과 ${found.items.length}개${found.items.length === 20 ? ' (최대 20개까지 보여 줍니다)' : ''}`,
      );
    } catch (err) {
      setSearchError(errorMessage(err));
    }
  }

  async function save() {
    setPending(true);
    setAlert(null);
    setProblems({});
    try {
      const next = await setSectionProducts(
        detail.section.sectionNo,
        detail.section.version,
        list.map((p) => p.productNo),
      );
      setList(next.products);
      setDirty(false);
      onSaved(next);
      setStatus(`상품 ${next.products.length}개를 저장했습니다. 쇼핑몰에 바로 보입니다.`);
    } catch (err) {
      const byPath = fieldErrorsOf(err);
      const byProduct: Record<number, string> = {};
      for (const [path, message] of Object.entries(byPath)) {
        const i = /^productNos\.(\d+)$/.exec(path)?.[1];
        const product = i === undefined ? undefined : list[Number(i)];
        if (product) byProduct[product.productNo] = message;
      }
      setProblems(byProduct);
      setAlert({ text: errorMessage(err), stale: isStale(err) });
    } finally {
      setPending(false);
    }
  }

  const id = (name: string) => `${uid}-${name}`;
  const inList = new Set(list.map((p) => p.productNo));
  return (
    <section className="dm-form bf-form" aria-labelledby={id('title')}>
      <div className="dm-section-head">
        <h2 id={id('title')} className="dm-form-title">
          진열 상품 ({list.length}개)
        </h2>
        {dirty && <span className="dm-warn">저장하지 않은 변경이 있습니다.</span>}
      </div>
      <form
        className="dm-search"
        role="search"
        aria-label="진열할 상품 찾기"
        onSubmit={(e) => void search(e)}
      >
        <div className="bf-field">
          <label className="bf-label" htmlFor={id('q')}>
            상품 찾기
          </label>
          <input
            id={id('q')}
            className="bf-input"
            type="search"
            maxLength={50}
            placeholder="상품명 또는 상품 번호"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? id('q-error') : undefined}
          />
        </div>
        <button className="button button--secondary" type="submit">
          검색
        </button>
      </form>
      {searchError && (
        <p className="bf-error" id={id('q-error')} role="alert">
          {searchError}
        </p>
      )}
      {results && (
        <div>
          <h3 className="bf-label">검색 결과</h3>
          {results.length === 0 ? (
            <p className="muted">찾는 상품이 없습니다.</p>
          ) : (
            <ul className="dm-results" aria-label="검색 결과">
              {results.map((p) => (
                <li key={p.productNo} className="dm-product">
                  <Product product={p} />
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-disabled={inList.has(p.productNo) || undefined}
                    onClick={() => {
                      if (inList.has(p.productNo)) return;
                      change([...list, p], `'${p.productName}' 상품을 목록 끝에 넣었습니다.`);
                    }}
                  >
                    {inList.has(p.productNo) ? '추가됨' : '추가'}
                    <span className="visually-hidden"> {p.productName}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div ref={listRef}>
        {list.length === 0 ? (
          <p className="muted">진열할 상품이 없습니다. 위에서 상품을 찾아 추가해 주세요.</p>
        ) : (
          <SortableList
            items={list}
            idOf={(p) => p.productNo}
            nameOf={(p) => p.productName}
            onMove={(from, to) => {
              if (to < 0 || to >= list.length) return;
              change(
                arrayMove(list, from, to),
                `'${list[from]?.productName ?? ''}' 상품을 ${to + 1}번째로 옮겼습니다.`,
              );
            }}
            label="진열 상품 순서"
            disabled={pending}
          >
            {(p) => (
              <div className="dm-product">
                <Product product={p} />
                {problems[p.productNo] && <p className="bf-error">{problems[p.productNo]}</p>}
                <button
                  type="button"
                  className="button button--secondary bf-danger"
                  data-remove-product={p.productNo}
                  onClick={() => {
                    const at = list.findIndex((x) => x.productNo === p.productNo);
                    const next = list.filter((x) => x.productNo !== p.productNo);
                    change(next, `'${p.productName}' 상품을 목록에서 뺐습니다.`);
                    // the row is gone: the next row's 빼기 (or the last one's), or the search field
                    const neighbour = next[Math.min(at, next.length - 1)];
                    focusLater(() =>
                      neighbour
                        ? listRef.current?.querySelector<HTMLElement>(
                            `[data-remove-product="${neighbour.productNo}"]`,
                          )
                        : document.getElementById(id('q')),
                    );
                  }}
                >
                  빼기<span className="visually-hidden"> {p.productName}</span>
                </button>
              </div>
            )}
          </SortableList>
        )}
      </div>
      <p className="dm-live bf-status" aria-live="polite">
        {status}
      </p>
      <SaveAlert alert={alert} />
      <div className="bf-actions">
        <button
          className="button"
          type="button"
          aria-disabled={pending || !dirty || undefined}
          onClick={() => {
            if (!pending && dirty) void save();
          }}
        >
          {pending ? '저장하는 중…' : '상품 목록 저장'}
        </button>
      </div>
    </section>
  );
}

function Product({ product: p }: { product: PickableProduct }) {
  return (
    <>
      {p.imageUrl ? (
        <img className="dm-thumb dm-thumb--square" src={p.imageUrl} alt="" width={48} height={48} />
      ) : (
        <span className="dm-thumb dm-thumb--square dm-thumb--empty" aria-hidden="true" />
      )}
      <span className="dm-product-text">
        <span className="dm-name">{p.productName}</span>
        <span className="dm-meta">
          {' '}
          {p.productNo}번 · {formatWon(p.salePrice)} · {p.saleStatusLabel}
        </span>
        {!p.listable && <span className="dm-warn"> · 지금 쇼핑몰에 보이지 않는 상품</span>}
      </span>
    </>
  );
}
