import { verifyStandardWebhook } from '../../payment/index.ts';
import { parseTransactionEvent } from './sandbox.ts';
import {
  PaymentProviderError,
  type PayType,
  type PaymentProviderAdapter,
  type ProviderPayment,
  type ProviderPaymentStatus,
} from './port.ts';

/**
 * PortOne V2 (KCP card, virtual account, mobile; Naver Pay, Kakao Pay, Toss Pay as easy pay). The browser opens PortOne's SDK with
 * `clientParams`; the server pre-registers the amount (PortOne then refuses any other), re-fetches
 * the payment by id on every confirmation, cancels through the REST API, and checks webhooks with
 * the Standard Webhooks signature. Every endpoint is under `apiUrl`, which tests point at a local
 * stand-in.
 */

export interface PortOneConfig {
  apiUrl: string;
  apiSecret: string;
  storeId: string;
  webhookSecret: string;
  channelKeys: Partial<Record<PayType, string>>;
}

const TIMEOUT_MS = 10_000;

const PAY_METHOD: Record<PayType, string> = {
  CREDIT_CARD: 'CARD',
  VIRTUAL_ACCOUNT: 'VIRTUAL_ACCOUNT',
  MOBILE: 'MOBILE',
  NAVER_EASY_PAY: 'EASY_PAY',
  KAKAO_PAY: 'EASY_PAY',
  TOSS_PAY: 'EASY_PAY',
};

/** The browser SDK's `easyPay.easyPayProvider` for each wallet (PortOne V2's EasyPayProvider). */
const EASY_PAY_PROVIDER: Partial<Record<PayType, string>> = {
  NAVER_EASY_PAY: 'EASY_PAY_PROVIDER_NAVERPAY',
  KAKAO_PAY: 'EASY_PAY_PROVIDER_KAKAOPAY',
  TOSS_PAY: 'EASY_PAY_PROVIDER_TOSSPAY',
};

const STATUS: Record<string, ProviderPaymentStatus> = {
  READY: 'READY',
  PENDING: 'READY',
  PAY_PENDING: 'READY',
  VIRTUAL_ACCOUNT_ISSUED: 'VIRTUAL_ACCOUNT_ISSUED',
  PAID: 'PAID',
  // partly refunded (a claim, or PortOne's console) is still paid for the order (decision 009)
  PARTIAL_CANCELLED: 'PAID',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
};

const BANK_NAMES: Record<string, string> = {
  KOOKMIN: '국민은행',
  SHINHAN: '신한은행',
  WOORI: '우리은행',
  HANA: '하나은행',
  NONGHYUP: 'NH농협은행',
  INDUSTRIAL: '기업은행',
  KAKAO: '카카오뱅크',
  TOSS: '토스뱅크',
  K_BANK: '케이뱅크',
  SC: 'SC제일은행',
  CITI: '한국씨티은행',
  BUSAN: '부산은행',
  DAEGU: '대구은행',
  KWANGJU: '광주은행',
  JEJU: '제주은행',
  JEONBUK: '전북은행',
  KYONGNAM: '경남은행',
  POST: '우체국',
  SAEMAUL: '새마을금고',
  SUHYUP: '수협은행',
};

