import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../../tests/fixtures/catalog.ts';
import {
  apiClient,
  createShopper,
  reserveBody,
  returnParams,
  type Shopper,
} from '../../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../../tests/fixtures/db.ts';
import { createApiApp } from '../../../api/app.ts';
import { signWebhook } from '../../payment/signature.ts';
import { cancelOrder } from '../../payment/service.ts';
import { loadPaymentConfig, usePaymentConfigForTests } from './config.ts';

/**
 * The PortOne adapter against a local stand-in of PortOne's V2 REST API: pre-register, get payment,
 * cancel, close a virtual account, and webhooks signed the Standard Webhooks way.
 */

const SECRET = 'portone-api-secret';
const WEBHOOK_SECRET = `whsec_${Buffer.from('portone-webhook-key-for-tests-32b').toString('base64')}`;

interface StandIn {
  url: string;
  payments: Map<string, Record<string, unknown>>;
  requests: {
    method: string;
    path: string;
    auth: string | undefined;
    body: Record<string, unknown>;
  }[];
  down: boolean;
  close(): Promise<void>;
}

async function startPortOne(): Promise<StandIn> {
  const payments = new Map<string, Record<string, unknown>>();
  const requests: StandIn['requests'] = [];
  const state = { down: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const text = Buffer.concat(chunks).toString('utf8');
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      requests.push({ method: req.method ?? '', path, auth: req.headers.authorization, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (state.down) return send(503, { type: 'UNAVAILABLE' });
      if (req.headers.authorization !== `PortOne ${SECRET}`) return send(401, { type: 'UNAUTHORIZED' });
      let m: RegExpExecArray | null;
      if ((m = /^\/payments\/([^/]+)\/pre-register$/.exec(path)) && req.method === 'POST') {
        payments.set(decodeURIComponent(m[1]!), {
          id: decodeURIComponent(m[1]!),
          status: 'READY',
          amount: { total: body.totalAmount },
        });
        return send(200, {});
      }
      if ((m = /^\/payments\/([^/]+)$/.exec(path)) && req.method === 'GET') {
        const p = payments.get(decodeURIComponent(m[1]!));
        return p ? send(200, p) : send(404, { type: 'PAYMENT_NOT_FOUND' });
      }
      if ((m = /^\/payments\/([^/]+)\/cancel$/.exec(path)) && req.method === 'POST') {
        const p = payments.get(decodeURIComponent(m[1]!));
        if (!p) return send(404, { type: 'PAYMENT_NOT_FOUND' });
        if (p.status === 'CANCELLED') return send(409, { type: 'PAYMENT_ALREADY_CANCELLED' });
        p.status = 'CANCELLED';
        return send(200, { cancellation: { status: 'SUCCEEDED', totalAmount: body.amount } });
      }
      if ((m = /^\/payments\/([^/]+)\/virtual-account\/close$/.exec(path)) && req.method === 'POST') {
        const p = payments.get(decodeURIComponent(m[1]!));
        if (!p) return send(404, { type: 'PAYMENT_NOT_FOUND' });
        p.status = 'CANCELLED';
        return send(200, {});
      }
      send(404, { type: 'NOT_FOUND' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    payments,
    requests,
    get down() {
      return state.down;
    },
    set down(v: boolean) {
      state.down = v;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let t: TestDb;
let portone: StandIn;
let alice: Shopper;
const api = apiClient(createApiApp());

beforeAll(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
  alice = await createShopper(t.db);
  portone = await startPortOne();
});
afterAll(async () => {
  usePaymentConfigForTests(undefined);
  await portone.close();
  t.close();
});

/** PortOne settings; `easyPay` adds the 카카오페이 and 토스페이 channels (off: the shop has none). */
function usePortOne(easyPay = true) {
  usePaymentConfigForTests(
    loadPaymentConfig({
      SHOP_MODE: 'demo',
      PAYMENT_PROVIDER: 'portone',
      PORTONE_API_URL: portone.url,
      PORTONE_API_SECRET: SECRET,
      PORTONE_STORE_ID: 'store-test',
      PORTONE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PORTONE_CHANNEL_KEY_CARD: 'channel-kcp-card',
      PORTONE_CHANNEL_KEY_VIRTUAL_ACCOUNT: 'channel-kcp-va',
      PORTONE_CHANNEL_KEY_MOBILE: 'channel-kcp-mobile',
      PORTONE_CHANNEL_KEY_NAVER_PAY: 'channel-naverpay',
      ...(easyPay
        ? {
            PORTONE_CHANNEL_KEY_KAKAO_PAY: 'channel-kakaopay',
            PORTONE_CHANNEL_KEY_TOSS_PAY: 'channel-tosspay',
          }
        : {}),
      PUBLIC_BASE_URL: 'https://shop.example.com',
    }),
  );
}
afterEach(() => {
  portone.down = false;
});

async function reserve(payType = 'CREDIT_CARD') {
  usePortOne();
  const sheet = await api.post(
    '/shop-api/order-sheets',
    { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
    alice,
  );
  const res = await api.post(
    '/shop-api/payments/reserve',
    reserveBody(sheet.body.orderSheetNo, 21000, { payType }),
    alice,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

function webhook(paymentId: string, type = 'Transaction.Paid', secret = WEBHOOK_SECRET) {
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const ts = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    type,
    timestamp: new Date().toISOString(),
    data: { paymentId, storeId: 'store-test', transactionId: 'tx' },
  });
  return api.raw('/api/payments/webhook/portone', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(ts),
      'webhook-signature': signWebhook(secret, id, ts, body),
    },
    body,
  });
}

describe('PortOne adapter', () => {
  it('fails fast without its secrets', () => {
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER: 'portone' })).toThrow(/PORTONE_API_SECRET/);
  });

  it('pre-registers the amount and hands the browser SDK parameters', async () => {
    const r = await reserve();
    expect(r).toMatchObject({ pgType: 'portone', redirectUrl: null, payAmt: 21000 });
    expect(r.clientParams).toMatchObject({
      storeId: 'store-test',
      channelKey: 'channel-kcp-card',
      paymentId: r.paymentId,
      totalAmount: 21000,
      currency: 'CURRENCY_KRW',
      payMethod: 'CARD',
      noticeUrls: ['https://shop.example.com/api/payments/webhook/portone'],
    });
    expect(r.clientParams.redirectUrl).toBe(`https://shop.example.com${r.clientReturnUrl}`);
    const pre = portone.requests.find((q) => q.path === `/payments/${r.paymentId}/pre-register`);
    expect(pre).toMatchObject({
      auth: `PortOne ${SECRET}`,
      body: { storeId: 'store-test', totalAmount: 21000, currency: 'KRW' },
    });
  });

  it('confirms from its own record, by return and by signed webhook, once', async () => {
    const r = await reserve();
    const stockBefore = Number(
      (await t.db.execute('SELECT stock_cnt FROM product_options WHERE option_no = 1011')).rows[0]!.stock_cnt,
    );
    const confirm = () => api.post('/shop-api/payments/confirm', returnParams(r.clientReturnUrl));
    expect((await confirm()).body.orderStatus).toBe('PAY_WAIT');
    Object.assign(portone.payments.get(r.paymentId)!, {
      status: 'PAID',
      paidAt: new Date().toISOString(),
      customData: JSON.stringify({ orderNo: r.orderNo }),
    });
    expect(
      (await webhook(r.paymentId, 'Transaction.Paid', `whsec_${Buffer.from('wrong').toString('base64')}`))
        .status,
    ).toBe(401);
    const hook = await webhook(r.paymentId);
    expect(await hook.json()).toEqual({ status: 'processed', orderStatus: 'PAY_DONE' });
    expect((await confirm()).body).toMatchObject({
      orderStatus: 'PAY_DONE',
      result: 'PAID',
      pgType: 'KCP',
      provider: 'portone',
    });
    const stockAfter = Number(
      (await t.db.execute('SELECT stock_cnt FROM product_options WHERE option_no = 1011')).rows[0]!.stock_cnt,
    );
    expect(stockAfter).toBe(stockBefore - 1);
  });

  it('refunds a payment whose amount differs from the order', async () => {
    const r = await reserve();
    Object.assign(portone.payments.get(r.paymentId)!, {
      status: 'PAID',
      amount: { total: 100 },
      customData: JSON.stringify({ orderNo: r.orderNo }),
    });
    const res = await api.post('/shop-api/payments/confirm', returnParams(r.clientReturnUrl));
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'AMOUNT_MISMATCH', outcome: { orderStatus: 'CANCEL_DONE', refundStatus: 'DONE' } },
    });
    expect(portone.payments.get(r.paymentId)!.status).toBe('CANCELLED');
    expect(
      portone.requests.some((q) => q.path === `/payments/${r.paymentId}/cancel` && q.body.amount === 100),
    ).toBe(true);
  });

  it('takes a virtual account to DEPOSIT_WAIT with its bank details, then PAY_DONE on deposit', async () => {
    const r = await reserve('VIRTUAL_ACCOUNT');
    expect(r.clientParams).toMatchObject({ payMethod: 'VIRTUAL_ACCOUNT', channelKey: 'channel-kcp-va' });
    Object.assign(portone.payments.get(r.paymentId)!, {
      status: 'VIRTUAL_ACCOUNT_ISSUED',
      customData: JSON.stringify({ orderNo: r.orderNo }),
      method: {
        type: 'PaymentMethodVirtualAccount',
        bank: 'SHINHAN',
        accountNumber: '56211102345678',
        remitteeName: '포도',
        expiredAt: '2030-01-01T00:00:00Z',
      },
    });
    const waiting = await api.post('/shop-api/payments/confirm', returnParams(r.clientReturnUrl));
    expect(waiting.body).toMatchObject({
      orderStatus: 'DEPOSIT_WAIT',
      virtualAccount: { bankName: '신한은행', account: '56211102345678' },
    });
    portone.payments.get(r.paymentId)!.status = 'PAID';
    expect(await (await webhook(r.paymentId)).json()).toMatchObject({ orderStatus: 'PAY_DONE' });
  });

  it('answers 503 while PortOne cannot be reached, and records nothing', async () => {
    const r = await reserve();
    portone.down = true;
    const res = await api.post('/shop-api/payments/confirm', returnParams(r.clientReturnUrl));
    expect(res).toMatchObject({ status: 503, body: { code: 'PAYMENT_UNAVAILABLE' } });
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
      alice,
    );
    const failed = await api.post(
      '/shop-api/payments/reserve',
      reserveBody(sheet.body.orderSheetNo, 21000),
      alice,
    );
    expect(failed).toMatchObject({ status: 503, body: { code: 'PAYMENT_UNAVAILABLE' } });
  });
});

