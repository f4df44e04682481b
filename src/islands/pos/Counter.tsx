import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import {
  addToCart,
  couponsToApply,
  goodsOf,
  newIdempotencyKey,
  previewSale,
  removeLine,
  saleRequest,
  setLineDiscount,
  setQty,
  type CartLine,
  type CounterItem,
  type Discount,
  type PaymentDraft,
  type SaleRequest,
} from '../../lib/pos/cart.ts';
import { formatWon } from '../../lib/money.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import CameraScan from './CameraScan.tsx';
import CartTable from './CartTable.tsx';
import DiscountEditor from './DiscountEditor.tsx';
import InputsDialog from './InputsDialog.tsx';
import LastSale, { type Finished } from './LastSale.tsx';
import MemberBox from './MemberBox.tsx';
import OpenShiftForm from './OpenShiftForm.tsx';
import PayDialog, { type CashReceiptDraft } from './PayDialog.tsx';
import {
  isOffline,
  itemsByCode,
  kakaoStatus,
  searchItems,
  sendSale,
  type CounterMember,
  type Shift,
} from './pos-api.ts';
import QueuePanel from './QueuePanel.tsx';
import ScanBox from './ScanBox.tsx';
import { useItemCache } from './use-item-cache.ts';
import { useScanner } from './use-scanner.ts';
import { useSaleQueue } from './use-sale-queue.ts';
import './pos.css';

/**
 * The counter's sell screen (issue 14). Everything it needs once loaded lives here, so a dropped
 * connection does not stop it: items already seen are looked up from memory, cash sales are
 * queued on the device (use-sale-queue.ts). The amounts on screen are a preview; the server prices
 * the sale and its answer is what the staff see afterwards. Keys: F2 search, F4 member, F8 pay,
 * F9 camera; a USB scanner works anywhere (use-scanner.ts).
 */

export interface CounterProps {
  storeName: string;
  pointRate: number;
  shift: Shift | null;
  simulated: boolean;
}

const NO_RECEIPT: CashReceiptDraft = { type: 'NONE', number: '' };

