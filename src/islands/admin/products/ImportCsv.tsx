import { useEffect, useId, useRef, useState } from 'react';
import type { ImportReport } from '../../../server/catalog/index.ts';
import { ApiError, errorMessage, messageFor } from '../../../lib/shop-api-client.ts';
import '../../board/board-forms.css';
import './ProductTable.css';

/**
 * CSV import of products (/manager/products/import): the file goes first to a dry run
 * (POST /api/manager/products/import, dryRun=1), which writes nothing and lists every row's
 * problem and what would change; only a clean dry run unlocks 가져오기 실행, which sends the same
 * file with dryRun=0. The server checks everything again then (422 with the problems when the
 * products changed in between). XMLHttpRequest, not fetch, because only it reports upload progress.
 */

const ENDPOINT = '/api/manager/products/import';
/** The server's limit for manager uploads (src/api/middleware/security.ts). */
const MAX_BYTES = 10 * 1024 * 1024;
const NETWORK_MESSAGE = '서버에 연결하지 못했습니다. 인터넷 연결을 확인한 뒤 다시 시도해 주세요.';

type Phase = 'idle' | 'checking' | 'checked' | 'importing' | 'done';

interface Progress {
  loaded: number;
  total: number;
  /** The file is up; the server is reading it. */
  sent: boolean;
}

/** The report of a dry run or a run, or the refusal (status 422 carries a report too). */
function send(
  file: File,
  dryRun: boolean,
  onProgress: (p: Progress) => void,
): Promise<{ status: number; report: ImportReport }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ENDPOINT);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total, sent: false });
    };
    xhr.upload.onload = () => onProgress({ loaded: file.size, total: file.size, sent: true });
    xhr.onerror = () => reject(new ApiError(0, 'network-error', NETWORK_MESSAGE));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // not JSON: the status decides the message
      }
      if ((xhr.status === 200 || xhr.status === 422) && Array.isArray(body.problems)) {
        resolve({ status: xhr.status, report: body as unknown as ImportReport });
        return;
      }
      const code = typeof body.code === 'string' ? body.code : `HTTP_${xhr.status}`;
      const message = typeof body.message === 'string' ? body.message : undefined;
      reject(new ApiError(xhr.status, code, messageFor(code, message, xhr.status), body));
    };
    const form = new FormData();
    form.append('dryRun', dryRun ? '1' : '0');
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

const count = new Intl.NumberFormat('ko-KR');
const percent = (p: Progress) => (p.total > 0 ? Math.round((p.loaded / p.total) * 100) : 0);

