import { useId, useState, type FormEvent } from 'react';
import { call, PromotionApiError, won } from './api.ts';
import './promotions.css';

/**
 * /manager/points: find a member by id or mobile number, see the balance and the ledger, and grant
 * or deduct points with a required reason. Every change is one ledger line; the server refuses a
 * deduction beyond the balance.
 */

interface Member {
  memberNo: number;
  memberId: string | null;
  memberName: string | null;
  mobileNo: string | null;
  balance: number;
}
interface LedgerItem {
  accumulationNo: number;
  accumulationStatus: 'GIVE' | 'SUBTRACTION';
  accumulationAmt: number;
  accumulationReserveReasonDisplay: string;
  reasonDetail: string;
  orderNo: string;
  registerYmdt: string;
  totalAvailableAmt: number;
}

export default function PointsManager() {
  const id = useId();
  const [q, setQ] = useState('');
  const [searchError, setSearchError] = useState('');
  const [member, setMember] = useState<Member | null>(null);
  const [ledger, setLedger] = useState<LedgerItem[]>([]);
  const [kind, setKind] = useState<'GRANT' | 'DEDUCT'>('GRANT');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [pending, setPending] = useState(false);

  async function load(memberNo: number) {
    const res = await call<{ member: Member; items: LedgerItem[] }>(
      `/api/manager/points/members/${memberNo}`,
    );
    setMember(res.member);
    setLedger(res.items);
  }

  async function onSearch(e: FormEvent) {
    e.preventDefault();
    setSearchError('');
    setStatus('');
    setError('');
    try {
      const found = await call<Member>(`/api/manager/points/members?q=${encodeURIComponent(q.trim())}`);
      await load(found.memberNo);
    } catch (err) {
      setMember(null);
      setLedger([]);
      setSearchError(err instanceof Error ? err.message : '회원을 찾지 못했습니다.');
    }
  }

  async function onAdjust(e: FormEvent) {
    e.preventDefault();
    if (!member) return;
    setPending(true);
    setError('');
    setStatus('');
    const raw = amount.trim().replace(/,/g, '');
    try {
      const after = await call<Member>(`/api/manager/points/members/${member.memberNo}`, {
        kind,
        amount: /^\d+$/.test(raw) ? Number(raw) : raw,
        reason,
      });
      setFields({});
      setAmount('');
      setReason('');
      await load(member.memberNo);
      setStatus(
        `${won(Number(raw))} ${kind === 'GRANT' ? '지급' : '차감'}했습니다. 보유 적립금 ${won(after.balance)}`,
      );
    } catch (err) {
      if (err instanceof PromotionApiError) {
        setFields(err.fields);
        setError(err.message);
      } else setError('요청을 처리하지 못했습니다.');
    } finally {
      setPending(false);
    }
  }

  const invalid = (name: string) => ({
    'aria-invalid': fields[name] ? ('true' as const) : undefined,
    'aria-describedby': fields[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="promo-field-error">
        {fields[name]}
      </p>
    ) : null;

  return (
    <div>
      <section className="promo-section" aria-labelledby={`${id}-find`}>
        <h2 id={`${id}-find`}>회원 찾기</h2>
        <form className="promo-form" onSubmit={(e) => void onSearch(e)} role="search">
          <div className="row">
            <div>
              <label htmlFor={`${id}-q`}>회원 아이디 또는 휴대폰 번호</label>
              <input id={`${id}-q`} type="text" size={30} value={q} onChange={(e) => setQ(e.target.value)} />
            </div>
            <button type="submit" className="button">
              찾기
            </button>
          </div>
          <p className="promo-error" role="alert">
            {searchError}
          </p>
        </form>
      </section>

      {member && (
        <section className="promo-section" aria-labelledby={`${id}-member`}>
          <h2 id={`${id}-member`}>
            {member.memberName ?? '이름 없음'} ({member.memberId ?? `회원 ${member.memberNo}`})
          </h2>
          <p>
            {member.mobileNo && <span>{member.mobileNo} · </span>}
            보유 적립금{' '}
            <span className="promo-balance" data-testid="points-balance">
              {won(member.balance)}
            </span>
          </p>

          <form
            className="promo-form"
            onSubmit={(e) => void onAdjust(e)}
            noValidate
            aria-labelledby={`${id}-adjust`}
          >
            <h3 id={`${id}-adjust`}>적립금 지급·차감</h3>
            <fieldset>
              <legend>구분</legend>
              <label>
                <input
                  type="radio"
                  name="kind"
                  checked={kind === 'GRANT'}
                  onChange={() => setKind('GRANT')}
                />
                지급
              </label>
              <label>
                <input
                  type="radio"
                  name="kind"
                  checked={kind === 'DEDUCT'}
                  onChange={() => setKind('DEDUCT')}
                />
                차감
              </label>
            </fieldset>
            <div className="row">
              <div>
                <label htmlFor={`${id}-amount`}>금액(원)</label>
                <input
                  id={`${id}-amount`}
                  type="text"
                  inputMode="numeric"
                  size={10}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  {...invalid('amount')}
                />
                {fieldError('amount')}
              </div>
              <div>
                <label htmlFor={`${id}-reason`}>사유 (필수)</label>
                <input
                  id={`${id}-reason`}
                  type="text"
                  size={40}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  {...invalid('reason')}
                />
                {fieldError('reason')}
              </div>
            </div>
            <p className="promo-error" role="alert">
              {error}
            </p>
            <p className="promo-status" role="status">
              {status}
            </p>
            <div>
              <button type="submit" className="button primary" disabled={pending}>
                {kind === 'GRANT' ? '지급하기' : '차감하기'}
              </button>
            </div>
          </form>

          <h3>적립금 내역</h3>
          {ledger.length === 0 ? (
            <p>내역이 없습니다.</p>
          ) : (
            <table className="promo-table">
              <caption className="visually-hidden">적립금 내역, 최신순</caption>
              <thead>
                <tr>
                  <th scope="col">일시</th>
                  <th scope="col">구분</th>
                  <th scope="col">금액</th>
                  <th scope="col">사유</th>
                  <th scope="col">잔액</th>
                </tr>
              </thead>
              <tbody>
                {ledger.map((l) => (
                  <tr key={l.accumulationNo}>
                    <td>{l.registerYmdt.slice(0, 16)}</td>
                    <td>{l.accumulationReserveReasonDisplay}</td>
                    <td className="num">
                      {l.accumulationStatus === 'GIVE' ? '+' : '−'}
                      {won(l.accumulationAmt)}
                    </td>
                    <td>
                      {l.reasonDetail}
                      {l.orderNo && <span className="promo-hint"> 주문 {l.orderNo}</span>}
                    </td>
                    <td className="num">{won(l.totalAvailableAmt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </div>
  );
}
