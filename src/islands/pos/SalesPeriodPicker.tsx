import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { posSalesApi } from '../../lib/clients/pos-sales.ts';
import { errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import {
  PERIODS,
  isCalendarDate,
  periodHref,
  periodLabel,
  periodProblems,
  presetRange,
  seoulToday,
  type PeriodKey,
} from './SalesPeriod.ts';
import type { SalesReportData } from './SalesTypes.ts';

/**
 * The period of the sales page: 오늘, 어제, 최근 7일, 이번 달, 지난달 load at once; 직접 선택 takes a
 * start and an end date. It is a GET form, so it works before the island runs (and without it);
 * the island loads the figures through /api/pos/reports and keeps the address in step.
 */

export interface PickedPeriod {
  key: PeriodKey;
  /** The period shown. */
  from: string;
  to: string;
  /** The custom dates as typed (kept when they have problems). */
  input: { from: string; to: string };
  problems: { from?: string; to?: string };
}

interface Props {
  initial: PickedPeriod;
  onLoaded: (report: SalesReportData) => void;
}

export function SalesPeriodPicker({ initial, onLoaded }: Props) {
  const id = useId();
  const [key, setKey] = useState<PeriodKey>(initial.key);
  // a date input shows only real dates: a mistyped one from the address starts empty (and says so)
  const [from, setFrom] = useState(isCalendarDate(initial.input.from) ? initial.input.from : '');
  const [to, setTo] = useState(isCalendarDate(initial.input.to) ? initial.input.to : '');
  const [problems, setProblems] = useState(initial.problems);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  async function load(next: { key: PeriodKey; from: string; to: string }) {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    setError('');
    setStatus('');
    try {
      const report = await unwrap(
        posSalesApi.sales.$get(
          { query: { from: next.from, to: next.to } },
          { init: { signal: controller.signal } },
        ),
      );
      onLoaded(report);
      setStatus(`${periodLabel(next.from, next.to)} 매출을 불러왔습니다.`);
      window.history.replaceState(null, '', periodHref(next));
    } catch (err) {
      if (controller.signal.aborted) return;
      setError(errorMessage(err));
    } finally {
      if (pending.current === controller) setBusy(false);
    }
  }

  function pick(next: PeriodKey) {
    setKey(next);
    setProblems({});
    if (next === 'custom') return;
    const range = presetRange(next, seoulToday());
    setFrom(range.from);
    setTo(range.to);
    void load({ key: next, ...range });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = periodProblems(from, to);
    setProblems(found);
    if (found.from || found.to) return;
    setKey('custom');
    void load({ key: 'custom', from, to });
  }

  const customDate = (field: 'from' | 'to', label: string, value: string, set: (v: string) => void) => (
    <div className="sales-period__field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type="date"
        name={field}
        value={value}
        max="2999-12-31"
        onChange={(e) => {
          set(e.target.value);
          setKey('custom');
        }}
        aria-invalid={problems[field] ? true : undefined}
        aria-describedby={problems[field] ? `${id}-${field}-error` : undefined}
      />
      {problems[field] && (
        <p id={`${id}-${field}-error`} className="sales-period__error">
          {problems[field]}
        </p>
      )}
    </div>
  );

  return (
    <form className="sales-period" method="get" action="/test/pos/sales" onSubmit={submit} aria-busy={busy}>
      <fieldset className="sales-period__presets">
        <legend>기간</legend>
        {PERIODS.map((p) => (
          <label key={p.key} className="sales-period__preset">
            <input
              type="radio"
              name="period"
              value={p.key}
              checked={key === p.key}
              onChange={() => pick(p.key)}
            />
            <span>{p.label}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="sales-period__custom">
        <legend className="visually-hidden">직접 선택한 기간</legend>
        {customDate('from', '시작일', from, setFrom)}
        {customDate('to', '종료일', to, setTo)}
        <button type="submit" className="button" disabled={busy}>
          조회
        </button>
      </fieldset>
      <p className="sales-period__status" role="status">
        {busy ? '불러오는 중…' : status}
      </p>
      {error && (
        <p className="sales-period__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
