import { FieldError, type FieldErrors } from './save-state.tsx';

/**
 * The template's own remote-area ranges: postcode from–to (5 digits), extra fee and a label, one
 * row each, added and removed freely. The server checks that no range runs backwards and none
 * overlaps another, and names the row.
 */

export interface AreaDraft {
  key: number;
  zipFrom: string;
  zipTo: string;
  extraFee: string;
  label: string;
}

export default function RemoteAreaRows({
  idPrefix,
  rows,
  errors,
  onChange,
  newKey,
}: {
  idPrefix: string;
  rows: readonly AreaDraft[];
  errors: FieldErrors;
  onChange: (rows: AreaDraft[]) => void;
  newKey: () => number;
}) {
  const update = (i: number, patch: Partial<AreaDraft>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const field = (
    i: number,
    name: keyof Omit<AreaDraft, 'key'>,
    label: string,
    opts: { zip?: boolean } = {},
  ) => {
    const row = rows[i]!;
    const id = `${idPrefix}-area-${row.key}-${name}`;
    const message = errors[`remoteAreas.${i}.${name}`];
    return (
      <div className="bf-field">
        <label className="bf-label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="bf-input"
          value={row[name]}
          inputMode={name === 'label' ? 'text' : 'numeric'}
          maxLength={opts.zip ? 5 : name === 'label' ? 40 : 9}
          pattern={opts.zip ? '[0-9]{5}' : undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => update(i, { [name]: e.target.value })}
        />
        <FieldError id={`${id}-error`} message={message} />
      </div>
    );
  };
  return (
    <fieldset className="bf-fieldset">
      <legend className="bf-legend">도서산간 구간 (우편번호)</legend>
      <p className="bf-hint">
        구간을 하나라도 넣으면 이 템플릿은 공통 제주·도서산간 표 대신 이 구간들만 씁니다. 주소의 우편번호가 든
        구간의 추가 배송비를 받고, 어느 구간에도 없으면 추가 배송비가 없습니다.
      </p>
      {errors.remoteAreas && (
        <p className="bf-error" role="alert">
          {errors.remoteAreas}
        </p>
      )}
      <div className="cs-areas">
        {rows.map((row, i) => (
          <fieldset key={row.key} className="cs-area">
            <legend>{i + 1}번째 구간</legend>
            {field(i, 'zipFrom', '시작 우편번호', { zip: true })}
            {field(i, 'zipTo', '끝 우편번호', { zip: true })}
            {field(i, 'extraFee', '추가 배송비 (원)')}
            {field(i, 'label', '지역 이름')}
            <button
              type="button"
              className="cs-small cs-small--danger"
              aria-label={`${i + 1}번째 구간 지우기`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              지우기
            </button>
          </fieldset>
        ))}
      </div>
      <div className="bf-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            onChange([...rows, { key: newKey(), zipFrom: '', zipTo: '', extraFee: '', label: '' }])
          }
        >
          구간 추가
        </button>
      </div>
    </fieldset>
  );
}
