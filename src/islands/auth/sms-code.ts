import { useState } from 'react';
import { apiRequest } from '../../lib/shop-api-client.ts';
import type { VerificationUsage } from '../../lib/verification-errors.ts';
import { phoneDigits } from '../../lib/validation.ts';

/** One shopper-facing SMS verification (POST then GET /shop-api/authentications/sms). */
export function useSmsCode(usage: VerificationUsage) {
  /** Epoch ms the code stops working; null before the first send. */
  const [deadline, setDeadline] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send(mobileNo: string, memberName?: string): Promise<void> {
    const digits = phoneDigits(mobileNo);
    const { remainTime } = await apiRequest<{ remainTime: number }>('/shop-api/authentications/sms', {
      method: 'POST',
      body: { usage, mobileNo: digits, ...(memberName ? { memberName } : {}) },
    });
    setSentTo(digits);
    setDeadline(Date.now() + remainTime * 1000);
  }

  /** The certification key for the next step. */
  async function verify(mobileNo: string, code: string): Promise<string> {
    const res = await apiRequest<{ certificationKey: string }>('/shop-api/authentications/sms', {
      query: { usage, mobileNo: phoneDigits(mobileNo), key: code.trim() },
    });
    return res.certificationKey;
  }

  return { deadline, sentTo, send, verify };
}

/** Codes of the verification catalogue that are about the code the shopper typed. */
export const CODE_ERRORS = new Set(['L1002', 'L1003']);
export const CODE_PATTERN = /^\d{6}$/;