export default function Counter({ storeName, pointRate, shift, simulated }: CounterProps) {
  const [lines, setLines] = useState<CartLine[]>([]);
  const [orderDiscount, setOrderDiscount] = useState<Discount | null>(null);
  const [editingOrderDiscount, setEditingOrderDiscount] = useState(false);
  const [member, setMember] = useState<CounterMember | null>(null);
  const [usePoints, setUsePoints] = useState(0);
  const [chosenCoupons, setChosenCoupons] = useState<number[]>([]);
  const [payments, setPayments] = useState<PaymentDraft[]>([]);
  const [cashReceipt, setCashReceipt] = useState<CashReceiptDraft>(NO_RECEIPT);
  const [saleKey, setSaleKey] = useState(newIdempotencyKey);
  const [payOpen, setPayOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  /** The item whose input texts (각인 문구) are being asked before it is added. */
  const [asking, setAsking] = useState<CounterItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [scanError, setScanError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [finished, setFinished] = useState<Finished | null>(null);
  /** Bumped to put the focus back in the scan field once the screen has settled. */
  const [focusScan, setFocusScan] = useState(0);
  const scanField = useRef<HTMLInputElement>(null);
  const memberField = useRef<HTMLInputElement>(null);
  const cache = useItemCache();
  const queue = useSaleQueue();

  const coupons = useMemo(
    () =>
      couponsToApply(
        goodsOf(lines),
        chosenCoupons.flatMap((no) => member?.coupons.filter((c) => c.couponIssueNo === no) ?? []),
      ),
    [lines, chosenCoupons, member],
  );
  const preview = useMemo(
    () => previewSale(lines, orderDiscount, usePoints, coupons),
    [lines, orderDiscount, usePoints, coupons],
  );
  const announce = useCallback((text: string) => {
    // the same words twice are announced twice
    setAnnouncement('');
    window.setTimeout(() => setAnnouncement(text), 30);
  }, []);

  const addItem = useCallback(
    (item: CounterItem) => {
      const name = `${item.productName}${item.optionLabel ? ` (${item.optionLabel})` : ''}`;
      if (!item.sellable) {
        setScanError(`${name}: 지금 판매 중인 상품이 아닙니다.`);
        return;
      }
      if (item.soldOut && queue.online) {
        setScanError(`${name}: 품절이라 판매할 수 없습니다.`);
        return;
      }
      if (item.customizable) {
        setScanError(`${name}: 디자인으로 만드는 커스텀 상품입니다. 커스텀 주문 화면에서 받아 주세요.`);
        return;
      }
      setScanError(null);
      if (item.inputs.length > 0) {
        setAsking(item);
        return;
      }
      setLines((ls) => addToCart(ls, item));
      announce(`${name} ${formatWon(item.unitPrice)} 담음`);
    },
    [announce, queue.online],
  );

  const lookupCode = useCallback(
    async (code: string) => {
      if (payOpen) {
        announce('결제 중에는 상품을 담을 수 없습니다. 결제 창을 닫고 다시 찍어 주세요.');
        return;
      }
      if (asking) {
        announce('입력 사항 창을 먼저 마쳐 주세요.');
        return;
      }
      const cached = cache.byCode(code);
      if (!queue.online && cached) {
        addItem(cached);
        return;
      }
      if (!queue.online) {
        setScanError(
          `오프라인이라 처음 보는 바코드(${code})는 찾을 수 없습니다. 이번 영업에 이미 찍은 상품만 팔 수 있습니다.`,
        );
        return;
      }
      try {
        const [item] = await itemsByCode(code);
        if (item) {
          cache.remember([item]);
          addItem(item);
        }
      } catch (err) {
        if (isOffline(err)) {
          queue.markOffline();
          if (cached) addItem(cached);
          else setScanError(`오프라인이라 처음 보는 바코드(${code})는 찾을 수 없습니다.`);
        } else setScanError(errorMessage(err));
      }
    },
    [payOpen, asking, cache, queue, addItem, announce],
  );

  const search = useCallback(
    async (q: string): Promise<CounterItem[]> => {
      setScanError(null);
      if (queue.online) {
        try {
          const items = await searchItems(q);
          cache.remember(items);
          return items;
        } catch (err) {
          if (!isOffline(err)) {
            setScanError(errorMessage(err));
            return [];
          }
          queue.markOffline();
        }
      }
      const found = cache.search(q);
      if (!found.length) setScanError('오프라인에서는 이번 영업에 이미 찾은 상품만 찾을 수 있습니다.');
      return found;
    },
    [cache, queue],
  );

  useScanner((code) => void lookupCode(code), scanField, shift !== null && !cameraOpen && asking === null);

  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (!shift || asking || e.altKey || e.ctrlKey || e.metaKey) return;
    const take = () => e.preventDefault();
    if (e.key === 'F2') {
      take();
      if (!payOpen) scanField.current?.focus();
    } else if (e.key === 'F4' && !payOpen) {
      take();
      memberField.current?.focus();
    } else if (e.key === 'F8' && !payOpen && !cameraOpen) {
      take();
      openPay();
    } else if (e.key === 'F9' && !payOpen) {
      take();
      setCameraOpen(true);
    }
  });
  useEffect(() => {
    const handler = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, []);

  useEffect(() => {
    if (focusScan > 0) scanField.current?.focus();
  }, [focusScan]);

  useEffect(() => {
    // the camera's reader is fetched while the connection is there, so it still opens offline
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 2000));
    idle(() => void import('./barcode-reader.ts').catch(() => undefined));
  }, []);

  function openPay() {
    if (lines.length === 0) {
      announce('담긴 상품이 없습니다.');
      scanField.current?.focus();
      return;
    }
    if (preview.problems.length) {
      setScanError(preview.problems[0]!.message);
      return;
    }
    setPayError(null);
    setPayOpen(true);
  }

  function closePay() {
    setPayOpen(false);
    // cash and card parts are only intentions; an approved Kakao Pay part stays with the sale
    setPayments((ps) => ps.filter((p) => p.method === 'KAKAO_PAY'));
    setFocusScan((n) => n + 1);
  }

  function startNewSale(done: Finished) {
    setFinished(done);
    setLines([]);
    setOrderDiscount(null);
    setMember(null);
    setUsePoints(0);
    setChosenCoupons([]);
    setPayments([]);
    setCashReceipt(NO_RECEIPT);
    setSaleKey(newIdempotencyKey());
    setPayOpen(false);
    setPayError(null);
    setFocusScan((n) => n + 1);
  }

  async function queueOffline(body: SaleRequest, change: number) {
    try {
      await queue.enqueue(body);
    } catch {
      setPayError('이 기기에 판매를 저장하지 못했습니다. 영수증을 손으로 적고 관리자에게 알려 주세요.');
      return;
    }
    startNewSale({
      kind: 'queued',
      key: body.idempotencyKey,
      payAmt: preview.payAmt,
      change,
      soldAt: body.soldAt,
    });
    announce(`오프라인 판매로 저장했습니다. 거스름돈 ${formatWon(change)}. 연결되면 자동으로 보냅니다.`);
  }

  /** Kakao Pay parts the server gave back (a failed sale cancels approvals it used). */
  async function keepLiveKakaoParts(parts: PaymentDraft[]): Promise<PaymentDraft[]> {
    const kept: PaymentDraft[] = [];
    for (const p of parts) {
      if (p.method === 'CARD') continue;
      if (p.method === 'KAKAO_PAY') {
        const now = await kakaoStatus(p.requestId).catch(() => null);
        if (now?.status !== 'APPROVED') continue;
      }
      kept.push(p);
    }
    return kept;
  }

  async function record(parts: PaymentDraft[]) {
    if (!shift) return;
    const cashOnly = parts.every((p) => p.method === 'CASH');
    const change = parts.reduce((a, p) => a + (p.method === 'CASH' ? p.received - p.amount : 0), 0);
    const body = saleRequest({
      idempotencyKey: saleKey,
      shiftNo: shift.shiftNo,
      lines,
      orderDiscount,
      memberNo: member?.memberNo ?? null,
      usePoints,
      coupons,
      payments: parts,
      cashReceipt:
        cashReceipt.type === 'NONE' ? null : { type: cashReceipt.type, number: cashReceipt.number },
      soldAt: new Date(),
      offline: false,
    });
    setPayError(null);
    if (!queue.online || !navigator.onLine) {
      if (cashOnly) await queueOffline(body, change);
      else setPayError('오프라인에서는 카드와 카카오페이 결제를 받을 수 없습니다. 현금으로 받아 주세요.');
      return;
    }
    setBusy(true);
    try {
      const outcome = await sendSale(body);
      switch (outcome.kind) {
        case 'recorded': {
          const sale = outcome.sale;
          startNewSale({ kind: 'recorded', sale, change });
          announce(
            `판매 완료 ${sale.saleNo}. 받은 금액 ${formatWon(sale.payAmt)}${change ? `, 거스름돈 ${formatWon(change)}` : ''}.`,
          );
          return;
        }
        case 'refused': {
          setPayError(outcome.message);
          const kept = await keepLiveKakaoParts(parts);
          setPayments(kept);
          return;
        }
        case 'retry':
          if (outcome.code === 'network-error') {
            queue.markOffline();
            if (cashOnly) {
              await queueOffline({ ...body, offline: true }, change);
              return;
            }
          }
          setPayError(
            `${outcome.message} 연결을 확인한 뒤 '판매 완료'를 다시 눌러 주세요. 같은 판매는 한 번만 기록됩니다.`,
          );
          return;
      }
    } finally {
      setBusy(false);
    }
  }

  if (!shift)
    return (
      <OpenShiftForm
        storeName={storeName}
        onOpened={() => {
          // the page's bar shows the shift too: load the counter afresh
          window.location.reload();
        }}
      />
    );

  const earn = member ? Math.floor((preview.payAmt * pointRate) / 100) : 0;
  // a sale queued offline shows as recorded once the server has it
  const sent = finished?.kind === 'queued' ? queue.delivered.find((d) => d.key === finished.key) : undefined;
  const lastSale: Finished | null =
    sent && finished ? { kind: 'recorded', sale: sent.sale, change: finished.change } : finished;
  return (
    <div className="pos-counter">
      <h1 className="visually-hidden">판매</h1>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <div className="pos-counter__main">
        <ScanBox
          inputRef={scanField}
          onCode={lookupCode}
          onSearch={search}
          onPick={addItem}
          disabled={payOpen}
        />
        <div className="pos-counter__tools">
          <button type="button" className="button button--secondary" onClick={() => setCameraOpen(true)}>
            카메라로 찍기 <kbd>F9</kbd>
          </button>
        </div>
        {scanError && (
          <p className="pos-error" role="alert" data-testid="pos-scan-error">
            {scanError}
          </p>
        )}
        <CartTable
          lines={lines}
          preview={preview}
          onQty={(key, qty) => setLines((ls) => setQty(ls, key, qty))}
          onDiscount={(key, d) => setLines((ls) => setLineDiscount(ls, key, d))}
          onRemove={(key) => {
            setLines((ls) => removeLine(ls, key));
            announce('상품을 뺐습니다.');
            scanField.current?.focus();
          }}
        />
      </div>
      <aside className="pos-counter__side" aria-label="결제 정보">
        <QueuePanel
          online={queue.online}
          queued={queue.queued}
          delivered={queue.delivered}
          sending={queue.sending}
          onSend={() => void queue.flush(true)}
          onDismiss={queue.dismissDelivered}
          onDiscard={(key) => void queue.discard(key)}
        />
        <MemberBox
          inputRef={memberField}
          member={member}
          chosenCoupons={chosenCoupons}
          appliedCoupons={preview.coupons}
          onToggleCoupon={(no) =>
            setChosenCoupons((cs) => (cs.includes(no) ? cs.filter((c) => c !== no) : [...cs, no]))
          }
          usePoints={usePoints}
          maxPoints={preview.netAmt}
          online={queue.online}
          onMember={(m) => {
            setMember(m);
            setUsePoints(0);
            setChosenCoupons([]);
          }}
          onUsePoints={setUsePoints}
          announce={announce}
        />
        <section className="pos-totals" aria-labelledby="pos-totals-title">
          <h2 id="pos-totals-title" className="pos-panel__title">
            금액
          </h2>
          <dl>
            <div>
              <dt>상품 {preview.itemCount}개</dt>
              <dd>{formatWon(preview.goodsAmt)}</dd>
            </div>
            {preview.lineDiscountAmt > 0 && (
              <div>
                <dt>상품 할인</dt>
                <dd>−{formatWon(preview.lineDiscountAmt)}</dd>
              </div>
            )}
            {preview.couponDiscountAmt > 0 && (
              <div>
                <dt>쿠폰 할인</dt>
                <dd data-testid="pos-coupon-discount">−{formatWon(preview.couponDiscountAmt)}</dd>
              </div>
            )}
            <div>
              <dt>
                전체 할인
                {orderDiscount && <span className="pos-hint"> ({orderDiscount.reason})</span>}
              </dt>
              <dd>
                {preview.orderDiscountAmt > 0 ? `−${formatWon(preview.orderDiscountAmt)}` : '없음'}{' '}
                <button
                  type="button"
                  className="pos-link"
                  aria-expanded={editingOrderDiscount}
                  disabled={lines.length === 0}
                  onClick={() => setEditingOrderDiscount((v) => !v)}
                >
                  {orderDiscount ? '바꾸기' : '할인하기'}
                </button>
              </dd>
            </div>
            {preview.usedPoints > 0 && (
              <div>
                <dt>적립금 사용</dt>
                <dd>−{formatWon(preview.usedPoints)}</dd>
              </div>
            )}
            <div className="pos-totals__due">
              <dt>받을 금액</dt>
              <dd data-testid="pos-due">{formatWon(preview.payAmt)}</dd>
            </div>
            {member && (
              <div>
                <dt>적립 예정</dt>
                <dd>{formatWon(earn)}</dd>
              </div>
            )}
          </dl>
          {editingOrderDiscount && (
            <DiscountEditor
              title="전체 할인"
              base={preview.goodsAmt - preview.lineDiscountAmt - preview.couponDiscountAmt}
              value={orderDiscount}
              onApply={(d) => {
                setOrderDiscount(d);
                setEditingOrderDiscount(false);
              }}
              onCancel={() => setEditingOrderDiscount(false)}
            />
          )}
          {preview.problems.map((p) => (
            <p key={p.path} className="pos-error" role="alert">
              {p.message}
            </p>
          ))}
          <button
            type="button"
            className="button pos-pay-button"
            disabled={lines.length === 0}
            onClick={openPay}
          >
            결제하기 <kbd>F8</kbd>
          </button>
          {payments.length > 0 && !payOpen && (
            <p className="pos-hint">
              승인된 카카오페이 결제 {formatWon(payments.reduce((a, p) => a + p.amount, 0))}가 이 판매에
              있습니다.
            </p>
          )}
        </section>
        {lastSale && <LastSale done={lastSale} onClose={() => setFinished(null)} />}
      </aside>
      {payOpen && (
        <PayDialog
          payAmt={preview.payAmt}
          payments={payments}
          onPayments={setPayments}
          cashReceipt={cashReceipt}
          onCashReceipt={setCashReceipt}
          online={queue.online}
          simulated={simulated}
          busy={busy}
          error={payError}
          onRecord={(parts) => void record(parts)}
          onClose={closePay}
        />
      )}
      {asking && (
        <InputsDialog
          item={asking}
          onAdd={(inputs) => {
            setLines((ls) => addToCart(ls, asking, 1, inputs));
            announce(
              `${asking.productName} ${formatWon(asking.unitPrice)} 담음. ${inputs.map((i) => `${i.inputLabel} ${i.inputValue}`).join(', ')}`,
            );
            setAsking(null);
            setFocusScan((n) => n + 1);
          }}
          onCancel={() => {
            setAsking(null);
            announce('담지 않았습니다.');
            setFocusScan((n) => n + 1);
          }}
        />
      )}
      {cameraOpen && (
        <CameraScan
          onCode={(code) => {
            setCameraOpen(false);
            void lookupCode(code);
            setFocusScan((n) => n + 1);
          }}
          onClose={() => {
            setCameraOpen(false);
            setFocusScan((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
