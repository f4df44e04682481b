import { discountedPrice, formatWon } from '../../../lib/money.ts';
import { SALE_STATUS_CODES, SALE_STATUS_LABELS } from '../../../lib/product-status.ts';
import {
  numberOf,
  PURCHASE_LIMIT_FIELDS,
  type DraftFlagKey,
  type DraftTextField,
  type SaleStatus,
} from './editor-state.ts';
import type { EditorPartProps } from './EditorBasics.tsx';
import { CheckField, Field, TextField } from './EditorFields.tsx';

// Seoul times (datetime-local)
const DISCOUNT_TIMES: DraftTextField[] = [
  {
    path: 'immediateDiscount.startYmdt',
    key: 'discountStart',
    label: '할인 시작',
    hint: '한국 시간. 비우면 바로 시작합니다.',
  },
  {
    path: 'immediateDiscount.endYmdt',
    key: 'discountEnd',
    label: '할인 종료',
    hint: '비우면 끝나지 않습니다.',
  },
];
const SALE_TIMES: DraftTextField[] = [
  {
    path: 'saleStartYmdt',
    key: 'saleStart',
    label: '판매 시작',
    hint: '한국 시간. 비우면 저장하는 때부터 판매합니다.',
  },
  { path: 'saleEndYmdt', key: 'saleEnd', label: '판매 종료', hint: '비우면 기간 없이 판매합니다.' },
];

// whole numbers
const LIMITS: DraftTextField[] = [
  ...PURCHASE_LIMIT_FIELDS,
  {
    path: 'lowStockThreshold',
    key: 'lowStockThreshold',
    label: '재고 부족 기준',
    suffix: '개',
    hint: '옵션 재고가 이 수량 이하면 목록과 재고 표에 ‘부족’으로 표시합니다.',
  },
];

const DISPLAY: { key: DraftFlagKey; label: string }[] = [
  { key: 'frontDisplay', label: '쇼핑몰에 전시 (목록·검색·카테고리에 보이기)' },
  { key: 'urlDirectDisplay', label: '전시하지 않아도 상품 주소로 들어오면 보이기 (URL 직접 접근)' },
  { key: 'forcedSoldOut', label: '전체 품절 (재고와 관계없이 모든 옵션을 품절로 표시)' },
];

/** 판매 정보: price, immediate discount and its period, sale status and period, display, limits. */
export default function EditorSale({ draft, patch, readOnly }: EditorPartProps) {
  const price = numberOf(draft.salePrice);
  const discount = numberOf(draft.discountValue, 0);
  const after =
    price !== null && discount !== null && discount > 0
      ? discountedPrice(price, discount, draft.discountUnit)
      : null;
  const text = (f: DraftTextField, kind: 'time' | 'count') => (
    <TextField
      key={f.path}
      path={f.path}
      label={f.label}
      hint={f.hint}
      suffix={f.suffix}
      numeric={kind === 'count'}
      type={kind === 'time' ? 'datetime-local' : 'text'}
      value={draft[f.key]}
      onChange={(value) => patch({ [f.key]: value })}
    />
  );
  return (
    <div className="pe-sale">
      <div className="pe-grid">
        <TextField
          path="salePrice"
          label="판매가"
          required
          numeric
          suffix="원"
          value={draft.salePrice}
          onChange={(salePrice) => patch({ salePrice })}
        />
        <Field
          path="saleStatus"
          label="판매 상태"
          required
          hint="판매대기·판매종료·판매중지 상품은 주문할 수 없습니다."
        >
          {(a11y) => (
            <select
              {...a11y}
              className="bf-select"
              value={draft.saleStatus}
              disabled={readOnly}
              onChange={(e) => patch({ saleStatus: e.target.value as SaleStatus })}
            >
              {SALE_STATUS_CODES.map((s) => (
                <option key={s} value={s}>
                  {SALE_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      <fieldset className="bf-fieldset pe-group">
        <legend className="bf-legend">즉시 할인</legend>
        <div className="pe-grid">
          <TextField
            path="immediateDiscount.value"
            label="할인"
            numeric
            value={draft.discountValue}
            hint={
              after !== null
                ? `할인 기간 중 판매가 ${formatWon(after)} (${formatWon((price ?? 0) - after)} 할인)`
                : '0이면 할인하지 않습니다.'
            }
            onChange={(discountValue) => patch({ discountValue })}
          />
          <Field path="immediateDiscount.unit" label="할인 단위">
            {(a11y) => (
              <select
                {...a11y}
                className="bf-select"
                value={draft.discountUnit}
                disabled={readOnly}
                onChange={(e) => patch({ discountUnit: e.target.value === 'RATE' ? 'RATE' : 'WON' })}
              >
                <option value="WON">원</option>
                <option value="RATE">%</option>
              </select>
            )}
          </Field>
          {DISCOUNT_TIMES.map((f) => text(f, 'time'))}
        </div>
      </fieldset>

      <fieldset className="bf-fieldset pe-group">
        <legend className="bf-legend">판매 기간</legend>
        <div className="pe-grid">{SALE_TIMES.map((f) => text(f, 'time'))}</div>
      </fieldset>

      <fieldset className="bf-fieldset pe-group">
        <legend className="bf-legend">전시</legend>
        {DISPLAY.map((f) => (
          <CheckField
            key={f.key}
            path={f.key}
            label={f.label}
            checked={draft[f.key]}
            onChange={(checked) => patch({ [f.key]: checked })}
          />
        ))}
      </fieldset>

      <fieldset className="bf-fieldset pe-group">
        <legend className="bf-legend">구매 수량과 적립</legend>
        <div className="pe-grid">{LIMITS.map((f) => text(f, 'count'))}</div>
      </fieldset>
    </div>
  );
}
