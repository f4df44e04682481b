import { useId, useState } from 'react';
import { DELIVERY_COMPANIES } from '../../../lib/order-claims.ts';
import {
  managerCatalogApi,
  type AdminDeliveryTemplate,
  type AdminPartner,
} from '../../../lib/clients/manager-catalog-setup.ts';
import { unwrap } from '../../../lib/shop-api-client.ts';
import { CONDITION_LABELS, DELIVERY_TYPE_LABELS, type ConditionType } from './delivery-labels.ts';
import RemoteAreaRows, { type AreaDraft } from './RemoteAreaRows.tsx';
import { FieldError, isConflict, SaveMessages, useSaveState } from './save-state.tsx';
import SetupTextField from './SetupTextField.tsx';
import '../../board/board-forms.css';
import './catalog-setup.css';

/**
 * A delivery template's editor (/manager/delivery-templates/new and /{templateNo}): the fee
 * condition, courier, return fee, the default remote-area fee and the template's own remote-area
 * ranges by postcode. The server checks everything again and answers each field's problem; a save
 * over someone else's newer one is refused (409) and the page offers to load theirs.
 */

type DeliveryType = keyof typeof DELIVERY_TYPE_LABELS;

interface Draft {
  name: string;
  partnerNo: string;
  deliveryType: DeliveryType;
  deliveryCompanyType: string;
  conditionType: ConditionType;
  baseDeliveryAmt: string;
  aboveDeliveryAmt: string;
  returnDeliveryAmt: string;
  remoteDeliveryAmt: string;
  remoteAreas: AreaDraft[];
}

let areaKey = 0;
const draftOf = (t: AdminDeliveryTemplate | null, partners: readonly AdminPartner[]): Draft => ({
  name: t?.name ?? '',
  partnerNo: String(
    t?.partnerNo ?? partners.find((p) => p.isBrandSelf)?.partnerNo ?? partners[0]?.partnerNo ?? '',
  ),
  deliveryType: t?.deliveryType ?? 'PARCEL_DELIVERY',
  deliveryCompanyType: t?.deliveryCompanyType ?? 'CJ',
  conditionType: t?.conditionType ?? 'CONDITIONAL',
  baseDeliveryAmt: String(t?.baseDeliveryAmt ?? 3000),
  aboveDeliveryAmt: t?.aboveDeliveryAmt == null ? '50000' : String(t.aboveDeliveryAmt),
  returnDeliveryAmt: String(t?.returnDeliveryAmt ?? 3000),
  remoteDeliveryAmt: String(t?.remoteDeliveryAmt ?? 3000),
  remoteAreas: (t?.remoteAreas ?? []).map((a) => ({
    key: ++areaKey,
    zipFrom: a.zipFrom,
    zipTo: a.zipTo,
    extraFee: String(a.extraFee),
    label: a.label,
  })),
});

/** A typed amount as a number; blank or not a number is NaN, sent as null, so the server names the field. */
const won = (s: string): number => {
  const t = s.replace(/[,\s원]/g, '');
  return t === '' ? NaN : Number(t);
};

