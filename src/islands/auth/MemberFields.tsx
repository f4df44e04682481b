import type { ReactNode } from 'react';
import { Field, RadioGroup, type FieldProps } from './form-kit.tsx';

/**
 * The member's fields as the join, id/password, profile and find forms show them, each written
 * once: label, input type, autocomplete and hint. The form passes what `bind(key)` gives
 * (id, value, onChange, error) and anything of its own (a live status, an addon, another hint).
 */

export type MemberFieldProps = Omit<FieldProps, 'label'> & { label?: ReactNode };

const MEMBER_ID_HINT = '영문 소문자, 숫자, -, _ 4~20자';
const PASSWORD_HINT = '영문, 숫자, 특수문자를 모두 포함해 8~16자';

/** The member id as typed to sign in or to find an account. */
export function IdField(props: MemberFieldProps) {
  return (
    <Field
      label="아이디"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}

/** A new member id, with its rule and a live line for the duplicate check. */
export function NewIdField(props: MemberFieldProps) {
  return <IdField hint={MEMBER_ID_HINT} live {...props} />;
}

/** A new password and its confirmation ("비밀번호" / "비밀번호 확인", or `label` and `label 확인`). */
export function NewPasswordFields({
  password,
  confirm,
  label = '비밀번호',
  required = true,
}: {
  password: MemberFieldProps;
  confirm: MemberFieldProps;
  label?: string;
  required?: boolean;
}) {
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        required={required}
        hint={PASSWORD_HINT}
        {...password}
      />
      <Field
        label={`${label} 확인`}
        type="password"
        autoComplete="new-password"
        required={required}
        {...confirm}
      />
    </>
  );
}

export function NameField(props: MemberFieldProps) {
  return <Field label="이름" autoComplete="name" required {...props} />;
}

export function EmailField(props: MemberFieldProps) {
  return <Field label="이메일" type="email" autoComplete="email" required {...props} />;
}

export function MobileField(props: MemberFieldProps) {
  return <Field label="휴대폰 번호" type="tel" inputMode="numeric" autoComplete="tel" required {...props} />;
}

export function BirthdayField(props: MemberFieldProps) {
  return (
    <Field
      label={
        <>
          생년월일 <span className="af-optional">(선택)</span>
        </>
      }
      inputMode="numeric"
      autoComplete="bday"
      hint="8자리 숫자 (예: 19900101)"
      {...props}
    />
  );
}

export type Sex = '' | 'M' | 'F';

const SEXES = [
  ['', '선택 안 함'],
  ['M', '남성'],
  ['F', '여성'],
] as const;

/** 성별 (선택): three radios, "선택 안 함" included. */
export function SexField({ value, onChange }: { value: Sex; onChange: (value: Sex) => void }) {
  return (
    <RadioGroup
      name="sex"
      legend={
        <>
          성별 <span className="af-optional">(선택)</span>
        </>
      }
      options={SEXES}
      value={value}
      onChange={onChange}
      submitValues
    />
  );
}
