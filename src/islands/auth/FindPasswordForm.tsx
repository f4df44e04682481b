import { useState, type SubmitEvent } from 'react';
import { Email, LoginMemberId, MobileNo, phoneDigits } from '../../lib/validation.ts';
import { recoveryApi } from '../../lib/clients/recovery.ts';
import { ApiError, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import { check, RadioGroup, usePending, type Errors, SubmitButton, TitledForm } from './form-kit.tsx';
import * as Member from './MemberFields.tsx';
import { saveMailResetId, saveSmsReset } from './password-reset.ts';
import { CODE_SENT_NOTICE, codeProblem, isCodeError, useSmsCode } from './sms-code.ts';
import { SmsCodeStep } from './SmsCodeStep.tsx';
import { useAccountForm } from './use-account-form.ts';

type Key = 'memberId' | 'mobileNo' | 'code' | 'email';
type Method = 'sms' | 'email';

/** The id's account with its contacts masked (GET /profile/password/search-account). */
type Account = ResponseOf<(typeof recoveryApi)['password']['search-account']['$get']>;

/**
 * Find password: the id first (GET /profile/password/search-account shows the masked contacts),
 * then an SMS code to the member's phone → /find/password/reset, or a reset link by e-mail.
 */
export default function FindPasswordForm() {
  const { id, focus, values, bind, setErrors, formError, setFormError, fail, hasErrors } = useAccountForm<
    Key,
    'title' | 'method'
  >({
    memberId: '',
    mobileNo: '',
    code: '',
    email: '',
  });
  const [account, setAccount] = useState<Account | null>(null);
  const [method, setMethod] = useState<Method>('sms');
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, run] = usePending();
  const sms = useSmsCode('FIND_PASSWORD');
  const memberId = values.memberId.trim().toLowerCase();

  async function findAccount() {
    const found: Errors<Key> = { memberId: check(LoginMemberId, values.memberId) };
    if (hasErrors(found)) return;
    await run(async () => {
      try {
        const a = await unwrap(recoveryApi.password['search-account'].$get({ query: { memberId } }));
        setAccount(a);
        setMethod(a.mobileNo ? 'sms' : 'email');
        focus('method');
      } catch (err) {
        fail(err, err instanceof ApiError && err.code === 'L1004' ? 'memberId' : undefined);
      }
    });
  }

  async function sendCode() {
    setFormError(null);
    setNotice(null);
    const found: Errors<Key> = { mobileNo: check(MobileNo, values.mobileNo) };
    if (hasErrors(found)) return;
    await sms.whileSending(async () => {
      try {
        const same = await unwrap(
          recoveryApi.member.equals['with-mobile'].$get({
            query: { memberId, mobileNo: phoneDigits(values.mobileNo) },
          }),
        );
        if (!same.result) {
          setErrors({ mobileNo: '회원 정보에 등록된 휴대폰 번호와 다릅니다.' });
          focus('mobileNo');
          return;
        }
        await sms.send(values.mobileNo);
        setNotice(CODE_SENT_NOTICE);
        focus('code');
      } catch (err) {
        fail(err);
      }
    });
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!account) return findAccount();
    if (method === 'sms') {
      const found: Errors<Key> = {
        mobileNo: check(MobileNo, values.mobileNo),
        code: codeProblem(Boolean(sms.sentTo), values.code),
      };
      if (hasErrors(found)) return;
      await run(async () => {
        try {
          const key = await sms.verify(values.mobileNo, values.code);
          saveSmsReset({ memberId, key });
          window.location.assign('/find/password/reset');
        } catch (err) {
          fail(err, isCodeError(err) ? 'code' : undefined);
        }
      });
      return;
    }
    const found: Errors<Key> = { email: check(Email, values.email) };
    if (hasErrors(found)) return;
    await run(async () => {
      try {
        await unwrap(
          recoveryApi.password['sending-email-with-url'].$put({
            json: { memberId, email: values.email.trim() },
          }),
        );
        saveMailResetId(memberId);
        setNotice(
          '비밀번호 재설정 메일을 보냈습니다. 메일의 링크에서 30분 안에 새 비밀번호를 설정해 주세요.',
        );
      } catch (err) {
        fail(err, err instanceof ApiError && err.code === 'L1007' ? 'email' : undefined);
      }
    });
  }

  return (
    <TitledForm
      titleId={id('title')}
      title="비밀번호 찾기"
      message={{ id: id('alert'), error: formError, notice }}
      onSubmit={onSubmit}
    >
      <Member.IdField
        {...bind('memberId')}
        readOnly={account !== null}
        addon={
          account ? (
            <button type="button" className="af-small-button" onClick={() => setAccount(null)}>
              다시 입력
            </button>
          ) : undefined
        }
      />
      {account ? (
        <>
          <RadioGroup
            name="method"
            legend="인증 방법"
            legendId={id('method')}
            options={(
              [
                ['sms', account.mobileNo && `휴대폰 인증 (${account.mobileNo})`],
                ['email', account.email && `이메일로 재설정 링크 받기 (${account.email})`],
              ] as const
            ).filter(([, label]) => label)}
            value={method}
            onChange={setMethod}
          />
          {method === 'sms' ? (
            <SmsCodeStep
              sms={sms}
              mobile={{ ...bind('mobileNo'), hint: '회원 정보에 등록된 휴대폰 번호 전체를 입력해 주세요.' }}
              code={bind('code')}
              onSend={sendCode}
            />
          ) : (
            <Member.EmailField
              {...bind('email')}
              hint="회원 정보에 등록된 이메일 주소 전체를 입력해 주세요."
            />
          )}
        </>
      ) : null}
      <div className="af-actions">
        <SubmitButton pending={pending}>
          {!account ? '다음' : method === 'sms' ? '인증하고 비밀번호 재설정' : '재설정 메일 받기'}
        </SubmitButton>
      </div>
    </TitledForm>
  );
}
