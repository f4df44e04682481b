import { useEffect, useId, useRef, useState } from 'react';
import {
  integrationChecksApi,
  type CheckReportBody,
} from '../../../lib/clients/manager-integration-checks.ts';
import { ApiError, param, unwrap } from '../../../lib/shop-api-client.ts';
import { useHydrated } from '../../common/use-hydrated.ts';
import './integration-checks.css';

/**
 * Runs one integration check (POST /api/manager/integration-checks/{id}) and shows its steps: what
 * was done, ok or failed, the time it took and the service's answer. The result is announced
 * (role="status") and the table gets the focus, so a keyboard or screen-reader user lands on it.
 */

export interface CheckField {
  name: 'slug' | 'phone' | 'code' | 'state';
  label: string;
  hint?: string;
  defaultValue?: string;
  inputMode?: 'text' | 'tel' | 'numeric';
  /** Sent but not shown (the code and state a social login provider sent back). */
  hidden?: boolean;
}

const STATUS_TEXT = { ok: '정상', failed: '실패', skipped: '건너뜀' } as const;

/** The run in one line: all ok, ok with steps that could not run here, or failed. */
function verdict(report: CheckReportBody): string {
  if (!report.ok) return '실패한 단계가 있습니다';
  return report.steps.some((s) => s.status === 'skipped')
    ? '실패한 단계는 없습니다 (건너뛴 단계가 있습니다)'
    : '모두 정상입니다';
}

export default function CheckRunner({
  checkId,
  title,
  fields = [],
  runLabel = '점검 실행',
}: {
  checkId: string;
  title: string;
  fields?: CheckField[];
  runLabel?: string;
}) {
  const uid = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [report, setReport] = useState<CheckReportBody | null>(null);
  const resultRef = useRef<HTMLElement>(null);
  const hydrated = useHydrated();
  // each new result takes the focus once it is on the page
  useEffect(() => {
    if (report) resultRef.current?.focus();
  }, [report]);

  const run = async (form: HTMLFormElement) => {
    setPending(true);
    setError('');
    try {
      // read from the form itself: what was typed before the page came alive is kept
      const data = new FormData(form);
      const json: Record<string, string> = {};
      for (const f of fields) {
        const value = String(data.get(f.name) ?? '').trim();
        if (value) json[f.name] = value;
      }
      const answer = await unwrap(
        integrationChecksApi[':checkId'].$post({ param: param({ checkId }), json }),
      );
      setReport(answer);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '점검을 실행하지 못했습니다.');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="ic">
      <form
        className="ic-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(e.currentTarget);
        }}
      >
        {fields
          .filter((f) => f.hidden)
          .map((f) => (
            <input key={f.name} type="hidden" name={f.name} defaultValue={f.defaultValue ?? ''} />
          ))}
        {fields
          .filter((f) => !f.hidden)
          .map((f) => (
            <div className="ic-field" key={f.name}>
              <label htmlFor={`${uid}-${f.name}`}>{f.label}</label>
              <input
                id={`${uid}-${f.name}`}
                name={f.name}
                inputMode={f.inputMode ?? 'text'}
                defaultValue={f.defaultValue ?? ''}
                aria-describedby={f.hint ? `${uid}-${f.name}-hint` : undefined}
              />
              {f.hint && (
                <p className="ic-hint" id={`${uid}-${f.name}-hint`}>
                  {f.hint}
                </p>
              )}
            </div>
          ))}
        <button type="submit" className="ic-run" disabled={pending || !hydrated} aria-busy={pending}>
          {pending ? '점검 중…' : runLabel}
        </button>
      </form>
      <p className="ic-error" role="alert">
        {error}
      </p>
      <p className="visually-hidden" role="status">
        {report ? `${title} 점검 결과: ${verdict(report)}.` : ''}
      </p>
      {report && (
        <section
          className="ic-result"
          ref={resultRef}
          tabIndex={-1}
          aria-labelledby={`${uid}-result`}
          data-ok={report.ok}
        >
          <h2 id={`${uid}-result`} className="ic-result__title">
            {verdict(report)}
          </h2>
          <p className="ic-meta">연결: {report.adapter}</p>
          {report.notConfigured && (
            <div className="ic-notice">
              <p>{report.notConfigured.message}</p>
              <p>켜려면 다음 환경 변수를 설정하세요:</p>
              <ul>
                {report.notConfigured.settings.map((s) => (
                  <li key={s}>
                    <code>{s}</code>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <table className="ic-steps">
            <caption className="visually-hidden">{title} 점검 단계</caption>
            <thead>
              <tr>
                <th scope="col">단계</th>
                <th scope="col">결과</th>
                <th scope="col">걸린 시간</th>
                <th scope="col">응답</th>
              </tr>
            </thead>
            <tbody>
              {report.steps.map((s, i) => (
                <tr key={`${i}-${s.label}`} data-status={s.status}>
                  <th scope="row">
                    {i + 1}. {s.label}
                  </th>
                  <td className={`ic-status ic-status--${s.status}`}>{STATUS_TEXT[s.status]}</td>
                  <td>{s.status === 'skipped' && s.ms === 0 ? '—' : `${s.ms.toLocaleString('ko-KR')}ms`}</td>
                  <td className="ic-detail">{s.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.image && (
            <figure className="ic-image">
              <img src={report.image.src} alt={report.image.alt} />
              <figcaption>{report.image.alt}</figcaption>
            </figure>
          )}
          {report.links && report.links.length > 0 && (
            <ul className="ic-links">
              {report.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
