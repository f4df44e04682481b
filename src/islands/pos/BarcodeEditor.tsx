import { josa } from 'es-hangul';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import type { CounterItem } from '../../server/catalog/index.ts';
import { inHouseCode, isValidEan13 } from '../../lib/barcode.ts';
import { posCatalogApi } from '../../lib/clients/pos-catalog.ts';
import { formatWon } from '../../lib/money.ts';
import { ApiError, errorMessage, param, unwrap } from '../../lib/shop-api-client.ts';
import BarcodePreview from './BarcodePreview.tsx';
import CatalogOptionPicker, { optionName } from './CatalogOptionPicker.tsx';
import { useScanner } from './use-scanner.ts';

/**
 * Registering (`register`) or changing and removing (`update`) an option's barcode at the counter.
 * Choose the option, then scan the goods (anywhere on the screen, or into the field) or type the
 * code: the server checks an EAN-13's check digit and that no other option has the code, and
 * answers which option does. "자체 코드 만들기" gives the option the shop's Code 128 code. Every
 * change names the barcode the screen showed, so a colleague's change meanwhile is reported (409)
 * instead of overwritten.
 */

export interface BarcodeEditorProps {
  mode: 'register' | 'update';
  initial: CounterItem | null;
  /** A code to start with (the search screen's "등록되지 않은 바코드" link). */
  initialCode?: string | null;
}

type Problem = { kind: 'field' | 'conflict'; text: string };

