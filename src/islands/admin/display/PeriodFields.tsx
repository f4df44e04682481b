import FieldError from './FieldError.tsx';
import { errorProps, type FieldErrors } from './display-shared.ts';

interface Props {
  start: string | null;
  end: string | null;
  onChange(field: 'displayStart' | 'displayEnd', value: string | null): void;
  errors: FieldErrors;
  /** The form's id maker, so each field's id, hint and error stay unique on the page. */
  id(name: string): string;
}

/** 노출 기간 (Seoul time): a banner's or a section's start and end, each optional. */
export default function PeriodFields({ start, end, onChange, errors, id }: Props) {
  const field = (name: 'displayStart' | 'displayEnd', label: string, value: string | null) => (
    <div className="bf-field">
      <label className="bf-label" htmlFor={id(name)}>
        {label}
      </label>
      <input
        className="bf-input"
        type="datetime-local"
        value={value ?? ''}
        onChange={(e) => onChange(name, e.target.value || null)}
        {...errorProps(errors, name, id(name), id('period-hint'))}
      />
      <FieldError errors={errors} name={name} id={id(name)} />
    </div>
  );
  return (
    <fieldset className="bf-fieldset">
      <legend className="bf-legend">노출 기간 (한국 시간)</legend>
      <p className="bf-hint" id={id('period-hint')}>
        비워 두면 시작이나 끝의 제한이 없습니다.
      </p>
      <div className="dm-period">
        {field('displayStart', '시작 일시', start)}
        {field('displayEnd', '종료 일시', end)}
      </div>
    </fieldset>
  );
}
