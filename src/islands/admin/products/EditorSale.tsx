import { discountedPrice, formatWon } from '../../../lib/money.ts';
import { SALE_STATUS_CODES, SALE_STATUS_LABELS } from '../../../lib/product-status.ts';
import { numberOf, type SaleStatus } from './editor-state.ts';
import type { EditorPartProps } from './EditorBasics.tsx';
import { CheckField, Field, TextField } from './EditorFields.tsx';

/** 판매 정보: price, immediate discount and its period, sale status and period, display, limits. */
export default function EditorSale({ draft, patch, readOnly }: EditorPartProps) {
  const price = numberOf(draft.salePrice);
  const discount = numberOf(draft.discountValue, 0);
  const after =
    price !== null && discount !== null && discount > 0
      ? discountedPrice(price, discount, draft.discountUnit)
      : null;
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
          <TextField
            path="immediateDiscount.startYmdt"
            label="할인 시작"
            type="datetime-local"
            value={draft.discountStart}
            hint="한국 시간. 비우면 바로 시작합니다."
            onChange={(discountStart) => patch({ discountStart })}
          />
          <TextField
            path="immediateDiscount.endYmdt"
            label="할인 종료"
            type="datetime-local"
            value={draft.discountEnd}
            hint="비우면 끝나지 않습니다."
            onChange={(discountEnd) => patch({ discountEnd })}
          />
        </div>
      </fieldset>

      <fieldset className="bf-fieldset pe-group">
        <legend className="bf-legend">판매 기간</legend>
        <div className="pe-grid">
          <TextField
            path="saleStartYmdt"
            label="판매 시작"
            type="datetime-local"
            value={draft.saleStart}
            hint="한국 시간. 비우면 저장하는 때부터 판매합니다."
            onChange={(saleStart) => patch({ saleStart })}
          />
          <TextField
            path="saleEndYmdt"
            label="판매 종료"
            type="datetime-local"
            value={draft.saleEnd}
            hint="비우면 기간 없이 판매합니다."
            onChange={(saleEnd) => patch({ saleEnd })}
          />
        </div>
      </fieldset>

      <fieldset className="bf-fieldset pe-group">
        <legend className="bf-legend">전시</legend>
        <CheckField
          path="frontDisplay"
          label="쇼핑몰에 전시 (목록·검색·카테고리에 보이기)"
          checked={draft.frontDisplay}
          onChange={(frontDisplay) => patch({ frontDisplay })}
        />
        <CheckField
          path="urlDirectDisplay"
          label="전시하지 않아도 상품 주소로 들어오면 보이기 (URL 직접 접근)"
          checked={draft.urlDirectDisplay}
          onChange={(urlDirectDisplay) => patch({ urlDirectDisplay })}
        />
        <CheckField
          path="forcedSoldOut"
          label="전체 품절 (재고와 관계없이 모든 옵션을 품절로 표시)"
          checked={draft.forcedSoldOut}
          onChange={(forcedSoldOut) => patch({ forcedSoldOut })}
        />
      </fieldset>

      <fieldset className="bf-fieldset pe-group">
        <legend className="bf-legend">구매 수량과 적립</legend>
        <div className="pe-grid">
          <TextField
            path="minBuyCnt"
            label="최소 구매 수량"
            numeric
            suffix="개"
            value={draft.minBuyCnt}
            onChange={(minBuyCnt) => patch({ minBuyCnt })}
          />
          <TextField
            path="maxBuyTimeCnt"
            label="1회 최대 구매 수량"
            numeric
            suffix="개"
            hint="0이면 제한 없음"
            value={draft.maxBuyTimeCnt}
            onChange={(maxBuyTimeCnt) => patch({ maxBuyTimeCnt })}
          />
          <TextField
            path="maxBuyPersonCnt"
            label="1인 최대 구매 수량"
            numeric
            suffix="개"
            hint="0이면 제한 없음"
            value={draft.maxBuyPersonCnt}
            onChange={(maxBuyPersonCnt) => patch({ maxBuyPersonCnt })}
          />
          <TextField
            path="accumulationRate"
            label="적립률"
            numeric
            suffix="%"
            value={draft.accumulationRate}
            onChange={(accumulationRate) => patch({ accumulationRate })}
          />
          <TextField
            path="lowStockThreshold"
            label="재고 부족 기준"
            numeric
            suffix="개"
            hint="옵션 재고가 이 수량 이하면 목록과 재고 표에 ‘부족’으로 표시합니다."
            value={draft.lowStockThreshold}
            onChange={(lowStockThreshold) => patch({ lowStockThreshold })}
          />
        </div>
      </fieldset>
    </div>
  );
}
