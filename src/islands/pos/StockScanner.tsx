import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { CounterItem } from '../../server/catalog/index.ts';
import { posCatalogApi } from '../../lib/clients/pos-catalog.ts';
import { ApiError, errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import CatalogOptionPicker, { optionName } from './CatalogOptionPicker.tsx';
import StockTable from './StockTable.tsx';
import {
  addScan,
  batchProblem,
  newBatchKey,
  removeLine,
  setQty,
  stepQty,
  type StockLine,
  type StockMode,
} from './StockLines.ts';
import { useScanner } from './use-scanner.ts';

/**
 * Receiving goods (`receive`) or counting a shelf (`count`) by scanning: every scan, anywhere on
 * the screen, is one more of its option; counts can be typed. 입고 반영 writes one RECEIVE ledger
 * line per option, 실사 반영 one COUNT line per option (the difference to the stock then), both in
 * the signed-in staff member's name. The list and its batch key survive a reload (localStorage),
 * and the server applies a batch once, so sending it again after a lost answer is safe.
 */

interface Applied {
  item: CounterItem;
  delta: number;
  stock: number;
  already: boolean;
}

interface Draft {
  batchKey: string;
  memo: string;
  lines: StockLine[];
  /**
   * Sent without an answer (the connection dropped): the server may have applied it. The list is
   * then kept as it is until the same batch is sent again, so the retry cannot skip new scans.
   */
  unsure?: boolean;
}

const storageKey = (mode: StockMode) => `podo:pos-stock:${mode}`;
const WORDS = {
  receive: { title: '입고', apply: '입고 반영', qty: '입고 수량' },
  count: { title: '재고 실사', apply: '실사 반영', qty: '센 수량' },
} as const;

export default function StockScanner({ mode, initial }: { mode: StockMode; initial: CounterItem | null }) {
  const id = useId();
  const words = WORDS[mode];
  // the batch key is made in the browser after hydration (random: the server's would differ)
  const [draft, setDraft] = useState<Draft>(() => ({
    batchKey: '',
    memo: '',
    lines: initial ? [{ item: initial, qty: 0, systemStock: initial.stock }] : [],
  }));
  const [code, setCode] = useState('');
  const [scanNote, setScanNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [applied, setApplied] = useState<Applied[]>([]);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const scanRef = useRef<HTMLInputElement>(null);
  /** The list as last set, read by handlers that run after an await (a burst of scans). */
  const draftRef = useRef(draft);
  const sending = useRef(false);
  function commit(next: Draft) {
    draftRef.current = next;
    setDraft(next);
  }
  /** Lookups in flight or done, by code: a burst of scans of one code asks the server once. */
  const lookups = useRef(new Map<string, Promise<CounterItem | null>>());

  // the list left on this device (a reload, another tab closed by mistake); a new ?optionNo= joins it
  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey(mode)) ?? 'null') as Draft | null;
      if (saved && Array.isArray(saved.lines) && typeof saved.batchKey === 'string')
        commit({
          ...saved,
          lines: draftRef.current.lines.reduce(
            (acc, l) => (acc.some((x) => x.item.optionNo === l.item.optionNo) ? acc : [l, ...acc]),
            saved.lines,
          ),
        });
    } catch {
      // nothing usable saved
    }
    if (!draftRef.current.batchKey) commit({ ...draftRef.current, batchKey: newBatchKey(mode) });
    setLoaded(true);
  }, [mode]);
  useEffect(() => {
    if (!loaded) return;
    if (draft.lines.length === 0 && !draft.memo) localStorage.removeItem(storageKey(mode));
    else localStorage.setItem(storageKey(mode), JSON.stringify(draft));
  }, [draft, loaded, mode]);

  const UNSURE = `지난 ${words.apply}의 결과를 받지 못했습니다. 목록을 바꾸기 전에 ${words.apply}를 다시 눌러 주세요.`;
  function update(fn: (lines: StockLine[]) => StockLine[]): boolean {
    const d = draftRef.current;
    if (d.unsure || sending.current) {
      setProblem(sending.current ? `${words.apply} 중입니다. 끝난 뒤에 다시 스캔해 주세요.` : UNSURE);
      return false;
    }
    commit({ ...d, lines: fn(d.lines) });
    return true;
  }

  function add(item: CounterItem, how: string) {
    if (!update((lines) => addScan(lines, item))) return;
    const now = draftRef.current.lines.find((l) => l.item.optionNo === item.optionNo)?.qty ?? 1;
    setScanNote({ ok: true, text: `${how}: ${optionName(item)} +1 (지금 ${now}개)` });
    setProblem(null);
  }

  async function scan(raw: string) {
    const q = raw.replace(/\s+/g, '');
    if (!q) return;
    let pending = lookups.current.get(q);
    if (!pending) {
      pending = unwrap(posCatalogApi.barcode.$get({ query: { code: q } })).catch((err: unknown) => {
        if (err instanceof ApiError && err.code === 'POS_ITEM_NOT_FOUND') return null;
        throw err;
      });
      lookups.current.set(q, pending);
    }
    try {
      const item = await pending;
      if (!item) {
        lookups.current.delete(q);
        setScanNote({
          ok: false,
          text: `등록되지 않은 바코드입니다: ${q}. 바코드를 먼저 등록하거나 상품명으로 찾아 주세요.`,
        });
        return;
      }
      add(item, '스캔');
    } catch (err) {
      lookups.current.delete(q);
      setScanNote({ ok: false, text: errorMessage(err) });
    }
  }

  useScanner((scanned) => void scan(scanned), scanRef, !busy);

  // F2: the scan field; F9: apply
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        scanRef.current?.focus();
      } else if (e.key === 'F9') {
        e.preventDefault();
        document.getElementById(`${id}-apply`)?.click();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [id]);

  function submitScan(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const q = code;
    setCode('');
    void scan(q);
  }

  async function apply() {
    const sent = draftRef.current.batchKey
      ? draftRef.current
      : { ...draftRef.current, batchKey: newBatchKey(mode) };
    const why = batchProblem(sent.lines, mode);
    if (why) return setProblem(why);
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      const res =
        mode === 'receive'
          ? await unwrap(
              posCatalogApi.stock.receive.$post({
                json: {
                  batchKey: sent.batchKey,
                  memo: sent.memo,
                  lines: sent.lines.map((l) => ({ optionNo: l.item.optionNo, quantity: l.qty })),
                },
              }),
            )
          : await unwrap(
              posCatalogApi.stock.count.$post({
                json: {
                  batchKey: sent.batchKey,
                  memo: sent.memo,
                  lines: sent.lines.map((l) => ({
                    optionNo: l.item.optionNo,
                    counted: l.qty,
                    systemStock: l.systemStock,
                  })),
                },
              }),
            );
      const byOption = new Map(res.lines.map((r) => [r.optionNo, r]));
      const done: Applied[] = [];
      const left: StockLine[] = [];
      for (const line of sent.lines) {
        const r = byOption.get(line.item.optionNo);
        if (r && (r.status === 'APPLIED' || r.status === 'ALREADY')) {
          done.push({
            item: line.item,
            delta: r.delta,
            stock: r.stock ?? line.item.stock,
            already: r.status === 'ALREADY',
          });
        } else if (r?.status === 'CHANGED') {
          // counted against a stock that moved: compare with the stock now, staff decide again
          left.push({ ...line, systemStock: r.stock ?? line.systemStock, note: r.message });
        } else {
          left.push({ ...line, note: r?.message ?? '반영하지 못했습니다. 다시 시도해 주세요.' });
        }
      }
      lookups.current.clear();
      setApplied(done);
      // what is left was not written: it goes as a new batch, so later scans of an option just
      // applied are not taken for a repeat of this one
      commit({ batchKey: newBatchKey(mode), memo: left.length ? sent.memo : '', lines: left });
      if (left.length > 0)
        setProblem(`${left.length}개 옵션은 반영하지 않았습니다. 표의 안내를 확인하고 다시 반영해 주세요.`);
    } catch (err) {
      // no answer: the same key again is safe (the server skips what it already wrote)
      const unsure = !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
      commit({ ...sent, unsure });
      setProblem(
        unsure
          ? `${errorMessage(err)} ${words.apply}를 다시 눌러 주세요. 이미 반영된 옵션은 두 번 반영되지 않습니다.`
          : errorMessage(err),
      );
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function clearAll() {
    if (draftRef.current.unsure) return setProblem(UNSURE);
    if (draftRef.current.lines.length > 0 && !window.confirm('스캔한 목록을 모두 지울까요?')) return;
    commit({ batchKey: newBatchKey(mode), memo: '', lines: [] });
    setScanNote(null);
    setProblem(null);
  }

  const totalQty = draft.lines.reduce((n, l) => n + l.qty, 0);
  return (
    <div className="pc-stack">
      <section className="pc-section" aria-labelledby={`${id}-scan-title`}>
        <h2 id={`${id}-scan-title`}>스캔</h2>
        <form className="pc-form-row" onSubmit={submitScan}>
          <div className="pc-field">
            <label htmlFor={`${id}-scan`}>
              바코드 <span className="pc-kbd">F2</span>
            </label>
            <input
              ref={scanRef}
              id={`${id}-scan`}
              className="pc-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              aria-keyshortcuts="F2"
              aria-describedby={`${id}-scan-hint`}
              size={20}
            />
          </div>
          <button className="button button--secondary" type="submit">
            추가
          </button>
        </form>
        <p id={`${id}-scan-hint`} className="pc-hint">
          스캐너로 찍을 때마다 그 옵션이 하나씩 늘어납니다. 화면 어디에 있든 스캔됩니다.
        </p>
        <p
          className={`pc-scan-status ${scanNote && !scanNote.ok ? 'pc-error' : ''}`}
          role="status"
          aria-live="polite"
        >
          {scanNote?.text}
        </p>
        <details>
          <summary>바코드 없이 상품명으로 찾아 넣기</summary>
          <CatalogOptionPicker onPick={(item) => add(item, '추가')} />
        </details>
      </section>

      <section className="pc-section" aria-labelledby={`${id}-list-title`}>
        <h2 id={`${id}-list-title`}>
          {words.title} 목록{' '}
          <span className="pc-muted">
            {draft.lines.length}개 옵션 · {totalQty.toLocaleString('ko-KR')}개
          </span>
        </h2>
        <StockTable
          mode={mode}
          lines={draft.lines}
          qtyLabel={words.qty}
          onQty={(optionNo, text) => void update((lines) => setQty(lines, optionNo, text))}
          onStep={(optionNo, by) => void update((lines) => stepQty(lines, optionNo, by))}
          onRemove={(optionNo) => void update((lines) => removeLine(lines, optionNo))}
        />
        <div className="pc-field">
          <label htmlFor={`${id}-memo`}>메모 (거래처, 진열대 등)</label>
          <input
            id={`${id}-memo`}
            value={draft.memo}
            onChange={(e) => {
              const d = draftRef.current;
              if (!d.unsure && !sending.current) commit({ ...d, memo: e.target.value });
            }}
            maxLength={100}
          />
        </div>
        {problem && (
          <p className="pc-error" role="alert">
            {problem}
          </p>
        )}
        <p className="pc-actions">
          <button
            id={`${id}-apply`}
            className="button"
            type="button"
            disabled={busy}
            aria-keyshortcuts="F9"
            onClick={() => void apply()}
          >
            {busy ? '반영 중…' : words.apply} <span className="pc-kbd">F9</span>
          </button>
          <button className="button button--secondary" type="button" onClick={clearAll} disabled={busy}>
            목록 비우기
          </button>
          <span className="pc-hint">{draft.batchKey}</span>
        </p>
      </section>

      <div role="status" aria-live="polite">
        {applied.length > 0 && (
          <section className="pc-section" aria-label={`${words.apply} 결과`} data-applied>
            <h2>{words.apply} 결과</h2>
            <ul>
              {applied.map((a) => (
                <li key={a.item.optionNo} data-option-no={a.item.optionNo}>
                  {optionName(a.item)}: {a.delta > 0 ? '+' : a.delta < 0 ? '−' : ''}
                  {Math.abs(a.delta).toLocaleString('ko-KR')}개 → 재고{' '}
                  <strong data-stock>{a.stock.toLocaleString('ko-KR')}개</strong>
                  {a.already && ' (이미 반영되어 있었습니다)'}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
