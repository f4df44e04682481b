import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CounterCustomProduct } from '../../server/design/index.ts';
import { posApi } from '../../lib/clients/pos.ts';
import { formatWon } from '../../lib/money.ts';
import { couponsToApply, newIdempotencyKey, type PaymentDraft } from '../../lib/pos/cart.ts';
import { priceSale } from '../../lib/pos/pricing.ts';
import { errorMessage, unwrap } from '../../lib/shop-api-client.ts';
import CustomDesignSource, { type ChosenDesign } from './CustomDesignSource.tsx';
import MemberBox from './MemberBox.tsx';
import PayDialog, { type CashReceiptDraft } from './PayDialog.tsx';
import type { CounterMember, CounterSale } from './pos-api.ts';
import './pos.css';

/**
 * A custom dampener or cushion for a walk-in customer (issue 14): product, its options (size picks
 * the print template), the design (the customer's image, a member's saved design or one made in the
 * editor), quantity and who picks it up, then payment as at the counter (F8). The sale goes to
 * POST /api/pos/sales with the design on its line; the server checks the design, records the custom
 * order with the sale and sends it to the print service, which ships it to this store.
 */

export interface CustomOrderCounterProps {
  products: CounterCustomProduct[];
  shiftNo: number | null;
  simulated: boolean;
  storeName: string;
  /** The store's address has a postcode (the print service ships there). */
  storeAddressOk: boolean;
}

const NO_RECEIPT: CashReceiptDraft = { type: 'NONE', number: '' };
const digits = (s: string) => s.replace(/\D/g, '');

interface Problems {
  product?: string;
  option?: string;
  design?: string;
  qty?: string;
  name?: string;
  phone?: string;
}

