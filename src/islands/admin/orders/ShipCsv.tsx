import { useEffect, useId, useRef, useState } from 'react';
import { managerOrderApi } from '../../../lib/clients/manager-orders.ts';
import { deliveryCompanyOf } from '../../../lib/order-claims.ts';
import { errorMessage, unwrap } from '../../../lib/shop-api-client.ts';
import '../../board/board-forms.css';

/**
 * Ship many orders from the courier's file (POST /api/manager/orders/shipments): the file is read
 * in the browser, checked by the server first (a dry run: every row with what is wrong), then the
 * good rows are shipped and each row's outcome shown. Nothing is shipped before the owner confirms.
 */

interface Row {
  line: number;
  orderNo: string;
  deliveryCompanyType: string | null;
  invoiceNo: string;
  problem: string | null;
  shipped?: boolean;
}
interface Result {
  dryRun: boolean;
  rows: Row[];
  okCount: number;
  problemCount: number;
}

export default function ShipCsv() {
  const uid = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  async function send(text: string, dryRun: boolean) {
    setPending(true);
    setError(null);
    try {
      setResult((await unwrap(managerOrderApi.shipments.$post({ json: { csv: text, dryRun } }))) as Result);
    } catch (err) {
      setResult(null);
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  async function choose(file: File | undefined) {
    setResult(null);
    setError(null);
    if (!file) return;
    if (file.size > 200_000) {
      setError('파일이 너무 큽니다. 2,000줄 이하로 나눠 올려 주세요.');
      return;
    }
    const text = await file.text();
    setCsv(text);
    setFileName(file.name);
    await send(text, true);
  }

  const done = result && !result.dryRun;
  return (
    <div className="bf-form ship-csv">
      <div className="bf-field">
        <label htmlFor={`${uid}-file`}>택배사 송장 파일 (CSV)</label>
        <input
          id={`${uid}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${uid}-hint`}
          disabled={pending}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <p id={`${uid}-hint`} className="bf-hint">
          첫 줄은 <code>주문번호,택배사,송장번호</code>입니다. 택배사는 CJ대한통운처럼 이름이나 CJ처럼 코드로
          적습니다. 올리면 먼저 줄마다 확인만 하고, 발송은 확인 뒤에 합니다.
        </p>
      </div>
      {error && (
        <p className="bf-error" role="alert">
          {error}
        </p>
      )}
      {pending && <p role="status">확인하는 중…</p>}
      {result && (
        <section aria-labelledby={`${uid}-result`}>
          <h2 id={`${uid}-result`} ref={resultHeading} tabIndex={-1}>
            {done
              ? `${result.okCount}건을 발송 처리했습니다`
              : `${fileName}: 발송할 수 있는 ${result.okCount}건, 확인이 필요한 ${result.problemCount}건`}
          </h2>
          <table className="ledger">
            <caption className="visually-hidden">줄마다 확인한 결과</caption>
            <thead>
              <tr>
                <th scope="col">줄</th>
                <th scope="col">주문번호</th>
                <th scope="col">택배사</th>
                <th scope="col">송장번호</th>
                <th scope="col">결과</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((r) => (
                <tr key={r.line} data-line={r.line} data-problem={r.problem ? 'true' : undefined}>
                  <td>{r.line}</td>
                  <td>{r.orderNo}</td>
                  <td>{deliveryCompanyOf(r.deliveryCompanyType)?.label ?? '-'}</td>
                  <td>{r.invoiceNo}</td>
                  <td>{r.problem ?? (r.shipped ? '발송 처리함' : '발송할 수 있음')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!done && result.okCount > 0 && csv && (
            <p className="bf-actions">
              <button
                type="button"
                className="button"
                disabled={pending}
                onClick={() => void send(csv, false)}
              >
                문제 없는 {result.okCount}건 발송 처리
              </button>
            </p>
          )}
        </section>
      )}
    </div>
  );
}
