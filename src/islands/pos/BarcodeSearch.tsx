import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { CounterItem } from '../../server/catalog/index.ts';
import { posCatalogApi } from '../../lib/clients/pos-catalog.ts';
import { formatWon } from '../../lib/money.ts';
import { SALE_STATUS_LABELS } from '../../lib/product-status.ts';
import { ApiError, errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import { useScanner } from './use-scanner.ts';

/**
 * "What is this?" at the counter: scan (anywhere on the screen) or type a code and see the option
 * it belongs to — product, option, price, stock — or that no option has it, with a link to
 * register it. The last few lookups stay listed below.
 */

type Lookup = { code: string; item: CounterItem | null };

export default function BarcodeSearch({ initialCode = null }: { initialCode?: string | null }) {
  const id = useId();
  const [code, setCode] = useState(initialCode ?? '');
  const [result, setResult] = useState<Lookup | null>(null);
  const [history, setHistory] = useState<Lookup[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);

  /** The option of `code`, or null for a code no option has. */
  async function find(code: string): Promise<Lookup> {
    const item = await unwrap(posCatalogApi.barcode.$get({ query: { code } })).catch((err: unknown) => {
      if (err instanceof ApiError && err.code === 'POS_ITEM_NOT_FOUND') return null;
      throw err;
    });
    return { code, item };
  }

  function show(found: Lookup) {
    setResult(found);
    setHistory((h) => [found, ...h.filter((x) => x.code !== found.code)].slice(0, 6));
    setCode('');
  }

  async function lookup(raw: string) {
    const q = raw.trim();
    if (!q) {
      setError('바코드를 스캔하거나 입력해 주세요.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      show(await find(q));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
      fieldRef.current?.focus();
    }
  }

  useScanner((scanned) => void lookup(scanned), fieldRef);

  // the address's ?code= is looked up once, as if scanned
  const [asked] = useState(initialCode?.trim() || null);
  useEffect(() => {
    if (!asked) return undefined;
    let live = true;
    find(asked)
      .then((found) => live && show(found))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [asked]);

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    void lookup(code);
  }

  const item = result?.item ?? null;
  return (
    <div className="pc-stack">
      <form className="pc-form-row" role="search" onSubmit={submit}>
        <div className="pc-field">
          <label htmlFor={`${id}-code`}>바코드</label>
          <input
            ref={fieldRef}
            id={`${id}-code`}
            className="pc-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            size={20}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-err` : ''}`}
          />
        </div>
        <button className="button" type="submit" disabled={busy}>
          조회 <span className="pc-kbd">Enter</span>
        </button>
      </form>
      <p id={`${id}-hint`} className="pc-hint">
        스캐너로 찍으면 화면 어디에 있든 바로 조회합니다.
      </p>
      {error && (
        <p id={`${id}-err`} className="pc-error" role="alert">
          {error}
        </p>
      )}

      <div role="status" aria-live="polite">
        {result && item && (
          <div className="pc-card" data-result="found" data-option-no={item.optionNo}>
            <p>
              <span className="pc-code">{result.code}</span>
            </p>
            <dl>
              <dt>상품</dt>
              <dd>
                {item.productName} <span className="pc-muted">({item.productNo})</span>
              </dd>
              <dt>옵션</dt>
              <dd>
                {item.optionLabel || '기본 옵션'} <span className="pc-muted">#{item.optionNo}</span>
              </dd>
              <dt>매장 판매가</dt>
              <dd>{formatWon(item.unitPrice)}</dd>
              <dt>재고</dt>
              <dd data-stock>{item.stock.toLocaleString('ko-KR')}개</dd>
              <dt>판매 상태</dt>
              <dd>
                {SALE_STATUS_LABELS[item.saleStatus as keyof typeof SALE_STATUS_LABELS] ?? item.saleStatus}
                {!item.sellable && ' (지금은 판매할 수 없음)'}
                {item.sellable && item.soldOut && ' (품절)'}
              </dd>
            </dl>
            <p className="pc-actions">
              <a href={`/test/pos/product/barcode/update?optionNo=${item.optionNo}`}>바코드 변경</a>
              <a href={`/test/pos/labels?o${item.optionNo}=1`}>라벨 인쇄</a>
              <a href={`/test/pos/stock?mode=receive&optionNo=${item.optionNo}`}>입고</a>
              <a href={`/test/pos/product/update?productNo=${item.productNo}`}>상품 수정</a>
            </p>
          </div>
        )}
        {result && !item && (
          <div className="pc-alert" data-result="unknown">
            <p>
              <strong>등록되지 않은 바코드</strong>입니다: <span className="pc-code">{result.code}</span>
            </p>
            <p>
              <a href={`/test/pos/product/barcode/register?code=${encodeURIComponent(result.code)}`}>
                이 바코드를 옵션에 등록하기
              </a>
            </p>
          </div>
        )}
      </div>

      {history.length > 1 && (
        <section aria-labelledby={`${id}-recent`}>
          <h2 id={`${id}-recent`} className="pc-label">
            최근 조회
          </h2>
          <ul>
            {history.slice(1).map((h) => (
              <li key={h.code}>
                <span className="pc-code">{h.code}</span> —{' '}
                {h.item
                  ? `${h.item.productName}${h.item.optionLabel ? ` · ${h.item.optionLabel}` : ''}, ${formatWon(h.item.unitPrice)}, 재고 ${h.item.stock}개`
                  : '등록되지 않은 바코드'}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