export default function CustomOrderCounter(props: CustomOrderCounterProps) {
  const { products, shiftNo, simulated, storeName, storeAddressOk } = props;
  const uid = useId();
  const [productNo, setProductNo] = useState<number | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [design, setDesign] = useState<ChosenDesign | null>(null);
  const [member, setMember] = useState<CounterMember | null>(null);
  const [usePoints, setUsePoints] = useState(0);
  const [chosenCoupons, setChosenCoupons] = useState<number[]>([]);
  const [qty, setQty] = useState('1');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [payOpen, setPayOpen] = useState(false);
  const [payments, setPayments] = useState<PaymentDraft[]>([]);
  const [cashReceipt, setCashReceipt] = useState<CashReceiptDraft>(NO_RECEIPT);
  const [saleKey, setSaleKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [done, setDone] = useState<CounterSale | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [online, setOnline] = useState(true);
  const memberField = useRef<HTMLInputElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  const announce = useCallback((text: string) => {
    setAnnouncement('');
    window.setTimeout(() => setAnnouncement(text), 30);
  }, []);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    addEventListener('online', update);
    addEventListener('offline', update);
    return () => {
      removeEventListener('online', update);
      removeEventListener('offline', update);
    };
  }, []);

  const product = products.find((p) => p.productNo === productNo) ?? null;
  const option = useMemo(
    () =>
      product?.options.find((o) => product.labels.every((label) => o.values[label] === values[label])) ??
      null,
    [product, values],
  );
  const quantity = Math.max(0, Math.trunc(Number(digits(qty))) || 0);
  const goods = option ? option.unitPrice * quantity : 0;
  const coupons = useMemo(
    () =>
      product && member
        ? couponsToApply(
            [{ productNo: product.productNo, amount: goods }],
            member.coupons.filter((c) => chosenCoupons.includes(c.couponIssueNo)),
          )
        : [],
    [product, member, chosenCoupons, goods],
  );
  // the server's pricing rules (coupons first, then points), previewed
  const priced = priceSale(
    option && product
      ? [
          {
            optionNo: option.optionNo,
            productNo: product.productNo,
            unitPrice: option.unitPrice,
            qty: quantity,
          },
        ]
      : [],
    null,
    member ? usePoints : 0,
    coupons,
  );
  const payAmt = priced.payAmt;

  /**
   * Changes an option value; a design on another template no longer fits (the size changed), nor
   * does one saved with another option (a design is sold with its own option).
   */
  function chooseValue(label: string, value: string) {
    const next = { ...values, [label]: value };
    setValues(next);
    const nextOption = product?.options.find((o) => product.labels.every((l) => o.values[l] === next[l]));
    if (!design || !nextOption) return;
    if (design.templateId !== nextOption.templateId) {
      setDesign(null);
      announce('고른 옵션의 크기가 바뀌어 디자인을 다시 골라야 합니다.');
    } else if (design.optionNo !== null && design.optionNo !== nextOption.optionNo) {
      setDesign(null);
      announce('디자인에 저장된 옵션과 달라 디자인을 다시 골라야 합니다.');
    }
  }

  /** A design saved with its option: the sale takes that option. */
  function chooseDesign(next: ChosenDesign | null) {
    setDesign(next);
    const own =
      next?.optionNo != null ? product?.options.find((o) => o.optionNo === next.optionNo) : undefined;
    if (own && own.optionNo !== option?.optionNo) {
      setValues({ ...own.values });
      announce(`디자인에 저장된 옵션(${own.label})으로 바꿨습니다.`);
    }
  }

  function chooseProduct(no: number) {
    const p = products.find((x) => x.productNo === no)!;
    setProductNo(no);
    // start from the first option on sale
    setValues({ ...(p.options.find((o) => !o.soldOut) ?? p.options[0])?.values });
    setDesign(null);
    setProblems({});
  }

  function check(): Problems {
    const found: Problems = {};
    if (!product) found.product = '상품을 골라 주세요.';
    else if (!option) found.option = '옵션을 모두 골라 주세요.';
    else if (option.soldOut) found.option = '고른 옵션은 재고가 없습니다. 다른 옵션을 골라 주세요.';
    if (product && option && !design) found.design = '디자인을 만들거나 골라 주세요.';
    if (quantity < 1 || quantity > 999) found.qty = '수량은 1개부터 999개까지 입력해 주세요.';
    const p = digits(phone);
    if (!member || name.trim() || p) {
      if (!name.trim()) found.name = '찾아가실 분의 이름을 입력해 주세요.';
      if (!/^01\d{8,9}$/.test(p)) found.phone = '휴대폰 번호를 010-1234-5678처럼 입력해 주세요.';
    }
    return found;
  }

  function openPay() {
    if (shiftNo === null || payOpen || busy) return;
    const found = check();
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${uid}-${first}`)?.focus();
      announce(Object.values(found)[0] as string);
      return;
    }
    setPayError(null);
    setPayOpen(true);
  }

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        openPay();
      } else if (e.key === 'F4') {
        e.preventDefault();
        memberField.current?.focus();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  async function record(parts: PaymentDraft[]) {
    if (!option || !design || shiftNo === null) return;
    setBusy(true);
    setPayError(null);
    const customer = name.trim() ? { name: name.trim(), phone: digits(phone) } : undefined;
    try {
      const { sale } = await unwrap(
        posApi.sales.$post({
          json: {
            idempotencyKey: saleKey,
            shiftNo,
            lines: [{ optionNo: option.optionNo, qty: quantity, designId: design.designId }],
            memberNo: member?.memberNo ?? null,
            usePoints: member ? usePoints : 0,
            coupons: coupons.map((c) => ({ couponIssueNo: c.couponIssueNo, productNo: c.productNo })),
            payments: parts,
            cashReceipt:
              cashReceipt.type !== 'NONE' && parts.some((p) => p.method === 'CASH')
                ? { type: cashReceipt.type, number: cashReceipt.number }
                : null,
            soldAt: new Date().toISOString(),
            offline: false,
            ...(customer ? { customer } : {}),
          },
        }),
      );
      setPayOpen(false);
      setDone(sale);
      announce(`판매 ${sale.saleNo} 완료. 제작 주문을 접수했습니다.`);
    } catch (err) {
      // the card or Kakao approvals were given back by the server; start the payment over
      setPayments((ps) => ps.filter((p) => p.method === 'CASH'));
      setPayError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  function startOver() {
    setProductNo(null);
    setValues({});
    setDesign(null);
    setMember(null);
    setUsePoints(0);
    setChosenCoupons([]);
    setQty('1');
    setName('');
    setPhone('');
    setPayments([]);
    setCashReceipt(NO_RECEIPT);
    setSaleKey(newIdempotencyKey());
    setDone(null);
    setProblems({});
    announce('새 커스텀 주문을 받습니다.');
  }

  const fieldError = (key: keyof Problems) =>
    problems[key] ? (
      <p id={`${uid}-${key}-error`} className="pos-error">
        {problems[key]}
      </p>
    ) : null;
  const invalid = (key: keyof Problems) =>
    problems[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${uid}-${key}-error` } : {};

  if (done) {
    return (
      <section className="pc-done" aria-labelledby={`${uid}-done`}>
        <h2 id={`${uid}-done`} ref={doneHeading} tabIndex={-1}>
          제작 주문을 접수했습니다
        </h2>
        <p>
          판매 <strong data-testid="pc-sale-no">{done.saleNo}</strong> · {formatWon(done.payAmt)} 결제
        </p>
        <p>
          {storeName}에서 찾아가실 수 있게 되면 제작 현황에서 확인할 수 있습니다. 고객께는 보통 영업일 5일
          안팎이 걸린다고 안내해 주세요.
        </p>
        <p className="pc-actions">
          <a className="button" href={`/test/pos/custom/detail?saleNo=${encodeURIComponent(done.saleNo)}`}>
            제작 현황 보기
          </a>
          <a
            className="button button--secondary"
            href={`/test/pos/order?saleNo=${encodeURIComponent(done.saleNo)}`}
          >
            영수증
          </a>
          <button type="button" className="button button--secondary" onClick={startOver}>
            새 커스텀 주문
          </button>
        </p>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </section>
    );
  }

  return (
    <div className="pc-counter">
      {shiftNo === null && (
        <p className="pos-warn" role="alert">
          열린 영업이 없습니다. <a href="/test/pos">판매 화면</a>에서 영업을 시작한 뒤 커스텀 주문을 받아
          주세요.
        </p>
      )}
      {!storeAddressOk && (
        <p className="pos-warn">
          매장 주소에 우편번호가 없어 인쇄 서비스로 보내지 못합니다. 주문은 받아 두고, 매장 주소를 고치면
          자동으로 다시 보냅니다.
        </p>
      )}

      <section className="pc-step" aria-labelledby={`${uid}-p-title`}>
        <h2 id={`${uid}-p-title`} className="pc-step__title">
          1. 상품
        </h2>
        {products.length === 0 ? (
          <p className="pc-muted">지금 판매 중인 커스텀 상품이 없습니다.</p>
        ) : (
          <fieldset className="pc-products" id={`${uid}-product`} tabIndex={-1} {...invalid('product')}>
            <legend className="visually-hidden">커스텀 상품</legend>
            {products.map((p) => (
              <label key={p.productNo} className={p.productNo === productNo ? 'is-current' : undefined}>
                <input
                  type="radio"
                  name={`${uid}-product`}
                  checked={p.productNo === productNo}
                  onChange={() => chooseProduct(p.productNo)}
                />
                {p.imageUrl ? (
                  <img src={p.imageUrl} alt="" width="64" height="64" loading="lazy" />
                ) : (
                  <span className="pc-noimg" aria-hidden="true" />
                )}
                <span>
                  <strong>{p.productName}</strong>
                  <span className="pc-muted">
                    {p.kind === 'cushion' ? '쿠션' : '방진패드'} ·{' '}
                    {formatWon(Math.min(...p.options.map((o) => o.unitPrice)))}
                    부터
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {fieldError('product')}
      </section>

      {product && (
        <section className="pc-step" aria-labelledby={`${uid}-o-title`}>
          <h2 id={`${uid}-o-title`} className="pc-step__title">
            2. 옵션
          </h2>
          <div className="pc-options">
            {product.labels.map((label, i) => {
              const choices = [...new Set(product.options.map((o) => o.values[label] ?? ''))];
              return (
                <div className="pos-field" key={label}>
                  <label htmlFor={i === 0 ? `${uid}-option` : `${uid}-option-${i}`}>
                    {label}
                    {label === product.sizeLabel && ' (인쇄 크기)'}
                  </label>
                  <select
                    id={i === 0 ? `${uid}-option` : `${uid}-option-${i}`}
                    value={values[label] ?? ''}
                    onChange={(e) => chooseValue(label, e.target.value)}
                    {...invalid('option')}
                  >
                    {choices.map((v) => (
                      <option key={v} value={v}>
                        {v}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
          </div>
          {fieldError('option')}
          <p className="pc-summary" aria-live="polite">
            {option ? (
              <>
                <strong>{option.templateLabel}</strong> · {formatWon(option.unitPrice)}
                {option.soldOut ? <span className="pc-warn"> · 재고 없음</span> : ` · 재고 ${option.stock}개`}
              </>
            ) : (
              '이 조합은 판매하지 않습니다. 다른 옵션을 골라 주세요.'
            )}
          </p>
        </section>
      )}

      <section className="pc-step" aria-labelledby={`${uid}-m-title`}>
        <h2 id={`${uid}-m-title`} className="pc-step__title">
          3. 고객 <span className="pc-muted">회원이면 휴대폰 번호로 찾아 주세요 (선택)</span>
        </h2>
        <MemberBox
          inputRef={memberField}
          member={member}
          chosenCoupons={chosenCoupons}
          appliedCoupons={priced.coupons}
          onToggleCoupon={(no) =>
            setChosenCoupons((cs) => (cs.includes(no) ? cs.filter((c) => c !== no) : [...cs, no]))
          }
          usePoints={usePoints}
          maxPoints={priced.netAmt}
          online={online}
          onMember={(m) => {
            setMember(m);
            setUsePoints(0);
            setChosenCoupons([]);
            if (design?.source === 'member') setDesign(null);
          }}
          onUsePoints={setUsePoints}
          announce={announce}
        />
      </section>

      {product && option && (
        <div id={`${uid}-design`} tabIndex={-1}>
          <CustomDesignSource
            product={product}
            option={option}
            memberNo={member?.memberNo ?? null}
            design={design}
            onDesign={chooseDesign}
            announce={announce}
          />
          {fieldError('design')}
        </div>
      )}

      <section className="pc-step" aria-labelledby={`${uid}-c-title`}>
        <h2 id={`${uid}-c-title`} className="pc-step__title">
          5. 수량과 찾아가실 분
        </h2>
        <div className="pc-options">
          <div className="pos-field">
            <label htmlFor={`${uid}-qty`}>수량</label>
            <input
              id={`${uid}-qty`}
              inputMode="numeric"
              value={qty}
              onChange={(e) => setQty(digits(e.target.value).slice(0, 3))}
              {...invalid('qty')}
            />
            {fieldError('qty')}
          </div>
          <div className="pos-field">
            <label htmlFor={`${uid}-name`}>찾아가실 분 이름</label>
            <input
              id={`${uid}-name`}
              autoComplete="off"
              value={name}
              maxLength={30}
              onChange={(e) => setName(e.target.value)}
              {...invalid('name')}
            />
            {fieldError('name')}
          </div>
          <div className="pos-field">
            <label htmlFor={`${uid}-phone`}>휴대폰 번호</label>
            <input
              id={`${uid}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              {...invalid('phone')}
            />
            {fieldError('phone')}
          </div>
        </div>
        <p className="pos-hint">
          {member
            ? '비워 두면 찾은 회원의 이름과 휴대폰 번호로 접수합니다.'
            : '제작이 끝나면 이 번호로 찾아가실 때를 안내합니다.'}
        </p>
      </section>

      <section className="pc-pay" aria-labelledby={`${uid}-s-title`}>
        <h2 id={`${uid}-s-title`} className="visually-hidden">
          결제 금액
        </h2>
        <dl aria-live="polite">
          <div>
            <dt>상품 금액</dt>
            <dd>{formatWon(goods)}</dd>
          </div>
          {priced.couponDiscountAmt > 0 && (
            <div>
              <dt>쿠폰 할인</dt>
              <dd>−{formatWon(priced.couponDiscountAmt)}</dd>
            </div>
          )}
          {priced.usedPoints > 0 && (
            <div>
              <dt>적립금</dt>
              <dd>−{formatWon(priced.usedPoints)}</dd>
            </div>
          )}
          <div className="pc-pay__due">
            <dt>받을 금액</dt>
            <dd data-testid="pc-pay-amount">{formatWon(payAmt)}</dd>
          </div>
        </dl>
        {priced.problems.map((p) => (
          <p key={p.path} className="pos-error" role="alert">
            {p.message}
          </p>
        ))}
        <button
          type="button"
          className="button pc-pay__go"
          disabled={shiftNo === null || busy || !online}
          onClick={openPay}
        >
          결제하기 <kbd>F8</kbd>
        </button>
        {!online && (
          <p className="pos-warn">연결이 끊겼습니다. 커스텀 주문은 연결된 상태에서만 받을 수 있습니다.</p>
        )}
      </section>

      {payOpen && (
        <PayDialog
          payAmt={payAmt}
          payments={payments}
          onPayments={setPayments}
          cashReceipt={cashReceipt}
          onCashReceipt={setCashReceipt}
          online={online}
          simulated={simulated}
          busy={busy}
          error={payError}
          onRecord={(parts) => void record(parts)}
          onClose={() => setPayOpen(false)}
        />
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
