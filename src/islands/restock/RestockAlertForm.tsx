import { useId, useState, type FormEvent } from 'react';
import { restockAlertsApi } from '../../lib/clients/restock-alerts.ts';
import { errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import './restock.css';

export interface RestockAlertFormProps {
  productNo: number;
  /** The product's sold-out options: number and label ("강", "보라 / 10mm"; '' for a product without options). */
  options: { optionNo: number; label: string }[];
  member: boolean;
}

/**
 * 재입고 알림 신청 on a product page (decision 033): a member is told on the phone and e-mail of their
 * profile; a guest gives a phone number and agrees to its use for this message.
 */
export default function RestockAlertForm({ productNo, options, member }: RestockAlertFormProps) {
  const ids = useId();
  const [optionNo, setOptionNo] = useState(options[0]?.optionNo ?? 0);
  const [name, setName] = useState('');
  const [mobileNo, setMobileNo] = useState('');
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!member && !consent) {
      setMessage({ kind: 'error', text: '재입고 알림을 받으려면 휴대폰 번호 수집·이용에 동의해 주세요.' });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await unwrap(
        restockAlertsApi.index.$post({
          json: member
            ? { productNo, optionNo }
            : { productNo, optionNo, mobileNo, consent, ...(name.trim() ? { name: name.trim() } : {}) },
        }),
      );
      setMessage({
        kind: 'ok',
        text: member
          ? '재입고 알림을 신청했습니다. 입고되면 회원 정보의 휴대폰 번호와 이메일로 알려 드릴게요.'
          : '재입고 알림을 신청했습니다. 입고되면 문자로 알려 드릴게요.',
      });
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  if (options.length === 0) return null;
  return (
    <section className="restock-alert" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="restock-alert__title">
        재입고 알림 신청
      </h2>
      <p className="restock-alert__lead">품절된 옵션이 다시 입고되면 한 번 알려 드립니다.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {options.length > 1 || options[0]?.label ? (
          <div className="restock-alert__field">
            <label htmlFor={`${ids}-option`}>알림 받을 옵션</label>
            <select
              id={`${ids}-option`}
              value={optionNo}
              onChange={(e) => setOptionNo(Number(e.target.value))}
            >
              {options.map((o) => (
                <option key={o.optionNo} value={o.optionNo}>
                  {o.label || '기본'}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {member ? (
          <p className="restock-alert__note">회원 정보의 휴대폰 번호와 이메일로 알려 드립니다.</p>
        ) : (
          <>
            <div className="restock-alert__field">
              <label htmlFor={`${ids}-name`}>이름 (선택)</label>
              <input
                id={`${ids}-name`}
                autoComplete="name"
                maxLength={30}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <div className="restock-alert__field">
              <label htmlFor={`${ids}-mobile`}>휴대폰 번호</label>
              <input
                id={`${ids}-mobile`}
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                placeholder="010-1234-5678"
                required
                value={mobileNo}
                onChange={(e) => setMobileNo(e.target.value)}
              />
            </div>
            <label className="restock-alert__consent">
              <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
              <span>(필수) 재입고 알림을 보내기 위해 휴대폰 번호와 이름을 수집·이용하는 데 동의합니다.</span>
            </label>
          </>
        )}
        <button type="submit" className="restock-alert__submit" disabled={busy}>
          {busy ? '신청하는 중…' : '재입고 알림 신청'}
        </button>
        <p
          className={`restock-alert__message${message?.kind === 'error' ? ' is-error' : ''}`}
          role={message?.kind === 'error' ? 'alert' : 'status'}
        >
          {message?.text}
        </p>
      </form>
    </section>
  );
}
