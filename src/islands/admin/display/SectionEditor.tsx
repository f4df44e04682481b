import { useState, type FormEvent } from 'react';
import { focusLost } from '../focus.ts';
import FieldError from './FieldError.tsx';
import SectionProducts from './SectionProducts.tsx';
import { errorProps, fieldErrorsOf, toLocalInput, type FieldErrors } from './display-shared.ts';
import {
  RULE_CHOICES,
  SORT_CHOICES,
  createSection,
  updateSection,
  type SectionDetail,
  type SectionFields,
} from './section-api.ts';
import './display.css';
import '../../board/board-forms.css';
import Check from './Check.tsx';
import SaveAlert from './SaveAlert.tsx';
import PeriodFields from './PeriodFields.tsx';
import TextField from './TextField.tsx';
import { useDisplayForm } from './use-display-form.ts';

/**
 * One display section's editor (/manager/display/sections/{no}, or /new): its name and text, how
 * it is filled (the manager's list, or best / new / a category with a limit), the order of a
 * manual list, home page and visibility flags and its period in Seoul time. A manual section's
 * product list is edited below it (SectionProducts); both save with the version they read.
 */
export default function SectionEditor({
  initial,
  categories,
}: {
  initial: SectionDetail | null;
  categories: { categoryNo: number; label: string }[];
}) {
  const [detail, setDetail] = useState<SectionDetail | null>(initial);
  const s = initial?.section;
  const { uid, fields, set, errors, alert, formRef, focusLater, foundProblems, refused, textForm } =
    useDisplayForm<SectionFields>(() => ({
      label: s?.label ?? '',
      sectionExplain: s?.sectionExplain ?? '',
      ruleType: s?.ruleType ?? 'MANUAL',
      ruleCategoryNo: s?.ruleCategoryNo ?? null,
      ruleLimit: s?.ruleLimit ?? 12,
      sortType: s?.sortType ?? 'ADMIN_SETTING',
      onHome: s?.onHome ?? false,
      visible: s?.visible ?? true,
      displayStart: toLocalInput(s?.displayStart ?? null) || null,
      displayEnd: toLocalInput(s?.displayEnd ?? null) || null,
    }));
  const [limitText, setLimitText] = useState(String(fields.ruleLimit));
  const [status, setStatus] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!fields.label.trim()) local.label = '섹션 이름을 입력해 주세요.';
    const limit = Number(limitText);
    if (fields.ruleType !== 'MANUAL' && !(Number.isInteger(limit) && limit >= 1 && limit <= 100))
      local.ruleLimit = '보여 줄 상품 수는 1개에서 100개 사이로 입력해 주세요.';
    if (fields.ruleType === 'CATEGORY' && !fields.ruleCategoryNo)
      local.ruleCategoryNo = '상품을 가져올 카테고리를 골라 주세요.';
    setStatus('');
    if (foundProblems(local)) return;
    const body = { ...fields, ruleLimit: fields.ruleType === 'MANUAL' ? fields.ruleLimit : limit };
    setPending(true);
    try {
      if (detail) {
        const next = await updateSection(detail.section.sectionNo, detail.section.version, body);
        setDetail(next);
        setStatus(`'${next.section.label}' 섹션을 저장했습니다.`);
        // the submit button was disabled while saving: the focus goes back to it
        focusLater(() =>
          focusLost() ? formRef.current?.querySelector<HTMLElement>('button[type="submit"]') : null,
        );
      } else {
        const created = await createSection(body);
        window.location.assign(`/manager/display/sections/${created.section.sectionNo}?created=1`);
      }
    } catch (err) {
      refused(err, fieldErrorsOf(err));
    } finally {
      setPending(false);
    }
  }

  const id = (name: string) => `${uid}-${name}`;
  const savedRule = detail?.section.ruleType;
  return (
    <div className="dm-manager">
      <form
        className="bf-form dm-form"
        onSubmit={(e) => void submit(e)}
        ref={formRef}
        noValidate
        aria-labelledby={id('title')}
      >
        <h2 id={id('title')} className="dm-form-title">
          섹션 설정
        </h2>
        <TextField form={textForm} name="label" label="섹션 이름" required maxLength={50} />
        <TextField form={textForm} name="sectionExplain" label="설명" maxLength={200} />
        <fieldset
          className="bf-fieldset"
          aria-describedby={errors.ruleType ? `${id('ruleType')}-error` : undefined}
        >
          <legend className="bf-legend">진열 방식</legend>
          {RULE_CHOICES.map((r) => (
            <label key={r.value} className="bf-check">
              <input
                type="radio"
                name={id('ruleType')}
                value={r.value}
                checked={fields.ruleType === r.value}
                onChange={() => set('ruleType', r.value)}
              />
              <span>
                {r.label} <span className="bf-hint">— {r.hint}</span>
              </span>
            </label>
          ))}
          <FieldError errors={errors} name="ruleType" id={id('ruleType')} />
        </fieldset>
        {fields.ruleType === 'CATEGORY' && (
          <div className="bf-field">
            <label className="bf-label" htmlFor={id('ruleCategoryNo')}>
              카테고리 <span className="bf-required">(필수)</span>
            </label>
            <select
              className="bf-select"
              value={fields.ruleCategoryNo ?? ''}
              onChange={(e) => set('ruleCategoryNo', e.target.value ? Number(e.target.value) : null)}
              {...errorProps(errors, 'ruleCategoryNo', id('ruleCategoryNo'))}
            >
              <option value="">카테고리를 고르세요</option>
              {categories.map((c) => (
                <option key={c.categoryNo} value={c.categoryNo}>
                  {c.label} ({c.categoryNo})
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="ruleCategoryNo" id={id('ruleCategoryNo')} />
          </div>
        )}
        {fields.ruleType === 'MANUAL' ? (
          <div className="bf-field">
            <label className="bf-label" htmlFor={id('sortType')}>
              상품 정렬
            </label>
            <select
              className="bf-select"
              value={fields.sortType}
              onChange={(e) => set('sortType', e.target.value as SectionFields['sortType'])}
              {...errorProps(errors, 'sortType', id('sortType'))}
            >
              {SORT_CHOICES.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="sortType" id={id('sortType')} />
          </div>
        ) : (
          <div className="bf-field">
            <label className="bf-label" htmlFor={id('ruleLimit')}>
              보여 줄 상품 수 (최대)
            </label>
            <input
              className="bf-input bf-select--inline"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={limitText}
              onChange={(e) => setLimitText(e.target.value)}
              {...errorProps(errors, 'ruleLimit', id('ruleLimit'))}
            />
            <FieldError errors={errors} name="ruleLimit" id={id('ruleLimit')} />
          </div>
        )}
        <div className="bf-checks">
          <Check checked={fields.onHome} onChange={(v) => set('onHome', v)}>
            홈 화면에 노출
          </Check>
          <Check checked={fields.visible} onChange={(v) => set('visible', v)}>
            쇼핑몰에 노출
          </Check>
        </div>
        <p className="bf-hint">
          홈 화면에서의 순서는 섹션 목록에서 끌어 옮기거나 위로·아래로 버튼으로 바꿉니다.
        </p>
        <PeriodFields
          start={fields.displayStart}
          end={fields.displayEnd}
          onChange={set}
          errors={errors}
          id={id}
        />
        <p className="bf-status dm-live" aria-live="polite">
          {status}
        </p>
        <SaveAlert alert={alert} />
        <div className="bf-actions">
          <button className="button" type="submit" disabled={pending}>
            {detail ? '설정 저장' : '섹션 만들기'}
          </button>
          <a className="button button--secondary" href="/manager/display/sections">
            목록으로
          </a>
        </div>
      </form>
      {detail && savedRule === 'MANUAL' && <SectionProducts detail={detail} onSaved={setDetail} />}
      {detail && savedRule !== 'MANUAL' && (
        <section className="dm-form" aria-labelledby={id('preview')}>
          <h2 id={id('preview')} className="dm-form-title">
            지금 규칙으로 보이는 상품 ({detail.preview.length}개)
          </h2>
          {detail.preview.length === 0 ? (
            <p className="muted">규칙에 맞는 판매 중인 상품이 없습니다.</p>
          ) : (
            <ol className="dm-results">
              {detail.preview.map((p) => (
                <li key={p.productNo} className="dm-product">
                  {p.imageUrl && <img className="dm-thumb dm-thumb--square" src={p.imageUrl} alt="" />}
                  <span className="dm-product-text">
                    {p.productName}{' '}
                    <span className="dm-meta">
                      ({p.productNo}번 · {p.saleStatusLabel})
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
