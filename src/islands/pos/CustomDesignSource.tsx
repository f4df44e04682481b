import { useEffect, useId, useRef, useState } from 'react';
import type { CounterCustomOption, CounterCustomProduct } from '../../server/design/index.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import {
  imageFileProblem,
  makeDesign,
  savedDesigns,
  uploadCustomerImage,
  type SavedDesign,
  type SavedDesigns,
} from './CustomApi.ts';

/**
 * The design of a counter custom order, three ways: the customer's image (uploaded, then drawn on
 * the option's template by the server), a saved design of the member found by phone, or a design
 * the staff made in the full editor (opened in a new tab, saved to the staff's own account). A
 * design saved with its option can be picked when that option is sold here (the sale then takes
 * it); an older one saved without an option only on the chosen option's template.
 */

export interface ChosenDesign {
  designId: string;
  name: string;
  /** The option the design was saved with (the sale takes it); null when the staff chooses. */
  optionNo: number | null;
  templateId: string;
  templateLabel: string;
  previewUrl: string | null;
  dpiWarning: string | null;
  source: 'image' | 'member' | 'staff';
}

export interface CustomDesignSourceProps {
  product: CounterCustomProduct;
  option: CounterCustomOption;
  memberNo: number | null;
  design: ChosenDesign | null;
  onDesign: (design: ChosenDesign | null) => void;
  announce: (text: string) => void;
}

type Source = ChosenDesign['source'];

const SOURCES: { value: Source; label: string }[] = [
  { value: 'image', label: '고객 이미지로 만들기' },
  { value: 'member', label: '회원이 저장한 디자인' },
  { value: 'staff', label: '편집기에서 만든 디자인' },
];

