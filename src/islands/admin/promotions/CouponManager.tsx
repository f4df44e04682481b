import { useId, useRef, useState, type FormEvent } from 'react';
import { categoriesCovered } from '../../../lib/coupon-rules.ts';
import { call, PromotionApiError, won } from './api.ts';
import './promotions.css';

/**
 * /manager/coupons: every coupon with its figures (issued, used, unused, left of the total limit),
 * a form for a new one, issuing one to chosen members (ids or mobile numbers, one per line) and
 * stopping one. The server checks everything; its Korean messages show next to their fields.
 */

/** A category the form offers: its full path (`생활 > 욕실`) and its parent, for what a tick covers. */
export interface CouponCategoryChoice {
  categoryNo: number;
  parentNo: number | null;
  path: string;
  depth: number;
}

export interface ManagedCouponView {
  couponNo: number;
  couponName: string;
  couponType: 'PRODUCT' | 'CART';
  discountUnit: 'WON' | 'RATE';
  discountValue: number;
  maxDiscountAmt: number;
  minOrderAmt: number;
  targetProductNos: number[];
  targetCategoryNos: number[];
  downloadable: boolean;
  issueOnSignup: boolean;
  issueStartYmdt: string;
  issueEndYmdt: string | null;
  useEndYmdt: string | null;
  useDays: number | null;
  perMemberLimit: number;
  totalLimit: number | null;
  stopped: boolean;
  figures: { issued: number; used: number; unused: number; remaining: number | null };
}

const EMPTY = {
  couponName: '',
  couponType: 'CART',
  discountUnit: 'WON',
  discountValue: '',
  maxDiscountAmt: '',
  minOrderAmt: '',
  target: 'ALL',
  targetProductNos: '',
  targetCategoryNos: [] as number[],
  issueStartYmd: '',
  issueEndYmd: '',
  useEndYmd: '',
  useDays: '',
  perMemberLimit: '1',
  totalLimit: '',
  downloadable: true,
  issueOnSignup: false,
};
type Draft = typeof EMPTY;

/** A number field as the server should judge it: blank left out, digits as a number, other text as typed. */
const num = (v: string): number | string | undefined => {
  const s = v.trim().replace(/,/g, '');
  if (s === '') return undefined;
  return /^-?\d+$/.test(s) ? Number(s) : s;
};

function bodyOf(d: Draft) {
  return {
    couponName: d.couponName,
    couponType: d.couponType,
    discountUnit: d.discountUnit,
    discountValue: num(d.discountValue) ?? '',
    maxDiscountAmt: d.discountUnit === 'RATE' ? num(d.maxDiscountAmt) : undefined,
    minOrderAmt: num(d.minOrderAmt),
    targetProductNos:
      d.target === 'CHOSEN'
        ? d.targetProductNos
            .split(/[\s,]+/)
            .filter(Boolean)
            .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
        : [],
    targetCategoryNos: d.target === 'CHOSEN' ? d.targetCategoryNos : [],
    issueStartYmd: d.issueStartYmd || undefined,
    issueEndYmd: d.issueEndYmd || undefined,
    useEndYmd: d.useEndYmd || undefined,
    useDays: num(d.useDays),
    perMemberLimit: num(d.perMemberLimit),
    totalLimit: num(d.totalLimit) ?? null,
    downloadable: d.downloadable,
    issueOnSignup: d.issueOnSignup,
  };
}

const discountText = (c: ManagedCouponView) =>
  c.discountUnit === 'WON'
    ? `${won(c.discountValue)} 할인`
    : `${c.discountValue}% 할인${c.maxDiscountAmt > 0 ? ` (최대 ${won(c.maxDiscountAmt)})` : ''}`;
const day = (ymdt: string | null) => (ymdt ? ymdt.slice(0, 10) : '');
const validityText = (c: ManagedCouponView) =>
  [c.useEndYmdt ? `${day(c.useEndYmdt)}까지` : '', c.useDays ? `받은 날부터 ${c.useDays}일` : '']
    .filter(Boolean)
    .join(', 먼저 오는 날까지 · ');

