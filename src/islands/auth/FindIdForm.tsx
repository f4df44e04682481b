import { useState, type SubmitEvent } from 'react';
import { Email, MemberName, MobileNo, phoneDigits } from '../../lib/validation.ts';
import { recoveryApi } from '../../lib/clients/recovery.ts';
import { ApiError, query, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import { check, RadioGroup, usePending, type Errors, SubmitButton, TitledForm } from './form-kit.tsx';
import * as Member from './MemberFields.tsx';
import { CODE_SENT_NOTICE, codeProblem, isCodeError, useSmsCode } from './sms-code.ts';
import { SmsCodeStep } from './SmsCodeStep.tsx';
import { useAccountForm } from './use-account-form.ts';

type Key = 'memberName' | 'mobileNo' | 'code' | 'email';
type Method = 'sms' | 'email';

/** One account found (masked by the server), as both find-id routes answer it. */
type FoundId = ResponseOf<(typeof recoveryApi)['find-id']['$post']>[number];

/** Where the masked result is shown (the values are masked by the server already). */
function successUrl(found: FoundId | undefined): string {
  const q = new URLSearchParams();
  if (found?.memberId) q.set('memberId', found.memberId);
  if (found?.joinYmdt) q.set('joinYmdt', found.joinYmdt.slice(0, 10));
  if (found?.providerTypes?.length) q.set('providers', found.providerTypes.join(','));
  return `/find/id/success?${q}`;
}

/** Find id: name + phone with an SMS code, or name + e-mail (spec: /find). */
export default function FindIdForm() {
  const { id, focus, values, bind, formError, setFormError, fail, hasErrors } = useAccountForm<Key, 'title'>({
    memberName: '',
    mobileNo: '',
    code: '',
    email: '',
  });
  const [method, setMethod] = useState<Method>('sms');
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, run] = usePending();
  const sms = useSmsCode('FIND_ID');
  /**
   * The certification key of a verified code: a wrong name (L1006, which only the phone's holder
   * gets to see) leaves it usable, so the name can be corrected without a new code.
   */
  const [certified, setCertified] = useState<{ mobileNo: string; key: string } | null>(null);

  async function sendCode() {
    setFormError(null);
    setNotice(null);
    const found: Errors<Key> = {
      memberName: check(MemberName, values.memberName),
      mobileNo: check(MobileNo, values.mobileNo),
    };
    if (hasErrors(found)) return;
    await sms.whileSending(async () => {
      try {
        await sms.send(values.mobileNo, values.memberName.trim());
        setCertified(null);
        setNotice(CODE_SENT_NOTICE);
        focus('code');
      } catch (err) {
        fail(err, err instanceof ApiError && err.code === 'INVALID_INPUT' ? 'mobileNo' : undefined);
      }
    });
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const digits = phoneDigits(values.mobileNo);
    const certifiedKey = certified?.mobileNo === digits ? certified.key : null;
    const found: Errors<Key> =
      method === 'sms'
        ? {
            memberName: check(MemberName, values.memberName),
            mobileNo: check(MobileNo, values.mobileNo),
            code: certifiedKey ? undefined : codeProblem(Boolean(sms.sentTo), values.code),
          }
        : { memberName: check(MemberName, values.memberName), email: check(Email, values.email) };
    if (hasErrors(found)) return;
    await run(async () => {
      try {
        let result: FoundId[];
        if (method === 'sms') {
          let key = certifiedKey;
          if (!key) {
            try {
              key = await sms.verify(values.mobileNo, values.code);
            } catch (err) {
              fail(err, isCodeError(err) ? 'code' : undefined);
              return;
            }
            setCertified({ mobileNo: digits, key });
          }
          try {
            result = await unwrap(
              recoveryApi['find-id'].$post({
                json: { findMethod: 'SMS', memberName: values.memberName.trim(), mobileNo: digits, key },
              }),
            );
          } catch (err) {
            if (err instanceof ApiError && err.code === 'L1006') {
              fail(err, 'memberName');
              return;
            }
            if (err instanceof ApiError && err.code === 'L1001') setCertified(null);
            throw err;
          }
        } else {
          result = await unwrap(
            recoveryApi.id.$get({
              query: query({ memberName: values.memberName.trim(), email: values.email.trim() }),
            }),
          );
        }
        window.location.assign(successUrl(result[0]));
      } catch (err) {
        fail(err);
      }
    });
  }

  return (
    <TitledForm
      titleId={id('title')}
      title="아이디 찾기"
      message={{ id: id('alert'), error: formError, notice }}
      onSubmit={onSubmit}
    >
      <RadioGroup
        name="method"
        legend="찾는 방법"
        options={[
          ['sms', '휴대폰 인증'],
          ['email', '이메일'],
        ]}
        value={method}
        onChange={setMethod}
      />
      <Member.NameField {...bind('memberName')} />
      {method === 'sms' ? (
        <SmsCodeStep sms={sms} mobile={bind('mobileNo')} code={bind('code')} onSend={sendCode} />
      ) : (
        <Member.EmailField {...bind('email')} />
      )}
      <div className="af-actions">
        <SubmitButton pending={pending}>{pending ? '찾는 중…' : '아이디 찾기'}</SubmitButton>
      </div>
    </TitledForm>
  );
}