function Summary({ report, done }: { report: ImportReport; done: boolean }) {
  const items: [string, number][] = [
    ['읽은 행', report.rowCount],
    [done ? '새로 등록한 상품' : '새로 등록할 상품', report.created],
    [done ? '수정한 상품' : '수정할 상품', report.updated],
    ['바뀐 내용이 없는 상품', report.unchanged],
    [done ? '추가한 옵션' : '추가할 옵션', report.optionsAdded],
    [done ? '재고를 바꾼 옵션' : '재고가 바뀔 옵션', report.stockChanges],
  ];
  return (
    <dl className="imp-summary">
      {items.map(([label, n]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{count.format(n)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Problems({ report, caption }: { report: ImportReport; caption: string }) {
  return (
    <table className="imp-problems">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">줄</th>
          <th scope="col">문제</th>
        </tr>
      </thead>
      <tbody>
        {report.problems.map((p, i) => (
          <tr key={`${p.row}-${i}`}>
            <td>{p.row}번째 줄</td>
            <td>{p.message}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ImportCsv() {
  const uid = useId();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [check, setCheck] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<{ status: number; report: ImportReport } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const busy = phase === 'checking' || phase === 'importing';

  // the result heading takes focus once it is on screen (after the render that shows it)
  const [focusAsk, setFocusAsk] = useState(0);
  useEffect(() => {
    if (focusAsk > 0) resultHeading.current?.focus();
  }, [focusAsk]);
  const focusResult = () => setFocusAsk((n) => n + 1);

  function choose(next: File | null) {
    setFile(next);
    setPhase('idle');
    setCheck(null);
    setResult(null);
    setProgress(null);
    setError(
      next && next.size > MAX_BYTES ? 'CSV 파일은 10MB까지 올릴 수 있습니다. 나눠서 가져와 주세요.' : null,
    );
  }

  async function run(dryRun: boolean) {
    if (!file) {
      setError('가져올 CSV 파일을 골라 주세요.');
      document.getElementById(`${uid}-file`)?.focus();
      return;
    }
    if (file.size > MAX_BYTES) return;
    setError(null);
    setResult(null);
    if (dryRun) setCheck(null);
    setPhase(dryRun ? 'checking' : 'importing');
    setProgress({ loaded: 0, total: file.size, sent: false });
    try {
      const answer = await send(file, dryRun, setProgress);
      if (dryRun) {
        setCheck(answer.report);
        setPhase('checked');
      } else {
        setResult(answer);
        setPhase(answer.status === 200 ? 'done' : 'checked');
        if (answer.status !== 200) setCheck(null);
      }
      focusResult();
    } catch (err) {
      setError(errorMessage(err));
      setPhase(dryRun ? 'idle' : 'checked');
    } finally {
      setProgress(null);
    }
  }

  const canImport = phase === 'checked' && check !== null && check.problems.length === 0;

  return (
    <div className="imp">
      <form
        className="bf-form"
        aria-labelledby={`${uid}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          void run(true);
        }}
      >
        <h2 id={`${uid}-title`} className="visually-hidden">
          가져올 파일 올리기
        </h2>
        <div className="bf-field">
          <label className="bf-label" htmlFor={`${uid}-file`}>
            CSV 파일
          </label>
          <input
            id={`${uid}-file`}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            aria-describedby={`${uid}-file-hint${error ? ` ${uid}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          <span id={`${uid}-file-hint`} className="bf-hint">
            내보내기로 받은 양식(UTF-8)으로, 10MB·5,000행까지 올릴 수 있습니다.
          </span>
          {error && (
            <p id={`${uid}-error`} className="bf-alert" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="bf-actions">
          <button className="button button--secondary" type="submit" disabled={busy || !file}>
            {phase === 'checking' ? '검사하는 중…' : '미리 검사하기'}
          </button>
          <button
            className="button"
            type="button"
            disabled={busy || !canImport}
            aria-describedby={`${uid}-import-hint`}
            onClick={() => void run(false)}
          >
            {phase === 'importing' ? '가져오는 중…' : '가져오기 실행'}
          </button>
        </div>
        <p id={`${uid}-import-hint`} className="bf-hint">
          미리 검사에서 문제가 하나도 없을 때만 실행할 수 있습니다. 검사는 아무것도 저장하지 않습니다.
        </p>
      </form>

      {progress && (
        <div className="bf-field">
          <label htmlFor={`${uid}-progress`}>
            {progress.sent ? '서버가 파일을 읽는 중입니다…' : `파일 올리는 중 ${percent(progress)}%`}
          </label>
          {progress.sent ? (
            <progress id={`${uid}-progress`} />
          ) : (
            <progress id={`${uid}-progress`} max={progress.total || 1} value={progress.loaded} />
          )}
        </div>
      )}
      <div role="status" aria-live="polite">
        {busy && (
          <p>{phase === 'checking' ? '파일을 올려 검사하는 중입니다…' : '파일을 올려 가져오는 중입니다…'}</p>
        )}
        {!busy && result?.status === 200 && (
          <p className="bf-status">
            가져오기를 마쳤습니다. 상품 {count.format(result.report.created)}개를 새로 등록하고{' '}
            {count.format(result.report.updated)}개를 수정했습니다.
          </p>
        )}
        {!busy && result && result.status !== 200 && (
          <p className="bf-alert">
            가져오지 않았습니다: 검사한 뒤에 바뀐 것이 있어 문제 {count.format(result.report.problems.length)}
            건이 생겼습니다. 아무것도 저장하지 않았으니 아래 내용을 고친 뒤 다시 검사해 주세요.
          </p>
        )}
        {!busy && !result && check && (
          <p className={check.problems.length > 0 ? 'bf-alert' : 'bf-status'}>
            {check.problems.length > 0
              ? `검사 결과 문제 ${count.format(check.problems.length)}건이 있습니다. 파일을 고친 뒤 다시 올려 주세요. 아무것도 저장하지 않았습니다.`
              : '검사 결과 문제가 없습니다. 아래 내용을 확인하고 ‘가져오기 실행’을 눌러 주세요.'}
          </p>
        )}
      </div>

      {(check || result) && (
        <section className="imp" aria-labelledby={`${uid}-result`}>
          <h2 id={`${uid}-result`} ref={resultHeading} tabIndex={-1} className="bf-legend">
            {result?.status === 200 ? '가져오기 결과' : result ? '가져오지 못한 이유' : '미리 검사 결과'}
          </h2>
          {result?.status === 200 ? (
            <>
              <Summary report={result.report} done />
              <p>
                <a href="/manager/products?sort=updated">최근 수정한 상품 보기</a>
              </p>
            </>
          ) : result ? (
            <Problems report={result.report} caption="가져오지 못한 행과 문제" />
          ) : check ? (
            <>
              <Summary report={check} done={false} />
              {check.problems.length > 0 && (
                <>
                  <h3 className="bf-legend">행별 문제 ({count.format(check.problems.length)}건)</h3>
                  <Problems report={check} caption="미리 검사에서 찾은 행별 문제" />
                </>
              )}
            </>
          ) : null}
        </section>
      )}
    </div>
  );
}