export function createPortOneAdapter(config: PortOneConfig): PaymentProviderAdapter {
  const auth = { Authorization: `PortOne ${config.apiSecret}` };
  const url = (path: string) => `${config.apiUrl}${path}`;
  const store = `storeId=${encodeURIComponent(config.storeId)}`;

  async function call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    let res: Response;
    try {
      res = await fetch(url(path), {
        method,
        headers: {
          ...auth,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new PaymentProviderError(`PortOne unreachable: ${method} ${path}`, { cause: err });
    }
    let json: Record<string, unknown> = {};
    try {
      const parsed: unknown = await res.json();
      if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
    } catch {
      // an empty or non-JSON body: the status says enough
    }
    return { status: res.status, json };
  }

  const refused = (what: string, r: { status: number; json: Record<string, unknown> }) =>
    new PaymentProviderError(
      `PortOne ${what}: ${r.status} ${String(r.json.type ?? '')} ${String(r.json.message ?? '')}`.trim(),
      {
        notFound: r.status === 404,
      },
    );

  return {
    name: 'portone',

    async prepare(req) {
      const channelKey = config.channelKeys[req.payType];
      if (!channelKey) throw new PaymentProviderError(`no PortOne channel for ${req.payType}`);
      const pre = await call('POST', `/payments/${encodeURIComponent(req.paymentId)}/pre-register`, {
        storeId: config.storeId,
        totalAmount: req.amount,
        currency: 'KRW',
      });
      if (pre.status >= 300) throw refused('pre-register', pre);
      return {
        redirectUrl: null,
        clientParams: {
          storeId: config.storeId,
          channelKey,
          paymentId: req.paymentId,
          orderName: req.orderName,
          totalAmount: req.amount,
          currency: 'CURRENCY_KRW',
          payMethod: PAY_METHOD[req.payType],
          ...(EASY_PAY_PROVIDER[req.payType]
            ? { easyPay: { easyPayProvider: EASY_PAY_PROVIDER[req.payType] } }
            : {}),
          ...(req.payType === 'VIRTUAL_ACCOUNT'
            ? { virtualAccount: { accountExpiry: { validHours: 72 } } }
            : {}),
          customer: {
            fullName: req.buyer.name,
            phoneNumber: req.buyer.phone,
            email: req.buyer.email || undefined,
          },
          customData: JSON.stringify({ orderNo: req.orderNo }),
          redirectUrl: req.returnUrl,
          noticeUrls: [req.webhookUrl],
          windowType: { pc: 'IFRAME', mobile: 'REDIRECTION' },
        },
      };
    },

    async getPayment(paymentId): Promise<ProviderPayment> {
      const r = await call('GET', `/payments/${encodeURIComponent(paymentId)}?${store}`);
      if (r.status !== 200) throw refused('get payment', r);
      const p = r.json;
      const status = STATUS[String(p.status)];
      if (!status) throw new PaymentProviderError(`PortOne payment in unknown status ${String(p.status)}`);
      const amount = (p.amount as { total?: unknown } | undefined)?.total;
      if (typeof amount !== 'number') throw new PaymentProviderError('PortOne payment without amount.total');
      let orderNo: string | null = null;
      try {
        const data = JSON.parse(String(p.customData ?? '{}')) as { orderNo?: unknown };
        if (typeof data.orderNo === 'string') orderNo = data.orderNo;
      } catch {
        orderNo = null;
      }
      const method = p.method as Record<string, unknown> | undefined;
      const va =
        method?.type === 'PaymentMethodVirtualAccount'
          ? {
              bankCode: String(method.bank ?? ''),
              bankName: BANK_NAMES[String(method.bank)] ?? String(method.bank ?? ''),
              accountNumber: String(method.accountNumber ?? ''),
              holderName: String(method.remitteeName ?? ''),
              dueAt: String(method.expiredAt ?? ''),
            }
          : null;
      const failure = p.failure as { reason?: unknown } | undefined;
      return {
        paymentId,
        orderNo,
        amount,
        status,
        paidAt: typeof p.paidAt === 'string' ? p.paidAt : null,
        failureReason: typeof failure?.reason === 'string' ? failure.reason : null,
        virtualAccount: va,
        raw: p,
      };
    },

    async cancel(paymentId, request) {
      const current = await this.getPayment(paymentId);
      if (current.status === 'CANCELLED' || current.status === 'FAILED') return;
      if (current.status === 'READY') return; // nothing was taken
      if (current.status === 'VIRTUAL_ACCOUNT_ISSUED') {
        const r = await call(
          'POST',
          `/payments/${encodeURIComponent(paymentId)}/virtual-account/close?${store}`,
        );
        if (r.status >= 300) throw refused('close virtual account', r);
        return;
      }
      const r = await call('POST', `/payments/${encodeURIComponent(paymentId)}/cancel`, {
        storeId: config.storeId,
        amount: request.amount,
        reason: request.reason,
      });
      if (r.status === 409 && r.json.type === 'PAYMENT_ALREADY_CANCELLED') return;
      if (r.status >= 300) throw refused('cancel', r);
    },

    async cancelPart(paymentId, request) {
      // the refund key rides in the reason: a retry finds its cancellation and pays nothing twice
      const marker = `[${request.refundKey}]`;
      const got = await call('GET', `/payments/${encodeURIComponent(paymentId)}?${store}`);
      if (got.status !== 200) throw refused('get payment', got);
      const cancellations = (got.json.cancellations ?? []) as { reason?: unknown; status?: unknown }[];
      if (cancellations.some((x) => String(x.reason ?? '').includes(marker) && x.status !== 'FAILED')) return;
      const amount = (got.json.amount ?? {}) as { total?: unknown; cancelled?: unknown };
      const r = await call('POST', `/payments/${encodeURIComponent(paymentId)}/cancel`, {
        storeId: config.storeId,
        amount: request.amount,
        reason: `${request.reason} ${marker}`,
        currentCancellableAmount: Number(amount.total ?? 0) - Number(amount.cancelled ?? 0),
      });
      if (r.status >= 300) throw refused('partial cancel', r);
    },

    verifyWebhook(rawBody, headers, now) {
      const deliveryId = verifyStandardWebhook(config.webhookSecret, rawBody, headers, now);
      return parseTransactionEvent(rawBody, deliveryId);
    },
  };
}
