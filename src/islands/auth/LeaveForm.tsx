import { useId, useState, type SubmitEvent } from 'react';
import { profileApi } from '../../lib/clients/profile.ts';
import { ApiError, errorMessage, query, unwrap } from '../../lib/shop-api-client.ts';
import { afterWithdrawal } from '../stores/auth.ts';
import { describedBy, focusSoon, FormMessage, usePending, SubmitButton } from './form-kit.tsx';

const LEAVE_REASONS = [
  '상품 종류가 부족해요',
  '가격이 만족스럽지 않아요',
  '배송이 느려요',
  '이용 빈도가 낮아요',
  '개인정보가 걱정돼요',
  '기타',
] as const;

/** /mypage/leave: a reason and a confirmation, then DELETE /shop-api/profile?reason=, logged out, home. */
export default function LeaveForm() {
  const uid = useId();
  const ids = {
    reason: `${uid}-reason`,
    detail: `${uid}-detail`,
    confirm: `${uid}-confirm`,
    alert: `${uid}-alert`,
  };
  const [reason, setReason] = useState('');
  const [detail, setDetail] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, run] = usePending();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found = {
      reason: reason ? undefined : '탈퇴 사유를 선택해 주세요.',
      confirm: confirmed ? undefined : '안내 사항을 확인하고 동의해 주세요.',
    };
    setErrors(found);
    if (found.reason) return focusSoon(ids.reason);
    if (found.confirm) return focusSoon(ids.confirm);
    const text = reason === '기타' && detail.trim() ? `기타: ${detail.trim()}` : reason;
    await run(async () => {
      try {
        await unwrap(profileApi.index.$delete({ query: query({ reason: text.slice(0, 500) }) }));
        afterWithdrawal();
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          window.location.assign(`/login?redirect=${encodeURIComponent('/mypage/leave')}`);
          return;
        }
        setFormError(errorMessage(err));
        focusSoon(ids.alert);
      }
    });
  }

  return (
    <form method="post" className="af-form af-form--wide" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormMessage id={ids.alert} error={formError} />
      <div className="af-field">
        <label htmlFor={ids.reason} className="af-label">
          탈퇴 사유 <span className="af-required">(필수)</span>
        </label>
        <select
          id={ids.reason}
          className="af-select"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setErrors((x) => ({ ...x, reason: undefined }));
          }}
          aria-required
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={describedBy(ids.reason, { error: errors.reason })}
        >
          <option value="">선택해 주세요</option>
          {LEAVE_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        {errors.reason ? (
          <p id={`${ids.reason}-error`} className="af-error">
            {errors.reason}
          </p>
        ) : null}
      </div>
      {reason === '기타' ? (
        <div className="af-field">
          <label htmlFor={ids.detail} className="af-label">
            자세한 사유 <span className="af-optional">(선택)</span>
          </label>
          <textarea
            id={ids.detail}
            className="af-textarea"
            maxLength={400}
            value={detail}
            onChange={(e) => setDetail(e.target.value)}
          />
        </div>
      ) : null}
      <div className="af-field">
        <div className="af-check">
          <input
            id={ids.confirm}
            type="checkbox"
            checked={confirmed}
            onChange={(e) => {
              setConfirmed(e.target.checked);
              setErrors((x) => ({ ...x, confirm: undefined }));
            }}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={describedBy(ids.confirm, { error: errors.confirm })}
          />
          <label htmlFor={ids.confirm}>위 안내 사항을 모두 확인했으며, 회원 탈퇴에 동의합니다.</label>
        </div>
        {errors.confirm ? (
          <p id={`${ids.confirm}-error`} className="af-error">
            {errors.confirm}
          </p>
        ) : null}
      </div>
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '처리하는 중…' : '회원 탈퇴'}</SubmitButton>
      </div>
    </form>
  );
}
