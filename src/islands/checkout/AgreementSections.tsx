import type { ReactNode } from 'react';
import { Field } from '../auth/form-kit.tsx';
import { Section, type SectionProps } from './sections.tsx';

function CheckField({
  id,
  checked,
  error,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  error: string | undefined;
  onChange: (v: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="af-field">
      <div className="af-check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {error && (
        <p id={`${id}-error`} className="af-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function GuestPasswordSection({ form, errors, idOf, update }: SectionProps) {
  return (
    <Section id={idOf('guest-password')} title="비회원 주문 비밀번호">
      <p className="af-hint">주문 조회에 쓰입니다. 영문과 숫자를 넣어 8~16자로 정해 주세요.</p>
      <div className="checkout-fields">
        <Field
          id={idOf('password')}
          label="주문 비밀번호"
          required
          type="password"
          autoComplete="new-password"
          maxLength={16}
          value={form.password}
          error={errors.password}
          onChange={(e) => update({ password: e.target.value })}
        />
        <Field
          id={idOf('passwordConfirm')}
          label="주문 비밀번호 확인"
          required
          type="password"
          autoComplete="new-password"
          maxLength={16}
          value={form.passwordConfirm}
          error={errors.passwordConfirm}
          onChange={(e) => update({ passwordConfirm: e.target.value })}
        />
      </div>
    </Section>
  );
}

export function ConsentSection({ form, errors, idOf, update, member }: SectionProps & { member: boolean }) {
  return (
    <Section id={idOf('consent')} title="약관 동의">
      <CheckField
        id={idOf('agreeOrder')}
        checked={form.agreeOrder}
        error={errors.agreeOrder}
        onChange={(v) => update({ agreeOrder: v })}
      >
        주문 내용을 확인했으며, 주문 정보 수집 및 이용과 결제 진행에 동의합니다. (필수)
      </CheckField>
      {!member && (
        <CheckField
          id={idOf('agreeGuestPrivacy')}
          checked={form.agreeGuestPrivacy}
          error={errors.agreeGuestPrivacy}
          onChange={(v) => update({ agreeGuestPrivacy: v })}
        >
          비회원 주문을 위한 개인정보 수집 및 이용에 동의합니다. (필수)
        </CheckField>
      )}
      <p className="af-hint">
        <a href="/terms/agreement" target="_blank" rel="noopener">
          이용약관
        </a>{' '}
        ·{' '}
        <a href="/terms/privacy-policy" target="_blank" rel="noopener">
          개인정보처리방침
        </a>{' '}
        (새 창)
      </p>
    </Section>
  );
}
