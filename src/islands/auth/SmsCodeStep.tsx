import type { ReactNode } from 'react';
import { Field, formatRemain } from './form-kit.tsx';
import { MobileField, type MemberFieldProps } from './MemberFields.tsx';
import type { MobileVerification } from './mobile-verification.ts';
import type { SmsCode } from './sms-code.ts';

/**
 * The SMS code step of the find-id, find-password and profile forms: the phone number with its
 * "인증번호 받기" button, then the 6-digit code with the time left.
 */

/** A small button beside a field, disabled until hydrated and while `busy`. */
export function FieldButton({
  sms,
  busy,
  onClick,
  children,
}: {
  sms: SmsCode;
  busy: boolean;
  onClick: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="af-small-button"
      onClick={() => void onClick()}
      disabled={busy || !sms.hydrated}
    >
      {children}
    </button>
  );
}

/** "인증번호 받기", or "인증번호 다시 받기" once a code was sent. */
export function SendCodeButton({
  sms,
  resend,
  onSend,
}: {
  sms: SmsCode;
  resend: boolean;
  onSend: () => Promise<void>;
}) {
  return (
    <FieldButton sms={sms} busy={sms.sending} onClick={onSend}>
      {resend ? '인증번호 다시 받기' : '인증번호 받기'}
    </FieldButton>
  );
}

/** The 6-digit code, with the seconds left on it and a live line when it has run out. */
export function CodeField({ remain, ...props }: MemberFieldProps & { remain: number | null }) {
  return (
    <Field
      label="인증번호"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      hint={remain !== null && remain > 0 ? `남은 시간 ${formatRemain(remain)}` : undefined}
      live
      status={
        remain === 0
          ? { text: '인증번호 입력 시간이 지났습니다. 인증번호를 다시 받아 주세요.', tone: 'error' }
          : null
      }
      {...props}
    />
  );
}

/**
 * The code field of a number verified in the form (join, profile), shown once a code was sent to
 * the number as typed, with its 확인 button; Enter confirms the code instead of submitting the form.
 */
export function ConfirmCodeField({
  verification: step,
  ...props
}: MemberFieldProps & { verification: MobileVerification }) {
  if (!step.codeSent) return null;
  return (
    <CodeField
      {...props}
      remain={step.sms.remain}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void step.confirm();
        }
      }}
      addon={
        <FieldButton sms={step.sms} busy={step.confirming} onClick={step.confirm}>
          확인
        </FieldButton>
      }
    />
  );
}

/** The phone number with its send button and the code field below it. */
export function SmsCodeStep({
  sms,
  mobile,
  code,
  onSend,
}: {
  sms: SmsCode;
  mobile: MemberFieldProps;
  code: MemberFieldProps;
  onSend: () => Promise<void>;
}) {
  return (
    <>
      <MobileField
        {...mobile}
        addon={<SendCodeButton sms={sms} resend={Boolean(sms.sentTo)} onSend={onSend} />}
      />
      <CodeField {...code} remain={sms.remain} />
    </>
  );
}
