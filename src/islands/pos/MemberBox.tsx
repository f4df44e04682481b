import { useId, useState, type RefObject, type SubmitEvent } from 'react';
import type { AppliedCoupon } from '../../lib/pos/pricing.ts';
import { formatWon } from '../../lib/money.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import { membersByPhone, type CounterMember } from './pos-api.ts';
import { couponEndLabel } from '../../lib/coupon-rules.ts';

/** The customer as a member (F4): found by mobile number, to earn points, spend them and use coupons. */
export interface MemberBoxProps {
  inputRef: RefObject<HTMLInputElement | null>;
  member: CounterMember | null;
  /** The member's coupons the staff ticked (issue numbers), and what each takes off now. */
  chosenCoupons: readonly number[];
  appliedCoupons: readonly AppliedCoupon[];
  onToggleCoupon: (couponIssueNo: number) => void;
  usePoints: number;
  /** Points may cover at most this (the amount after discounts). */
  maxPoints: number;
  online: boolean;
  onMember: (m: CounterMember | null) => void;
  onUsePoints: (points: number) => void;
  announce: (text: string) => void;
}

export default function MemberBox({
  inputRef,
  member,
  chosenCoupons,
  appliedCoupons,
  onToggleCoupon,
  usePoints,
  maxPoints,
  online,
  onMember,
  onUsePoints,
  announce,
}: MemberBoxProps) {
  const uid = useId();
  const [phone, setPhone] = useState('');
  const [found, setFound] = useState<CounterMember[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const limit = member ? Math.min(member.points, maxPoints) : 0;

  async function find(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const digits = phone.replace(/\D/g, '');
    if (!/^01\d{8,9}$/.test(digits)) {
      setError('휴대폰 번호를 010-1234-5678처럼 입력해 주세요.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const members = await membersByPhone(digits);
      if (members.length === 0) {
        setFound([]);
        setError('이 번호로 가입한 회원이 없습니다.');
      } else if (members.length === 1) {
        choose(members[0]!);
      } else {
        setFound(members);
        announce(`회원 ${members.length}명을 찾았습니다. 한 명을 골라 주세요.`);
      }
    } catch (err) {
      setError(online ? errorMessage(err) : '오프라인에서는 회원을 찾을 수 없습니다.');
    } finally {
      setBusy(false);
    }
  }

  function choose(m: CounterMember) {
    onMember(m);
    setFound(null);
    setPhone('');
    announce(
      `${m.maskedName} 회원을 선택했습니다. 적립금 ${formatWon(m.points)}${m.coupons.length > 0 ? `, 쿠폰 ${m.coupons.length}장` : ''}.`,
    );
  }

  if (member)
    return (
      <section className="pos-member" aria-labelledby={`${uid}-title`}>
        <h2 id={`${uid}-title`} className="pos-panel__title">
          회원
        </h2>
        <p className="pos-member__who">
          <strong>{member.maskedName}</strong> {member.maskedMobile} · 적립금 {formatWon(member.points)}
        </p>
        <div className="pos-field pos-field--inline">
          <label htmlFor={`${uid}-points`}>사용할 적립금(원)</label>
          <input
            id={`${uid}-points`}
            inputMode="numeric"
            value={usePoints || ''}
            placeholder="0"
            aria-describedby={`${uid}-points-hint`}
            onChange={(e) => onUsePoints(Math.min(limit, Number(e.target.value.replace(/\D/g, '')) || 0))}
          />
          <button type="button" className="button button--secondary" onClick={() => onUsePoints(limit)}>
            모두 사용
          </button>
        </div>
        <p id={`${uid}-points-hint`} className="pos-hint">
          {formatWon(limit)}까지 쓸 수 있습니다.
        </p>
        {member.coupons.length > 0 ? (
          <fieldset className="pos-member__coupons">
            <legend>쿠폰 {member.coupons.length}장</legend>
            <ul role="list">
              {member.coupons.map((c) => {
                const applied = appliedCoupons.find((a) => a.couponIssueNo === c.couponIssueNo);
                const chosen = chosenCoupons.includes(c.couponIssueNo);
                return (
                  <li key={c.couponIssueNo}>
                    <label>
                      <input
                        type="checkbox"
                        checked={chosen}
                        disabled={!online}
                        onChange={() => onToggleCoupon(c.couponIssueNo)}
                      />{' '}
                      {c.couponName}
                      <span className="pos-hint">
                        {' '}
                        · {c.couponType === 'CART' ? '주문 쿠폰' : '상품 쿠폰'}
                        {c.minOrderAmt > 0 && ` · ${formatWon(c.minOrderAmt)} 이상`} ·{' '}
                        {couponEndLabel(c.useEndAt)}
                      </span>
                      {chosen && applied && <strong> −{formatWon(applied.discountAmt)}</strong>}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ) : (
          <p className="pos-hint">쓸 수 있는 쿠폰이 없습니다.</p>
        )}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onMember(null);
            announce('회원 선택을 풀었습니다.');
          }}
        >
          회원 해제
        </button>
      </section>
    );

  return (
    <section className="pos-member" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="pos-panel__title">
        회원 <kbd>F4</kbd>
      </h2>
      <form className="pos-field pos-field--inline" onSubmit={(e) => void find(e)} noValidate>
        <label htmlFor={`${uid}-phone`}>휴대폰 번호</label>
        <input
          ref={inputRef}
          id={`${uid}-phone`}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-error` : undefined}
        />
        <button type="submit" className="button button--secondary" disabled={busy || !online}>
          {busy ? '찾는 중…' : '회원 찾기'}
        </button>
      </form>
      {error && (
        <p id={`${uid}-error`} className="pos-error" role="alert">
          {error}
        </p>
      )}
      {found && found.length > 1 && (
        <ul className="pos-member__list" role="list" aria-label="찾은 회원">
          {found.map((m) => (
            <li key={m.memberNo}>
              <button type="button" className="button button--secondary" onClick={() => choose(m)}>
                {m.maskedName} {m.maskedMobile} · 적립금 {formatWon(m.points)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
