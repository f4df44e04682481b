import { useState } from 'react';
import {
  managerUpstreamApi,
  type UpstreamCheck as CheckResult,
} from '../../../lib/clients/manager-upstream.ts';
import { errorMessage, unwrap } from '../../../lib/shop-api-client.ts';
import { useHydrated } from '../../common/use-hydrated.ts';

/**
 * "연결 확인" on /upstream: asks the server to fetch a new print-service token and make one read
 * (POST /api/manager/upstream/check), and lists each step with its result and time.
 */
export default function UpstreamCheck() {
  const [pending, setPending] = useState(false);
  // Disabled in the server's HTML: a press before React runs would be lost.
  const hydrated = useHydrated();
  const [result, setResult] = useState<CheckResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function check() {
    setPending(true);
    setError(null);
    try {
      setResult(await unwrap(managerUpstreamApi.check.$post()));
    } catch (err) {
      setResult(null);
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="upstream-check">
      <button type="button" className="button" disabled={pending || !hydrated} onClick={() => void check()}>
        {pending ? '확인 중…' : '연결 확인'}
      </button>
      <div role="status" aria-live="polite">
        {result && (
          <>
            <p className={result.ok ? 'upstream-ok' : 'upstream-fail'}>
              {result.ok ? '인쇄 서비스에 연결되었습니다.' : '인쇄 서비스 연결에 실패했습니다.'}
            </p>
            <ol className="upstream-steps">
              {result.steps.map((s) => (
                <li key={s.step} data-step={s.step} data-ok={s.ok}>
                  <strong>{s.label}</strong> {s.ok ? '성공' : '실패'} ({s.ms.toLocaleString('ko-KR')}ms) —{' '}
                  {s.detail}
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      {error && (
        <p className="upstream-fail" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
