import { useState } from 'react';
import { authenticationApi } from '../../lib/clients/authentications.ts';
import { ApiError, unwrap } from '../../lib/shop-api-client.ts';
import type { VerificationUsage } from '../../lib/verification-rules.ts';
import { phoneDigits } from '../../lib/validation.ts';
import { useCountdown, useHydrated } from './form-kit.tsx';

/**
 * One shopper-facing SMS verification (POST then GET /shop-api/authentications/sms), with what
 * its step shows: the seconds left on the code and whether a send is under way.
 */
export function useSmsCode(usage: VerificationUsage) {
  /** Epoch ms the code stops working; null before the first send. */
  const [deadline, setDeadline] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const remain = useCountdown(deadline);
  /** The step's buttons stay disabled until React has taken over the form. */
  const hydrated = useHydrated();

  async function send(mobileNo: string, memberName?: string): Promise<void> {
    const digits = phoneDigits(mobileNo);
    const { remainTime } = await unwrap(
      authenticationApi.sms.$post({
        json: { usage, mobileNo: digits, ...(memberName ? { memberName } : {}) },
      }),
    );
    setSentTo(digits);
    setDeadline(Date.now() + remainTime * 1000);
  }

  /** The certification key for the next step. */
  async function verify(mobileNo: string, code: string): Promise<string> {
    const res = await unwrap(
      authenticationApi.sms.$get({ query: { usage, mobileNo: phoneDigits(mobileNo), key: code.trim() } }),
    );
    return res.certificationKey;
  }

  /** Runs the form's "send the code" steps with the send button disabled meanwhile. */
  async function whileSending(fn: () => Promise<void>): Promise<void> {
    setSending(true);
    try {
      await fn();
    } finally {
      setSending(false);
    }
  }

  return { deadline, sentTo, remain, sending, hydrated, send, verify, whileSending };
}

export type SmsCode = ReturnType<typeof useSmsCode>;

/** Codes of the verification catalogue that are about the code the shopper typed. */
export const CODE_ERRORS = new Set(['L1002', 'L1003']);
export const CODE_PATTERN = /^\d{6}$/;
export const CODE_SENT_NOTICE = '인증번호를 보냈습니다. 3분 안에 입력해 주세요.';
export const CODE_FORMAT_MESSAGE = '인증번호 6자리를 숫자로 입력해 주세요.';

/** Whether a failed verification is about the typed code (shown at the code field). */
export const isCodeError = (err: unknown): boolean => err instanceof ApiError && CODE_ERRORS.has(err.code);

/** What is wrong with the typed code before it is sent to be checked, if anything. */
export function codeProblem(sent: boolean, code: string): string | undefined {
  if (!sent) return '먼저 인증번호를 받아 주세요.';
  return CODE_PATTERN.test(code.trim()) ? undefined : CODE_FORMAT_MESSAGE;
}