describe('PortOne easy pay: 카카오페이 and 토스페이 (decision 036)', () => {
  const wallets = [
    {
      payType: 'KAKAO_PAY',
      channelKey: 'channel-kakaopay',
      provider: 'EASY_PAY_PROVIDER_KAKAOPAY',
      pgType: 'KAKAO_PAY',
    },
    {
      payType: 'TOSS_PAY',
      channelKey: 'channel-tosspay',
      provider: 'EASY_PAY_PROVIDER_TOSSPAY',
      pgType: 'TOSS_PAYMENTS',
    },
  ] as const;

  for (const w of wallets) {
    it(`opens ${w.payType} on its own channel as EASY_PAY, confirms on PortOne's record, refunds through the port`, async () => {
      const r = await reserve(w.payType);
      expect(r).toMatchObject({ pgType: 'portone', redirectUrl: null, payAmt: 21000, payType: w.payType });
      expect(r.clientParams).toMatchObject({
        storeId: 'store-test',
        channelKey: w.channelKey,
        paymentId: r.paymentId,
        totalAmount: 21000,
        payMethod: 'EASY_PAY',
        easyPay: { easyPayProvider: w.provider },
      });
      expect(portone.requests.find((q) => q.path === `/payments/${r.paymentId}/pre-register`)?.body).toEqual({
        storeId: 'store-test',
        totalAmount: 21000,
        currency: 'KRW',
      });
      Object.assign(portone.payments.get(r.paymentId)!, {
        status: 'PAID',
        paidAt: new Date().toISOString(),
        customData: JSON.stringify({ orderNo: r.orderNo }),
      });
      const paid = await api.post('/shop-api/payments/confirm', returnParams(r.clientReturnUrl));
      expect(paid.body).toMatchObject({
        orderStatus: 'PAY_DONE',
        result: 'PAID',
        payType: w.payType,
        pgType: w.pgType,
      });
      const detail = await api.get(`/shop-api/profile/orders/${r.orderNo}`, alice);
      expect(detail.body).toMatchObject({ payType: w.payType, pgType: w.pgType });

      await cancelOrder(t.db, r.orderNo);
      expect(portone.payments.get(r.paymentId)!.status).toBe('CANCELLED');
      expect(portone.requests.find((q) => q.path === `/payments/${r.paymentId}/cancel`)?.body).toMatchObject({
        storeId: 'store-test',
        amount: 21000,
      });
    });

    it(`refunds a ${w.payType} payment whose amount differs from the order`, async () => {
      const r = await reserve(w.payType);
      Object.assign(portone.payments.get(r.paymentId)!, {
        status: 'PAID',
        amount: { total: 100 },
        customData: JSON.stringify({ orderNo: r.orderNo }),
      });
      const res = await api.post('/shop-api/payments/confirm', returnParams(r.clientReturnUrl));
      expect(res).toMatchObject({ status: 409, body: { code: 'AMOUNT_MISMATCH' } });
      expect(portone.payments.get(r.paymentId)!.status).toBe('CANCELLED');
    });
  }

  it('offers them only when their channel is configured, and refuses them at reserve otherwise', async () => {
    usePortOne(false);
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [{ productNo: 101, optionNo: 1011, orderCnt: 1 }] },
      alice,
    );
    const read = await api.get(`/shop-api/order-sheets/${sheet.body.orderSheetNo}`, alice);
    expect(read.body.availablePayTypes.map((p: { payType: string }) => p.payType)).toEqual([
      'CREDIT_CARD',
      'VIRTUAL_ACCOUNT',
      'MOBILE',
      'NAVER_EASY_PAY',
    ]);
    const before = portone.requests.length;
    for (const payType of ['KAKAO_PAY', 'TOSS_PAY']) {
      const res = await api.post(
        '/shop-api/payments/reserve',
        reserveBody(sheet.body.orderSheetNo, 21000, { payType }),
        alice,
      );
      expect(res).toMatchObject({
        status: 400,
        body: { code: 'PAY_TYPE_UNAVAILABLE', message: '선택한 결제 수단을 사용할 수 없습니다.' },
      });
    }
    expect(portone.requests.length, 'nothing registered at PortOne').toBe(before);

    usePortOne(true);
    const configured = await api.get(`/shop-api/order-sheets/${sheet.body.orderSheetNo}`, alice);
    expect(configured.body.availablePayTypes).toEqual(
      expect.arrayContaining([
        { payType: 'KAKAO_PAY', pgTypes: ['KAKAO_PAY'] },
        { payType: 'TOSS_PAY', pgTypes: ['TOSS_PAYMENTS'] },
      ]),
    );
  });
});
