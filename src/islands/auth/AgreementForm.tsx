import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { ACCOUNT_ERRORS } from '../../lib/errors/account.ts';
import { Email, MemberName, MobileNo, phoneDigits } from '../../lib/validation.ts';
import { socialProfileApi } from '../../lib/clients/oauth.ts';
import { ApiError, errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import { SOCIAL_PROVIDER_LABELS } from '../../lib/social-providers.ts';
import { completeLogin, saveRedirectTarget } from '../stores/auth.ts';
import {
  check,
  Field,
  focusFirstError,
  focusSoon,
  FormMessage,
  usePending,
  type Errors,
  SubmitButton,
} from './form-kit.tsx';
import { saveJoinAgreements } from './join-agreements.ts';
import { clearPending, clearSignUp, readSignUp, type SocialSignUp } from './social.ts';

export interface AgreementTerms {
  termsType: string;
  title: string;
  required: boolean;
  /** Sanitised HTML of the terms text (rendered by the page). */
  html: string;
}

export interface AgreementFormProps {
  terms: AgreementTerms[];
  /** `join`: then /join; `social`: first-time social sign-up (POST /shop-api/profile/openid). */
  mode: 'join' | 'social';
  redirect: string | null;
}

const MARKETING = 'MARKETING_RECEIVE';
type ProfileKey = 'memberName' | 'email' | 'mobileNo';

/** The register agreement (/member/member-register-agreement): terms, "전체 동의", then on. */
export default function AgreementForm({ terms, mode, redirect }: AgreementFormProps) {
  const uid = useId();
  const termId = (type: string) => `${uid}-terms-${type}`;
  const fieldId = (k: ProfileKey | 'alert' | 'terms-error') => `${uid}-${k}`;
  const [agreed, setAgreed] = useState<Record<string, boolean>>({});
  const [sms, setSms] = useState(false);
  const [mail, setMail] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [signUp, setSignUp] = useState<SocialSignUp | null>(null);
  const [signUpMissing, setSignUpMissing] = useState(false);
  const [profile, setProfile] = useState<Record<ProfileKey, string>>({
    memberName: '',
    email: '',
    mobileNo: '',
  });
  const [errors, setErrors] = useState<Errors<ProfileKey>>({});
  const [pending, run] = usePending();
  const hasMarketing = terms.some((t) => t.termsType === MARKETING);

  useEffect(() => {
    if (redirect) saveRedirectTarget(redirect);
    if (mode !== 'social') return;
    const found = readSignUp();
    if (!found || found.expiresAt <= Date.now()) {
      setSignUpMissing(true);
      return;
    }
    setSignUp(found);
    setProfile({
      memberName: found.profile.memberName ?? '',
      email: found.profile.email ?? '',
      mobileNo: found.profile.mobileNo ?? '',
    });
  }, [mode, redirect]);

  const allChecked = terms.every((t) => agreed[t.termsType]) && (!hasMarketing || (sms && mail));

  function setAll(on: boolean) {
    setAgreed(Object.fromEntries(terms.map((t) => [t.termsType, on])));
    setSms(on);
    setMail(on);
    if (on) setTermsError(null);
  }

  function setOne(type: string, on: boolean) {
    setAgreed((a) => ({ ...a, [type]: on }));
    if (type === MARKETING) {
      setSms(on);
      setMail(on);
    }
  }

  function setChannel(which: 'sms' | 'mail', on: boolean) {
    const nextSms = which === 'sms' ? on : sms;
    const nextMail = which === 'mail' ? on : mail;
    setSms(nextSms);
    setMail(nextMail);
    setAgreed((a) => ({ ...a, [MARKETING]: nextSms || nextMail }));
  }

  const missingRequired = terms.filter((t) => t.required && !agreed[t.termsType]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (missingRequired.length > 0) {
      setTermsError(ACCOUNT_ERRORS['required-terms'].message);
      focusSoon(termId(missingRequired[0]!.termsType));
      return;
    }
    setTermsError(null);
    const termsTypes = terms.filter((t) => agreed[t.termsType]).map((t) => t.termsType);
    const marketing = Boolean(agreed[MARKETING]);
    if (mode === 'join') {
      saveJoinAgreements({ termsTypes, smsAgreed: marketing && sms, directMailAgreed: marketing && mail });
      window.location.assign(redirect ? `/join?redirect=${encodeURIComponent(redirect)}` : '/join');
      return;
    }
    if (!signUp) return;
    const found: Errors<ProfileKey> = {
      memberName: check(MemberName, profile.memberName),
      email: profile.email ? check(Email, profile.email) : undefined,
      mobileNo: profile.mobileNo ? check(MobileNo, profile.mobileNo) : undefined,
    };
    setErrors(found);
    if (focusFirstError(found, ['memberName', 'email', 'mobileNo'], fieldId)) return;
    await run(async () => {
      try {
        await unwrap(
          socialProfileApi.openid.$post({
            json: {
              socialSignUpToken: signUp.socialSignUpToken,
              joinTermsAgreements: termsTypes,
              memberName: profile.memberName.trim(),
              ...(profile.email ? { email: profile.email.trim() } : {}),
              ...(profile.mobileNo ? { mobileNo: phoneDigits(profile.mobileNo) } : {}),
              smsAgreed: marketing && sms,
              directMailAgreed: marketing && mail,
            },
          }),
        );
      } catch (err) {
        const field: ProfileKey | undefined =
          err instanceof ApiError
            ? ({ 'duplication-email': 'email', 'duplication-phone': 'mobileNo' } as const)[
                err.code as 'duplication-email'
              ]
            : undefined;
        if (field) {
          setErrors((e) => ({ ...e, [field]: errorMessage(err) }));
          focusSoon(fieldId(field));
        } else {
          setFormError(errorMessage(err));
          focusSoon(fieldId('alert'));
        }
        return;
      }
      clearSignUp();
      clearPending();
      window.location.assign(await completeLogin(redirect));
    });
  }

  if (mode === 'social' && signUpMissing) {
    return (
      <div className="af-alert" role="alert">
        간편 가입 정보가 없거나 가입 가능 시간이 지났습니다.{' '}
        <a href="/login">간편 로그인을 처음부터 다시 진행해 주세요.</a>
      </div>
    );
  }

  return (
    <form method="post" className="af-form af-form--wide" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormMessage id={fieldId('alert')} error={formError} />
      {mode === 'social' && signUp ? (
        <p>
          {SOCIAL_PROVIDER_LABELS[signUp.provider]} 계정으로 처음 로그인하셨습니다. 약관에 동의하면 가입이
          완료됩니다.
        </p>
      ) : null}
      <fieldset className="af-fieldset" aria-describedby={termsError ? fieldId('terms-error') : undefined}>
        <legend className="af-legend">약관 동의</legend>
        <div className="af-check af-terms-all">
          <input
            id={`${uid}-all`}
            type="checkbox"
            checked={allChecked}
            onChange={(e) => setAll(e.target.checked)}
          />
          <label htmlFor={`${uid}-all`}>전체 동의 (선택 항목 포함)</label>
        </div>
        <ul className="af-terms" role="list">
          {terms.map((t) => (
            <li key={t.termsType} className="af-terms-item">
              <div className="af-check">
                <input
                  id={termId(t.termsType)}
                  type="checkbox"
                  checked={Boolean(agreed[t.termsType])}
                  onChange={(e) => setOne(t.termsType, e.target.checked)}
                  aria-invalid={termsError && t.required && !agreed[t.termsType] ? true : undefined}
                  aria-describedby={
                    termsError && t.required && !agreed[t.termsType] ? fieldId('terms-error') : undefined
                  }
                />
                <label htmlFor={termId(t.termsType)}>
                  {t.title.replace(/\s*\((필수|선택)\)\s*$/, '')}{' '}
                  <span className={t.required ? 'af-required' : 'af-optional'}>
                    ({t.required ? '필수' : '선택'})
                  </span>
                </label>
              </div>
              {t.html ? (
                <details>
                  <summary>{t.title.replace(/\s*\((필수|선택)\)\s*$/, '')} 내용 보기</summary>
                  <div className="af-terms-body" dangerouslySetInnerHTML={{ __html: t.html }} />
                </details>
              ) : null}
              {t.termsType === MARKETING ? (
                <div className="af-sub-checks" role="group" aria-label="광고성 정보 수신 방법">
                  <label className="af-check">
                    <input
                      type="checkbox"
                      checked={sms}
                      onChange={(e) => setChannel('sms', e.target.checked)}
                    />
                    SMS 수신
                  </label>
                  <label className="af-check">
                    <input
                      type="checkbox"
                      checked={mail}
                      onChange={(e) => setChannel('mail', e.target.checked)}
                    />
                    이메일 수신
                  </label>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {termsError ? (
          <p id={fieldId('terms-error')} className="af-error">
            {termsError}
          </p>
        ) : null}
      </fieldset>
      {mode === 'social' && signUp ? (
        <fieldset className="af-fieldset">
          <legend className="af-legend">가입 정보</legend>
          <Field
            id={fieldId('memberName')}
            label="이름"
            autoComplete="name"
            required
            value={profile.memberName}
            onChange={(e) => setProfile((p) => ({ ...p, memberName: e.target.value }))}
            error={errors.memberName}
          />
          <Field
            id={fieldId('email')}
            label={
              <>
                이메일 <span className="af-optional">(선택)</span>
              </>
            }
            type="email"
            autoComplete="email"
            value={profile.email}
            onChange={(e) => setProfile((p) => ({ ...p, email: e.target.value }))}
            error={errors.email}
          />
          <Field
            id={fieldId('mobileNo')}
            label={
              <>
                휴대폰 번호 <span className="af-optional">(선택)</span>
              </>
            }
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            value={profile.mobileNo}
            onChange={(e) => setProfile((p) => ({ ...p, mobileNo: e.target.value }))}
            error={errors.mobileNo}
          />
        </fieldset>
      ) : null}
      <div className="af-actions">
        <SubmitButton pending={pending}>
          {mode === 'social' ? (pending ? '가입하는 중…' : '동의하고 가입하기') : '동의하고 다음으로'}
        </SubmitButton>
      </div>
    </form>
  );
}