const targetText = (c: ManagedCouponView) =>
  c.targetProductNos.length + c.targetCategoryNos.length === 0
    ? '전체 상품'
    : [
        c.targetProductNos.length > 0 ? `상품 ${c.targetProductNos.join(', ')}` : '',
        c.targetCategoryNos.length > 0 ? `분류 ${c.targetCategoryNos.join(', ')} (하위 분류 포함)` : '',
      ]
        .filter(Boolean)
        .join(' · ');

export default function CouponManager({
  initial,
  categories = [],
}: {
  initial: ManagedCouponView[];
  categories?: CouponCategoryChoice[];
}) {
  const id = useId();
  const [coupons, setCoupons] = useState(initial);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const [issueNo, setIssueNo] = useState<string>('');
  const [issueMembers, setIssueMembers] = useState('');
  const [issueError, setIssueError] = useState('');
  const [issueStatus, setIssueStatus] = useState('');

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const reload = async () =>
    setCoupons((await call<{ items: ManagedCouponView[] }>('/api/manager/coupons')).items);

  const fieldProps = (name: string) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': fields[name] ? ('true' as const) : undefined,
    'aria-describedby': fields[name] ? `${id}-${name}-error` : undefined,
  });
  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="promo-field-error">
        {fields[name]}
      </p>
    ) : null;

  async function onCreate(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setError('');
    setStatus('');
    try {
      const made = await call<ManagedCouponView>('/api/manager/coupons', bodyOf(draft));
      setFields({});
      setDraft(EMPTY);
      await reload();
      setStatus(`쿠폰을 만들었습니다: ${made.couponNo}. ${made.couponName}`);
    } catch (err) {
      const p =
        err instanceof PromotionApiError ? err : new PromotionApiError('요청을 처리하지 못했습니다.', 0, {});
      setFields(p.fields);
      setError(p.message);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    } finally {
      setPending(false);
    }
  }

  async function onStop(c: ManagedCouponView) {
    if (!window.confirm(`‘${c.couponName}’ 쿠폰의 발급을 중지할까요? 이미 받은 쿠폰은 계속 쓸 수 있습니다.`))
      return;
    setError('');
    setStatus('');
    try {
      await call(`/api/manager/coupons/${c.couponNo}/stop`, {});
      await reload();
      setStatus(`‘${c.couponName}’ 쿠폰의 발급을 중지했습니다.`);
    } catch (err) {
      setError(err instanceof Error ? err.message : '요청을 처리하지 못했습니다.');
    }
  }

  async function onIssue(e: FormEvent) {
    e.preventDefault();
    setIssueError('');
    setIssueStatus('');
    const members = issueMembers
      .split(/[\n,]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (!issueNo) {
      setIssueError('발급할 쿠폰을 골라 주세요.');
      return;
    }
    try {
      const res = await call<{ issued: unknown[] }>(`/api/manager/coupons/${issueNo}/issue`, { members });
      setIssueMembers('');
      await reload();
      setIssueStatus(`회원 ${res.issued.length}명에게 쿠폰을 발급했습니다.`);
    } catch (err) {
      if (err instanceof PromotionApiError) {
        const detail = Object.values(err.fields);
        setIssueError(detail.length > 1 ? `${err.message} ${detail.join(' ')}` : err.message);
      } else setIssueError('요청을 처리하지 못했습니다.');
    }
  }

  const running = coupons.filter((c) => !c.stopped);

  return (
    <div>
      <p className="promo-error" role="alert">
        {error}
      </p>
      <p className="promo-status" role="status">
        {status}
      </p>

      <section className="promo-section" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>쿠폰 목록</h2>
        {coupons.length === 0 ? (
          <p>아직 만든 쿠폰이 없습니다.</p>
        ) : (
          <table className="promo-table">
            <caption className="visually-hidden">쿠폰과 발급·사용 현황</caption>
            <thead>
              <tr>
                <th scope="col">번호</th>
                <th scope="col">쿠폰</th>
                <th scope="col">할인</th>
                <th scope="col">사용 기한</th>
                <th scope="col">발급</th>
                <th scope="col">사용</th>
                <th scope="col">미사용</th>
                <th scope="col">남은 수량</th>
                <th scope="col">상태</th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((c) => (
                <tr key={c.couponNo} data-coupon-no={c.couponNo}>
                  <td className="num">{c.couponNo}</td>
                  <th scope="row">
                    {c.couponName}
                    <p className="promo-hint">
                      {c.couponType === 'CART' ? '장바구니 쿠폰' : '상품 쿠폰'} · {targetText(c)} ·{' '}
                      {c.downloadable ? '회원 다운로드' : '관리자 발급만'}
                      {c.issueOnSignup ? ' · 가입 시 발급' : ''} · 회원당 {c.perMemberLimit}장
                    </p>
                  </th>
                  <td>
                    {discountText(c)}
                    {c.minOrderAmt > 0 && <p className="promo-hint">{won(c.minOrderAmt)} 이상 주문</p>}
                  </td>
                  <td>
                    {validityText(c)}
                    <p className="promo-hint">
                      발급 {day(c.issueStartYmdt)} ~ {c.issueEndYmdt ? day(c.issueEndYmdt) : '기한 없음'}
                    </p>
                  </td>
                  <td className="num" data-figure="issued">
                    {c.figures.issued.toLocaleString('ko-KR')}장
                  </td>
                  <td className="num" data-figure="used">
                    {c.figures.used.toLocaleString('ko-KR')}장
                  </td>
                  <td className="num" data-figure="unused">
                    {c.figures.unused.toLocaleString('ko-KR')}장
                  </td>
                  <td className="num" data-figure="remaining">
                    {c.figures.remaining === null
                      ? `제한 없음`
                      : `${c.figures.remaining.toLocaleString('ko-KR')}장 / ${(c.totalLimit ?? 0).toLocaleString('ko-KR')}장`}
                  </td>
                  <td>
                    {c.stopped ? (
                      <span className="promo-badge stopped">발급 중지</span>
                    ) : (
                      <>
                        <span className="promo-badge running">발급 중</span>{' '}
                        <button type="button" className="button small" onClick={() => void onStop(c)}>
                          <span aria-hidden="true">발급 중지</span>
                          <span className="visually-hidden">{c.couponName} 발급 중지</span>
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="promo-section" aria-labelledby={`${id}-issue`}>
        <h2 id={`${id}-issue`}>회원에게 발급</h2>
        <form className="promo-form" onSubmit={(e) => void onIssue(e)} noValidate>
          <div className="row">
            <div>
              <label htmlFor={`${id}-issue-coupon`}>쿠폰</label>
              <select id={`${id}-issue-coupon`} value={issueNo} onChange={(e) => setIssueNo(e.target.value)}>
                <option value="">쿠폰을 고르세요</option>
                {running.map((c) => (
                  <option key={c.couponNo} value={c.couponNo}>
                    {c.couponNo}. {c.couponName}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div>
            <label htmlFor={`${id}-issue-members`}>회원 아이디 또는 휴대폰 번호</label>
            <textarea
              id={`${id}-issue-members`}
              rows={4}
              cols={40}
              value={issueMembers}
              onChange={(e) => setIssueMembers(e.target.value)}
              aria-describedby={`${id}-issue-hint`}
            />
            <p id={`${id}-issue-hint`} className="promo-hint">
              한 줄에 한 명씩 적습니다. 한 명이라도 찾을 수 없거나 한도를 넘으면 아무에게도 발급하지 않습니다.
            </p>
          </div>
          <p className="promo-error" role="alert">
            {issueError}
          </p>
          <p className="promo-status" role="status">
            {issueStatus}
          </p>
          <div>
            <button type="submit" className="button">
              발급하기
            </button>
          </div>
        </form>
      </section>

      <section className="promo-section" aria-labelledby={`${id}-new`}>
        <h2 id={`${id}-new`}>새 쿠폰 만들기</h2>
        <form ref={formRef} className="promo-form" onSubmit={(e) => void onCreate(e)} noValidate>
          <div>
            <label htmlFor={`${id}-couponName`}>쿠폰 이름</label>
            <input
              type="text"
              size={40}
              {...fieldProps('couponName')}
              value={draft.couponName}
              onChange={(e) => set('couponName', e.target.value)}
            />
            {fieldError('couponName')}
          </div>
          <fieldset>
            <legend>쿠폰 종류</legend>
            <label>
              <input
                type="radio"
                name="couponType"
                checked={draft.couponType === 'CART'}
                onChange={() => set('couponType', 'CART')}
              />
              장바구니 쿠폰 (주문 전체)
            </label>
            <label>
              <input
                type="radio"
                name="couponType"
                checked={draft.couponType === 'PRODUCT'}
                onChange={() => set('couponType', 'PRODUCT')}
              />
              상품 쿠폰 (상품 하나)
            </label>
          </fieldset>
          <fieldset>
            <legend>할인 방식</legend>
            <label>
              <input
                type="radio"
                name="discountUnit"
                checked={draft.discountUnit === 'WON'}
                onChange={() => set('discountUnit', 'WON')}
              />
              금액(원)
            </label>
            <label>
              <input
                type="radio"
                name="discountUnit"
                checked={draft.discountUnit === 'RATE'}
                onChange={() => set('discountUnit', 'RATE')}
              />
              비율(%)
            </label>
          </fieldset>
          <div className="row">
            <div>
              <label htmlFor={`${id}-discountValue`}>
                {draft.discountUnit === 'WON' ? '할인 금액(원)' : '할인율(%)'}
              </label>
              <input
                type="text"
                inputMode="numeric"
                size={10}
                {...fieldProps('discountValue')}
                value={draft.discountValue}
                onChange={(e) => set('discountValue', e.target.value)}
              />
              {fieldError('discountValue')}
            </div>
            {draft.discountUnit === 'RATE' && (
              <div>
                <label htmlFor={`${id}-maxDiscountAmt`}>최대 할인 금액(원)</label>
                <input
                  type="text"
                  inputMode="numeric"
                  size={10}
                  {...fieldProps('maxDiscountAmt')}
                  value={draft.maxDiscountAmt}
                  onChange={(e) => set('maxDiscountAmt', e.target.value)}
                />
                {fieldError('maxDiscountAmt')}
              </div>
            )}
            <div>
              <label htmlFor={`${id}-minOrderAmt`}>최소 주문 금액(원)</label>
              <input
                type="text"
                inputMode="numeric"
                size={10}
                {...fieldProps('minOrderAmt')}
                value={draft.minOrderAmt}
                onChange={(e) => set('minOrderAmt', e.target.value)}
              />
              {fieldError('minOrderAmt')}
            </div>
          </div>
          <fieldset>
            <legend>적용 상품·분류</legend>
            <label>
              <input
                type="radio"
                name="target"
                checked={draft.target === 'ALL'}
                onChange={() => set('target', 'ALL')}
              />
              전체 상품
            </label>
            <label>
              <input
                type="radio"
                name="target"
                checked={draft.target === 'CHOSEN'}
                onChange={() => set('target', 'CHOSEN')}
              />
              고른 상품·분류만
            </label>
            {draft.target === 'CHOSEN' && (
              <div>
                <label htmlFor={`${id}-targetProductNos`}>상품 번호 (쉼표로 구분)</label>
                <input
                  type="text"
                  size={30}
                  {...fieldProps('targetProductNos')}
                  value={draft.targetProductNos}
                  onChange={(e) => set('targetProductNos', e.target.value)}
                />
                {fieldError('targetProductNos')}
                {categories.length > 0 && (
                  <fieldset
                    className="promo-categories"
                    aria-describedby={fields.targetCategoryNos ? `${id}-targetCategoryNos-error` : undefined}
                  >
                    <legend>적용 분류 (하위 분류 포함)</legend>
                    {categories.map((cat) => {
                      const chosen = draft.targetCategoryNos.includes(cat.categoryNo);
                      const byParent =
                        !chosen && categoriesCovered(draft.targetCategoryNos, categories).has(cat.categoryNo);
                      return (
                        <label
                          key={cat.categoryNo}
                          style={{ paddingInlineStart: `${(cat.depth - 1) * 1.25}rem` }}
                        >
                          <input
                            type="checkbox"
                            name="targetCategoryNos"
                            value={cat.categoryNo}
                            checked={chosen || byParent}
                            disabled={byParent}
                            onChange={(e) =>
                              set(
                                'targetCategoryNos',
                                e.target.checked
                                  ? [...draft.targetCategoryNos, cat.categoryNo]
                                  : draft.targetCategoryNos.filter((n) => n !== cat.categoryNo),
                              )
                            }
                          />
                          {cat.path}
                          {byParent && <span className="promo-hint"> (상위 분류에 포함)</span>}
                        </label>
                      );
                    })}
                    {fieldError('targetCategoryNos')}
                  </fieldset>
                )}
              </div>
            )}
          </fieldset>
          <div className="row">
            <div>
              <label htmlFor={`${id}-issueStartYmd`}>발급 시작일</label>
              <input
                type="date"
                {...fieldProps('issueStartYmd')}
                value={draft.issueStartYmd}
                onChange={(e) => set('issueStartYmd', e.target.value)}
              />
              {fieldError('issueStartYmd')}
            </div>
            <div>
              <label htmlFor={`${id}-issueEndYmd`}>발급 종료일</label>
              <input
                type="date"
                {...fieldProps('issueEndYmd')}
                value={draft.issueEndYmd}
                onChange={(e) => set('issueEndYmd', e.target.value)}
              />
              {fieldError('issueEndYmd')}
            </div>
          </div>
          <p className="promo-hint">발급 시작일을 비우면 지금부터, 종료일을 비우면 기한 없이 발급합니다.</p>
          <div className="row">
            <div>
              <label htmlFor={`${id}-useEndYmd`}>사용 종료일</label>
              <input
                type="date"
                {...fieldProps('useEndYmd')}
                value={draft.useEndYmd}
                onChange={(e) => set('useEndYmd', e.target.value)}
              />
              {fieldError('useEndYmd')}
            </div>
            <div>
              <label htmlFor={`${id}-useDays`}>받은 날부터 사용 기간(일)</label>
              <input
                type="text"
                inputMode="numeric"
                size={6}
                {...fieldProps('useDays')}
                value={draft.useDays}
                onChange={(e) => set('useDays', e.target.value)}
              />
              {fieldError('useDays')}
            </div>
          </div>
          <p className="promo-hint">둘 다 정하면 먼저 오는 날까지 쓸 수 있습니다.</p>
          <div className="row">
            <div>
              <label htmlFor={`${id}-perMemberLimit`}>회원당 발급 한도(장)</label>
              <input
                type="text"
                inputMode="numeric"
                size={6}
                {...fieldProps('perMemberLimit')}
                value={draft.perMemberLimit}
                onChange={(e) => set('perMemberLimit', e.target.value)}
              />
              {fieldError('perMemberLimit')}
            </div>
            <div>
              <label htmlFor={`${id}-totalLimit`}>전체 발급 한도(장)</label>
              <input
                type="text"
                inputMode="numeric"
                size={8}
                placeholder="제한 없음"
                {...fieldProps('totalLimit')}
                value={draft.totalLimit}
                onChange={(e) => set('totalLimit', e.target.value)}
              />
              {fieldError('totalLimit')}
            </div>
          </div>
          <div>
            <label>
              <input
                type="checkbox"
                checked={draft.downloadable}
                onChange={(e) => set('downloadable', e.target.checked)}
              />{' '}
              회원이 쇼핑몰에서 직접 받을 수 있음
            </label>
          </div>
          <div>
            <label>
              <input
                type="checkbox"
                checked={draft.issueOnSignup}
                onChange={(e) => set('issueOnSignup', e.target.checked)}
              />{' '}
              새로 가입하는 회원에게 자동 발급
            </label>
          </div>
          <div>
            <button type="submit" className="button primary" disabled={pending}>
              쿠폰 만들기
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
