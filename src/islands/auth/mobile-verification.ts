import { useState } from 'react';
import { ACCOUNT_ERRORS } from '../../lib/errors/account.ts';
import { MobileNo, phoneDigits } from '../../lib/validation.ts';
import type { VerificationUsage } from '../../lib/verification-rules.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { check } from './form-kit.tsx';
import { CODE_ERRORS, CODE_FORMAT_MESSAGE, CODE_PATTERN, CODE_SENT_NOTICE, useSmsCode } from './sms-code.ts';
import type { AccountForm } from './use-account-form.ts';

/** The two fields of a phone number verified in the form. */
export type MobileKey = 'mobileNo' | 'mobileCode';

/** Send errors that are about the number typed (shown at the number field). */
const NUMBER_CODES = new Set(['L1008', 'INVALID_INPUT']);

export interface MobileVerificationOptions {
  usage: VerificationUsage;
  /** Whether the number typed needs a code (the profile form: only a number other than the member's). */
  needed: boolean;
  /** What the live duplicate check found, if the number is taken (checked before a send). */
  taken?: string;
  /** A 401 (the member's session is over); without it, the error goes to the form's alert. */
  onSessionEnd?: (err: ApiError) => void;
}

/**
 * The phone number of the join and profile forms verified by an SMS code in the form itself
 * (인증번호 받기 → 확인): the certification key is kept with the number it was issued for, so
 * another number typed afterwards needs its own code. Problems are shown at the number or the
 * code field (focused) through the form's own `useAccountForm`.
 */
export function useMobileVerification<K extends string>(
  form: AccountForm<K | MobileKey>,
  { usage, needed, taken, onSessionEnd }: MobileVerificationOptions,
) {
  const sms = useSmsCode(usage);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** The certification key with the number it was issued for. */
  const [certified, setCertified] = useState<{ mobileNo: string; key: string } | null>(null);
  const digits = phoneDigits(form.values.mobileNo);
  const verified = needed && certified?.mobileNo === digits;
  const codeSent = needed && !verified && sms.sentTo === digits;
  const sessionEnded = (err: unknown): boolean => {
    if (!(err instanceof ApiError && err.status === 401 && onSessionEnd)) return false;
    onSessionEnd(err);
    return true;
  };

  async function send() {
    form.setFormError(null);
    setNotice(null);
    const problem = check(MobileNo, form.values.mobileNo) ?? taken;
    if (problem) return form.showError(problem, 'mobileNo');
    await sms.whileSending(async () => {
      try {
        await sms.send(form.values.mobileNo);
        setCertified(null);
        form.setValues((v) => ({ ...v, mobileCode: '' }));
        form.setErrors((x) => ({ ...x, mobileNo: undefined, mobileCode: undefined }));
        setNotice(CODE_SENT_NOTICE);
        form.focus('mobileCode');
      } catch (err) {
        if (sessionEnded(err)) return;
        if (err instanceof ApiError && err.code === 'L1005')
          return form.showError(ACCOUNT_ERRORS['duplication-phone'].message, 'mobileNo');
        if (err instanceof ApiError && NUMBER_CODES.has(err.code))
          return form.showError(errorMessage(err), 'mobileNo');
        form.fail(err);
      }
    });
  }

  /** Checks the typed code; the certification key, or null (the problem is shown). */
  async function confirm(): Promise<string | null> {
    form.setFormError(null);
    const code = form.values.mobileCode.trim();
    if (!CODE_PATTERN.test(code)) {
      form.showError(CODE_FORMAT_MESSAGE, 'mobileCode');
      return null;
    }
    setConfirming(true);
    try {
      const key = await sms.verify(form.values.mobileNo, code);
      setCertified({ mobileNo: digits, key });
      form.setErrors((x) => ({ ...x, mobileNo: undefined, mobileCode: undefined }));
      setNotice(null);
      form.focus('mobileNo');
      return key;
    } catch (err) {
      if (sessionEnded(err)) return null;
      if (err instanceof ApiError && (CODE_ERRORS.has(err.code) || err.code === 'L1001'))
        form.showError(errorMessage(err), 'mobileCode');
      else if (err instanceof ApiError && err.code === 'L1008') form.showError(errorMessage(err), 'mobileNo');
      else form.fail(err);
      return null;
    } finally {
      setConfirming(false);
    }
  }

  return {
    sms,
    digits,
    verified,
    codeSent,
    confirming,
    /** "인증번호를 보냈습니다…" while the sent code waits to be typed. */
    notice: codeSent ? notice : null,
    /** The key of the number as typed now, once its code is confirmed. */
    key: verified ? certified?.key : undefined,
    send,
    confirm,
    /** The key was refused (used, expired): the SMS step again. */
    forget: () => setCertified(null),
  };
}

export type MobileVerification = ReturnType<typeof useMobileVerification>;