export default function BarcodeEditor({ mode, initial, initialCode = null }: BarcodeEditorProps) {
  const id = useId();
  const [item, setItem] = useState<CounterItem | null>(initial);
  const [code, setCode] = useState(initialCode ?? (mode === 'update' ? (initial?.barcode ?? '') : ''));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const optionCall = (no: number) => ({ param: param({ optionNo: String(no) }) });

  function pick(next: CounterItem) {
    setItem(next);
    setProblem(null);
    setStatus(`${josa(optionName(next), '을/를')} 골랐습니다.`);
    if (mode === 'update') setCode(next.barcode ?? '');
    requestAnimationFrame(() => fieldRef.current?.focus());
  }

  function done(next: CounterItem, message: string) {
    setItem(next);
    setCode(next.barcode ?? '');
    setProblem(null);
    setStatus(message);
  }

  function fail(err: unknown) {
    if (err instanceof ApiError && err.code === 'VERSION_CONFLICT')
      setProblem({ kind: 'conflict', text: err.message });
    else setProblem({ kind: 'field', text: errorMessage(err) });
    setStatus('');
  }

  async function save(raw: string) {
    if (!item) return setProblem({ kind: 'field', text: '바코드를 붙일 옵션을 먼저 골라 주세요.' });
    const next = raw.trim();
    if (!next) {
      setProblem({ kind: 'field', text: '바코드를 스캔하거나 입력해 주세요.' });
      return fieldRef.current?.focus();
    }
    setBusy(true);
    try {
      const res = await unwrap(
        posCatalogApi.options[':optionNo'].barcode.$put({
          ...optionCall(item.optionNo),
          json: { barcode: next, previous: item.barcode },
        }),
      );
      done(res, `${optionName(res)}의 바코드를 저장했습니다: ${res.barcode ?? ''}`);
    } catch (err) {
      fail(err);
      fieldRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function makeInHouse() {
    if (!item) return;
    setBusy(true);
    try {
      const res = await unwrap(
        posCatalogApi.options[':optionNo'].barcode['in-house'].$post({
          ...optionCall(item.optionNo),
          json: { previous: item.barcode },
        }),
      );
      done(res, `자체 코드를 만들었습니다: ${res.barcode ?? ''}. 라벨을 인쇄해 상품에 붙여 주세요.`);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!item?.barcode) return;
    if (
      !window.confirm(
        `${optionName(item)}의 바코드(${item.barcode})를 지울까요? 이 바코드로는 더 찾을 수 없습니다.`,
      )
    )
      return;
    setBusy(true);
    try {
      const res = await unwrap(
        posCatalogApi.options[':optionNo'].barcode.$put({
          ...optionCall(item.optionNo),
          json: { barcode: null, previous: item.barcode },
        }),
      );
      done(res, `${optionName(res)}의 바코드를 지웠습니다.`);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function reload() {
    if (!item) return;
    try {
      const res = await unwrap(posCatalogApi.options[':optionNo'].$get(optionCall(item.optionNo)));
      done(res, `최신 내용을 불러왔습니다. 지금 바코드: ${res.barcode ?? '없음'}`);
    } catch (err) {
      fail(err);
    }
  }

  /** A scan before any option is chosen: the option that has the code, else the code kept for the next pick. */
  async function scannedFirst(scanned: string) {
    try {
      const hit = await unwrap(posCatalogApi.barcode.$get({ query: { code: scanned } }));
      pick(hit);
      setStatus(`${optionName(hit)}에 이미 등록된 바코드입니다: ${scanned}`);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) return fail(err);
      setCode(scanned);
      setProblem({
        kind: 'field',
        text: '등록되지 않은 바코드입니다. 이 바코드를 붙일 옵션을 먼저 골라 주세요.',
      });
    }
  }

  // a scan anywhere on the screen: into the field and saved (or, with no option yet, looked up)
  useScanner((scanned) => {
    if (busy) return;
    if (!item) return void scannedFirst(scanned);
    setCode(scanned);
    void save(scanned);
  }, fieldRef);

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    void save(code);
  }

  const trimmed = code.trim();
  const checkHint =
    /^\d{13}$/.test(trimmed) && isValidEan13(trimmed)
      ? 'EAN-13 검증 숫자가 맞습니다.'
      : /^\d{13}$/.test(trimmed)
        ? 'EAN-13 검증 숫자가 맞지 않습니다. 저장하면 맞는 숫자를 알려 드립니다.'
        : null;
  const unchanged = item !== null && trimmed === (item.barcode ?? '');

  return (
    <div className="pc-stack">
      <section className="pc-section" aria-labelledby={`${id}-opt`}>
        <h2 id={`${id}-opt`}>1. 옵션 고르기</h2>
        {item && (
          <div className="pc-card" data-option-no={item.optionNo}>
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
              <dd>{item.stock.toLocaleString('ko-KR')}개</dd>
              <dt>지금 바코드</dt>
              <dd data-current-barcode>
                {item.barcode ? (
                  <span className="pc-code">{item.barcode}</span>
                ) : (
                  <span className="pc-muted">없음</span>
                )}
              </dd>
            </dl>
          </div>
        )}
        <CatalogOptionPicker
          onPick={pick}
          selected={item?.optionNo}
          label={item ? '다른 옵션 찾기: 상품명, 상품 번호, 바코드' : '상품명, 상품 번호, 바코드'}
          autoFocus={!item}
        />
      </section>

      <section className="pc-section" aria-labelledby={`${id}-code`}>
        <h2 id={`${id}-code`}>2. {mode === 'register' ? '바코드 스캔 또는 입력' : '바코드 바꾸기'}</h2>
        <form className="pc-stack" onSubmit={submit} noValidate>
          <div className="pc-form-row">
            <div className="pc-field">
              <label htmlFor={`${id}-barcode`}>바코드 (EAN-13 13자리 또는 자체 코드)</label>
              <input
                ref={fieldRef}
                id={`${id}-barcode`}
                className="pc-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                size={20}
                autoFocus={item !== null}
                aria-invalid={problem?.kind === 'field' ? true : undefined}
                aria-describedby={`${id}-hint${problem?.kind === 'field' ? ` ${id}-err` : ''}`}
              />
            </div>
            <button className="button" type="submit" disabled={busy || !item || unchanged}>
              저장 <span className="pc-kbd">Enter</span>
            </button>
            <button
              className="button button--secondary"
              type="button"
              disabled={busy || !item || item.barcode === inHouseCode(item.optionNo)}
              onClick={() => void makeInHouse()}
            >
              자체 코드 만들기
            </button>
            {mode === 'update' && (
              <button
                className="button button--secondary"
                type="button"
                disabled={busy || !item?.barcode}
                onClick={() => void remove()}
              >
                바코드 지우기
              </button>
            )}
          </div>
          <p id={`${id}-hint`} className="pc-hint">
            {checkHint ??
              '스캐너로 찍으면 어디에 있든 이 칸에 들어가 저장됩니다. 제조사 바코드가 없으면 자체 코드(PD + 옵션 번호, Code 128)를 만드세요.'}
          </p>
          {problem?.kind === 'field' && (
            <p id={`${id}-err`} className="pc-error" role="alert">
              {problem.text}
            </p>
          )}
        </form>
        {problem?.kind === 'conflict' && (
          <div className="pc-alert" role="alert">
            <p>{problem.text}</p>
            <p>
              <button className="button button--secondary" type="button" onClick={() => void reload()}>
                최신 내용 불러오기
              </button>
            </p>
          </div>
        )}
        <BarcodePreview code={trimmed || null} />
      </section>

      <p className="pc-ok" role="status" aria-live="polite">
        {status}
      </p>
      {item?.barcode && (
        <p className="pc-actions">
          <a className="button button--secondary" href={`/test/pos/labels?o${item.optionNo}=1`}>
            라벨 인쇄
          </a>
          <a href={`/test/pos/product/barcode/search?code=${encodeURIComponent(item.barcode)}`}>
            바코드로 조회
          </a>
          <a href={`/test/pos/product/update?productNo=${item.productNo}`}>상품 수정</a>
        </p>
      )}
    </div>
  );
}