export default function DeliveryTemplateEditor({
  template: initial,
  partners,
  notice = '',
}: {
  template: AdminDeliveryTemplate | null;
  partners: AdminPartner[];
  notice?: string;
}) {
  const uid = useId();
  const [template, setTemplate] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial, partners));
  const save = useSaveState();
  const [conflict, setConflict] = useState(false);
  const set =
    <K extends keyof Draft>(k: K) =>
    (e: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [k]: e.target.value as Draft[K] }));

  const body = () => ({
    name: draft.name,
    partnerNo: Number(draft.partnerNo),
    deliveryType: draft.deliveryType,
    deliveryCompanyType: draft.deliveryCompanyType,
    conditionType: draft.conditionType,
    baseDeliveryAmt: draft.conditionType === 'FREE' ? 0 : won(draft.baseDeliveryAmt),
    aboveDeliveryAmt: draft.conditionType === 'CONDITIONAL' ? won(draft.aboveDeliveryAmt) : null,
    returnDeliveryAmt: won(draft.returnDeliveryAmt),
    remoteDeliveryAmt: won(draft.remoteDeliveryAmt),
    remoteAreas: draft.remoteAreas.map((a) => ({
      zipFrom: a.zipFrom.trim(),
      zipTo: a.zipTo.trim(),
      extraFee: won(a.extraFee),
      label: a.label,
    })),
  });

  const submit = () => {
    setConflict(false);
    void save
      .run(
        async () => {
          try {
            if (!template) {
              const created = await unwrap(managerCatalogApi['delivery-templates'].$post({ json: body() }));
              window.location.assign(`/manager/delivery-templates/${created.templateNo}?created=1`);
              return created;
            }
            return await unwrap(
              managerCatalogApi['delivery-templates'][':templateNo'].$put({
                param: { templateNo: String(template.templateNo) },
                json: { ...body(), version: template.version },
              }),
            );
          } catch (err) {
            if (isConflict(err)) setConflict(true);
            throw err;
          }
        },
        (t) => (template ? `'${t.name}' 템플릿을 저장했습니다.` : `'${t.name}' 템플릿을 만들었습니다.`),
      )
      .then((saved) => {
        if (saved && template) {
          setTemplate(saved);
          setDraft(draftOf(saved, partners));
        }
      });
  };

  const remove = () => {
    if (!template || !window.confirm(`'${template.name}' 템플릿을 삭제할까요? 되돌릴 수 없습니다.`)) return;
    void save.run(async () => {
      await unwrap(
        managerCatalogApi['delivery-templates'][':templateNo'].$delete({
          param: { templateNo: String(template.templateNo) },
          query: { version: String(template.version) },
        }),
      );
      window.location.assign('/manager/delivery-templates?deleted=1');
      return true;
    }, `'${template.name}' 템플릿을 삭제했습니다.`);
  };

  const f = save.fields;
  const fieldProps = (path: keyof Draft, label: string, required = false, hint?: string) => ({
    id: `${uid}-${path}`,
    label,
    required,
    hint,
    value: draft[path] as string,
    onChange: set(path),
    errors: f,
    path,
  });

  return (
    <form
      className="bf-form cs-template-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {notice && !save.status && !save.error && (
        <p className="cs-status" role="status">
          {notice}
        </p>
      )}
      <fieldset className="bf-fieldset">
        <legend className="bf-legend">기본 정보</legend>
        <div className="cs-form-grid">
          <SetupTextField {...fieldProps('name', '템플릿 이름', true)} />
          <Select
            id={`${uid}-partner`}
            label="거래처"
            value={draft.partnerNo}
            onChange={set('partnerNo')}
            error={f.partnerNo}
            options={partners.map((p) => [String(p.partnerNo), p.isBrandSelf ? `${p.name} (자사)` : p.name])}
          />
          <Select
            id={`${uid}-type`}
            label="배송 방법"
            value={draft.deliveryType}
            onChange={set('deliveryType')}
            error={f.deliveryType}
            options={Object.entries(DELIVERY_TYPE_LABELS)}
          />
          <Select
            id={`${uid}-courier`}
            label="택배사"
            value={draft.deliveryCompanyType}
            onChange={set('deliveryCompanyType')}
            error={f.deliveryCompanyType}
            options={DELIVERY_COMPANIES.map((c) => [c.type, c.label])}
          />
        </div>
      </fieldset>

      <fieldset className="bf-fieldset">
        <legend className="bf-legend">배송비</legend>
        <div className="bf-field" role="radiogroup" aria-labelledby={`${uid}-condition`}>
          <span className="bf-label" id={`${uid}-condition`}>
            배송비 조건
          </span>
          <div className="cs-inline">
            {(Object.keys(CONDITION_LABELS) as ConditionType[]).map((c) => (
              <label key={c} className="cs-radio">
                <input
                  type="radio"
                  name={`${uid}-condition`}
                  value={c}
                  checked={draft.conditionType === c}
                  onChange={() => setDraft((d) => ({ ...d, conditionType: c }))}
                />{' '}
                {CONDITION_LABELS[c]}
              </label>
            ))}
          </div>
          <FieldError id={`${uid}-condition-error`} message={f.conditionType} />
        </div>
        <div className="cs-form-grid">
          {draft.conditionType !== 'FREE' && (
            <SetupTextField
              {...fieldProps('baseDeliveryAmt', '기본 배송비 (원)', true)}
              inputMode="numeric"
            />
          )}
          {draft.conditionType === 'CONDITIONAL' && (
            <SetupTextField
              {...fieldProps(
                'aboveDeliveryAmt',
                '무료배송 기준 금액 (원)',
                true,
                '상품 금액이 이 금액 이상이면 배송비가 무료입니다.',
              )}
              inputMode="numeric"
            />
          )}
          <SetupTextField
            {...fieldProps('returnDeliveryAmt', '반품 배송비 (원)', true)}
            inputMode="numeric"
          />
          <SetupTextField
            {...fieldProps(
              'remoteDeliveryAmt',
              '도서산간 추가 배송비 (원)',
              true,
              '아래에 구간이 없을 때 제주·도서산간 공통 우편번호에 붙는 금액입니다.',
            )}
            inputMode="numeric"
          />
        </div>
      </fieldset>

      <RemoteAreaRows
        idPrefix={uid}
        rows={draft.remoteAreas}
        errors={f}
        onChange={(remoteAreas) => setDraft((d) => ({ ...d, remoteAreas }))}
        newKey={() => ++areaKey}
      />

      <div className="bf-actions">
        <button className="button" type="submit" disabled={save.pending}>
          {template ? '저장' : '템플릿 만들기'}
        </button>
        <a className="button button--secondary" href="/manager/delivery-templates">
          목록으로
        </a>
        {template && (
          <button className="button button--secondary" type="button" disabled={save.pending} onClick={remove}>
            템플릿 삭제
          </button>
        )}
      </div>
      <SaveMessages state={save} />
      {conflict && (
        <p>
          <button className="button button--secondary" type="button" onClick={() => window.location.reload()}>
            다른 관리자가 저장한 내용 불러오기
          </button>
        </p>
      )}
    </form>
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  options,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  options: readonly (readonly [string, string])[];
  error: string | undefined;
}) {
  return (
    <div className="bf-field">
      <label className="bf-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="bf-select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