export default function CustomDesignSource(props: CustomDesignSourceProps) {
  const { product, option, memberNo, design, onDesign, announce } = props;
  const uid = useId();
  const [source, setSource] = useState<Source>('image');
  const [file, setFile] = useState<File | null>(null);
  const [fit, setFit] = useState<'cover' | 'contain'>('cover');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedDesigns | null>(null);
  const [savedError, setSavedError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // the saved designs of this product (the member's and the staff's), read again on "목록 새로고침"
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (source === 'image') return;
    let live = true;
    savedDesigns(product.productNo, memberNo).then(
      (found) => {
        if (!live) return;
        setSaved(found);
        setSavedError(null);
      },
      (err: unknown) => {
        if (!live) return;
        setSaved(null);
        setSavedError(errorMessage(err));
      },
    );
    return () => {
      live = false;
    };
  }, [source, product.productNo, memberNo, reload]);

  async function create() {
    setError(null);
    if (!file) {
      setError('고객 이미지 파일을 골라 주세요.');
      fileInput.current?.focus();
      return;
    }
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      fileInput.current?.focus();
      return;
    }
    setBusy(true);
    announce('이미지를 올리고 디자인을 만드는 중입니다.');
    try {
      const imageUrl = await uploadCustomerImage(file);
      const made = await makeDesign({
        productNo: product.productNo,
        optionNo: option.optionNo,
        imageUrl,
        fit,
      });
      onDesign({
        designId: made.designId,
        name: made.name,
        optionNo: made.optionNo,
        templateId: made.templateId,
        templateLabel: made.templateLabel,
        previewUrl: made.previewUrl,
        dpiWarning: made.dpiWarning,
        source: 'image',
      });
      announce(
        `디자인을 만들었습니다. ${made.templateLabel}.${made.dpiWarning ? ` ${made.dpiWarning}` : ''}`,
      );
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  function pick(d: SavedDesign, from: Source) {
    onDesign({ ...d, dpiWarning: null, source: from });
    announce(`'${d.name}' 디자인을 골랐습니다.`);
  }

  function savedList(list: SavedDesign[], from: Source, empty: string) {
    if (list.length === 0) return <p className="pc-muted">{empty}</p>;
    return (
      <fieldset className="pc-designs">
        <legend className="visually-hidden">디자인 고르기</legend>
        {list.map((d) => {
          const own =
            d.optionNo !== null ? product.options.find((o) => o.optionNo === d.optionNo) : undefined;
          const fits = d.optionNo !== null ? own !== undefined : d.templateId === option.templateId;
          return (
            <label key={d.designId} className={design?.designId === d.designId ? 'is-current' : undefined}>
              <input
                type="radio"
                name={`${uid}-saved`}
                checked={design?.designId === d.designId}
                disabled={!fits}
                onChange={() => pick(d, from)}
                aria-describedby={fits ? undefined : `${uid}-${d.designId}-why`}
              />
              {d.previewUrl ? (
                <img src={d.previewUrl} alt="" width="72" height="72" loading="lazy" />
              ) : (
                <span className="pc-noimg" aria-hidden="true" />
              )}
              <span>
                <strong>{d.name}</strong>
                <span className="pc-muted">
                  {d.templateLabel}
                  {d.material && ` · ${d.material}`}
                </span>
                {own && <span className="pc-muted">옵션: {own.label}</span>}
                {!fits && (
                  <span id={`${uid}-${d.designId}-why`} className="pc-warn">
                    {d.optionNo !== null
                      ? '디자인에 저장된 옵션을 지금 매장에서 팔지 않아 쓸 수 없습니다.'
                      : `고른 옵션(${option.templateLabel})과 크기가 달라 쓸 수 없습니다.`}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
    );
  }

  return (
    <section className="pc-step" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="pc-step__title">
        4. 디자인
      </h2>
      <fieldset className="pc-tabs">
        <legend className="visually-hidden">디자인 고르는 방법</legend>
        {SOURCES.map((s) => (
          <label key={s.value} className={source === s.value ? 'is-current' : undefined}>
            <input
              type="radio"
              name={`${uid}-source`}
              value={s.value}
              checked={source === s.value}
              onChange={() => {
                setSource(s.value);
                setError(null);
              }}
            />{' '}
            {s.label}
          </label>
        ))}
      </fieldset>

      {source === 'image' && (
        <div className="pc-panel">
          <div className="pos-field">
            <label htmlFor={`${uid}-file`}>고객 이미지 (PNG, JPG, WebP · 10MB 이하)</label>
            <input
              ref={fileInput}
              id={`${uid}-file`}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uid}-error` : `${uid}-file-hint`}
            />
            <p id={`${uid}-file-hint`} className="pos-hint">
              {option.templateLabel}의 인쇄 영역에 이미지를 넣습니다. 앞면과 뒷면에 같은 이미지가 인쇄됩니다.
            </p>
          </div>
          <fieldset className="pc-inline">
            <legend>이미지 배치</legend>
            <label>
              <input
                type="radio"
                name={`${uid}-fit`}
                checked={fit === 'cover'}
                onChange={() => setFit('cover')}
              />{' '}
              가득 채우기 (가장자리가 조금 잘릴 수 있음)
            </label>
            <label>
              <input
                type="radio"
                name={`${uid}-fit`}
                checked={fit === 'contain'}
                onChange={() => setFit('contain')}
              />{' '}
              여백 두고 맞추기 (잘리지 않음)
            </label>
          </fieldset>
          <button type="button" className="button" disabled={busy} onClick={() => void create()}>
            {busy ? '디자인 만드는 중…' : '이 이미지로 디자인 만들기'}
          </button>
          {error && (
            <p id={`${uid}-error`} className="pos-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}

      {source === 'member' && (
        <div className="pc-panel">
          {memberNo === null ? (
            <p className="pc-muted">먼저 위의 ‘고객’에서 휴대폰 번호로 회원을 찾아 주세요.</p>
          ) : (
            saved && savedList(saved.member, 'member', '이 회원이 이 상품으로 저장한 디자인이 없습니다.')
          )}
        </div>
      )}

      {source === 'staff' && (
        <div className="pc-panel">
          <p>
            <a
              href={`/products/${encodeURIComponent(product.slug)}/customize`}
              target="_blank"
              rel="noopener"
            >
              편집기 열기 (새 탭)
            </a>{' '}
            <span className="pc-muted">— 직원 계정으로 저장한 뒤 ‘목록 새로고침’을 눌러 주세요.</span>
          </p>
          <button type="button" className="button button--secondary" onClick={() => setReload((n) => n + 1)}>
            목록 새로고침
          </button>
          {saved && savedList(saved.staff, 'staff', '직원 계정에 저장한 이 상품의 디자인이 없습니다.')}
        </div>
      )}
      {savedError && source !== 'image' && (
        <p className="pos-error" role="alert">
          {savedError}
        </p>
      )}

      {design && (
        <figure className="pc-chosen" aria-live="polite">
          {design.previewUrl && (
            <img src={design.previewUrl} alt={`${design.name} 미리보기`} width="160" height="160" />
          )}
          <figcaption>
            <strong>{design.name}</strong>
            <span className="pc-muted">{design.templateLabel}</span>
            {design.dpiWarning && <span className="pc-warn">{design.dpiWarning}</span>}
            <button type="button" className="pos-link" onClick={() => onDesign(null)}>
              다른 디자인 고르기
            </button>
          </figcaption>
        </figure>
      )}
    </section>
  );
}
