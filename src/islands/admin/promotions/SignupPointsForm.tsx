import { useId, useState, type FormEvent } from 'react';
import { call, PromotionApiError, won } from './api.ts';
import './promotions.css';

/**
 * /manager/points: the welcome points every new member gets in the join (0: none), the owner's
 * welcome benefit beside the sign-up coupons of /manager/coupons (decision 029).
 */
export default function SignupPointsForm({ initial }: { initial: number }) {
  const id = useId();
  const [current, setCurrent] = useState(initial);
  const [amount, setAmount] = useState(String(initial));
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError('');
    setStatus('');
    const value = Number(amount.replaceAll(',', '').trim());
    if (amount.trim() === '' || !Number.isInteger(value) || value < 0) {
      setError('적립금을 0원 이상의 정수로 입력해 주세요. 주지 않으려면 0을 입력해 주세요.');
      return;
    }
    setPending(true);
    try {
      const res = await call<{ signupPoints: number }>('/api/manager/points/signup', { amount: value });
      setCurrent(res.signupPoints);
      setStatus(
        res.signupPoints > 0
          ? `이제 새 회원은 가입할 때 ${won(res.signupPoints)}을 받습니다.`
          : '이제 가입 적립금을 주지 않습니다.',
      );
    } catch (err) {
      setError(
        err instanceof PromotionApiError ? (err.fields.amount ?? err.message) : '저장하지 못했습니다.',
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="promo-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>가입 적립금</h2>
      <p>
        새 회원이 가입할 때 주는 적립금입니다. 지금:{' '}
        <strong data-testid="signup-points">{won(current)}</strong>
        {current === 0 ? ' (주지 않음)' : ''}. 가입 쿠폰은 쿠폰 관리에서 &lsquo;가입할 때 자동 발급&rsquo;으로
        정합니다.
      </p>
      <form className="promo-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="row">
          <div>
            <label htmlFor={`${id}-amount`}>가입 적립금(원)</label>
            <input
              id={`${id}-amount`}
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <button type="submit" className="button" disabled={pending}>
            {pending ? '저장하는 중…' : '저장'}
          </button>
        </div>
      </form>
      {error && (
        <p id={`${id}-error`} className="promo-error" role="alert">
          {error}
        </p>
      )}
      {status && (
        <p className="promo-status" role="status">
          {status}
        </p>
      )}
    </section>
  );
}
