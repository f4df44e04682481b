import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { startTestSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { expect, SHOP_API_HEADERS, test } from './support/fixtures.ts';
import { ADMIN, REQUIRED_TERMS, uniqueAccount } from './support/members.ts';
import { ADDRESS } from './support/orders.ts';

/**
 * Messages that arrive (issue 18, decisions 029 and 037): a second shop server, built like the one
 * every other spec uses but sending its mail through SMTP to a real SMTP server this spec starts.
 * A member orders, the administrator ships and delivers the order, and the SMTP server's mailbox
 * receives one mail per order event with its Korean subject. The suite's own server keeps the demo
 * outbox, so no other spec changes.
 */

const PRODUCT = { productNo: 100044, optionNo: 10004401 };

let smtp: TestSmtpServer;
let server: ChildProcess;
let dataDir: string;
let baseURL: string;
const contexts: APIRequestContext[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`두 번째 서버가 멈췄습니다:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`두 번째 서버가 30초 안에 준비되지 않았습니다:\n${log()}`);
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  smtp = await startTestSmtpServer();
  dataDir = mkdtempSync(join(tmpdir(), 'podo-e2e-smtp-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  server = spawn(process.execPath, ['dist/server/entry.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SHOP_MODE: 'demo',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: baseURL,
      DATABASE_URL: `file:${join(dataDir, 'shop.db')}`,
      STORAGE_DIR: join(dataDir, 'uploads'),
      SEED_ON_START: 'true',
      MAIL_PROVIDER: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: '포도 <shop@podo.test>',
      // a demo shop may talk plain SMTP to a local server; a live one may not (decision 029)
      SMTP_TLS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  await waitForHealth(`${baseURL}/api/health`, server, () => output);
});

test.afterAll(async () => {
  for (const c of contexts) await c.dispose();
  server?.kill('SIGTERM');
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function context(): Promise<APIRequestContext> {
  const c = await playwrightRequest.newContext({ baseURL });
  contexts.push(c);
  return c;
}

async function post(c: APIRequestContext, path: string, data: unknown = {}) {
  const res = await c.post(path, { headers: { ...SHOP_API_HEADERS, Origin: baseURL }, data });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** The join code the second server's demo SMS outbox holds for `mobileNo`. */
async function smsCode(mobileNo: string): Promise<string> {
  const db = createClient({ url: `file:${join(dataDir, 'shop.db')}`, timeout: 15_000 });
  try {
    const rs = await db.execute({
      sql: `SELECT body FROM outbox_messages WHERE channel = 'sms' AND recipient = ? ORDER BY message_no DESC LIMIT 1`,
      args: [mobileNo],
    });
    const code = /\[(\d{6})\]/.exec(String(rs.rows[0]?.body ?? ''))?.[1];
    if (!code) throw new Error(`${mobileNo}로 보낸 인증번호가 없습니다.`);
    return code;
  } finally {
    db.close();
  }
}

async function signedInMember(): Promise<APIRequestContext> {
  const c = await context();
  const account = uniqueAccount('smtp');
  await post(c, '/shop-api/authentications/sms', { usage: 'JOIN', mobileNo: account.mobileNo });
  const key = await smsCode(account.mobileNo);
  const checked = await c.get(
    `/shop-api/authentications/sms?${new URLSearchParams({ usage: 'JOIN', mobileNo: account.mobileNo, key })}`,
    { headers: SHOP_API_HEADERS },
  );
  expect(checked.status()).toBe(200);
  const { certificationKey } = (await checked.json()) as { certificationKey: string };
  await post(c, '/shop-api/profile', { ...account, joinTermsAgreements: REQUIRED_TERMS, certificationKey });
  await post(c, '/shop-api/oauth/token', {
    memberId: account.memberId,
    password: account.password,
    keepLogin: false,
  });
  return c;
}

/** A card order paid through the sandbox, its orderer's e-mail `email`; its number. */
async function buyPaid(c: APIRequestContext, email: string): Promise<string> {
  const { orderSheetNo } = await post(c, '/shop-api/order-sheets', {
    products: [{ ...PRODUCT, orderCnt: 1 }],
  });
  const calc = await post(c, `/shop-api/order-sheets/${orderSheetNo}/calculate`, {
    addressRequest: { receiverZipCd: ADDRESS.receiverZipCd },
  });
  const reserved = await post(c, '/shop-api/payments/reserve', {
    orderSheetNo,
    orderer: { ordererName: '김포도', ordererContact1: '01012345678', ordererEmail: email },
    shippingAddress: ADDRESS,
    payType: 'CREDIT_CARD',
    agreementTypes: ['ORDER_INFO_AGREE'],
    paymentAmtForVerification: calc.paymentInfo.paymentAmt,
  });
  await post(c, `/api/payment-sandbox/payments/${reserved.paymentId}/approve`);
  const q = new URL(reserved.clientReturnUrl, 'http://x').searchParams;
  const outcome = await post(c, '/shop-api/payments/confirm', {
    orderNo: q.get('orderNo'),
    paymentId: q.get('paymentId'),
    amount: Number(q.get('amount')),
    ts: Number(q.get('ts')),
    signature: q.get('signature'),
  });
  expect(outcome.orderStatus).toBe('PAY_DONE');
  return reserved.orderNo as string;
}

test('a message per order event arrives in the SMTP mailbox: paid, shipped, delivered', async () => {
  test.setTimeout(40_000);
  const email = `smtp${Date.now().toString(36)}@example.com`;
  const member = await signedInMember();
  const orderNo = await buyPaid(member, email);

  const admin = await context();
  await post(admin, '/shop-api/oauth/token', { ...ADMIN, keepLogin: false });
  await post(admin, `/api/manager/orders/${orderNo}/prepare`);
  await post(admin, `/api/manager/orders/${orderNo}/ship`, {
    deliveryCompanyType: 'CJ',
    invoiceNo: '123456789012',
  });
  await post(admin, `/api/manager/orders/${orderNo}/deliver`);

  // the server's sender passes every 10 seconds
  const subjects = () => smtp.received.filter((m) => m.to.includes(email)).map((m) => m.subject);
  await expect.poll(subjects, { timeout: 25_000, intervals: [500] }).toHaveLength(3);
  expect(subjects().sort()).toEqual(
    [
      `[포도] 주문이 완료되었습니다 (주문번호 ${orderNo})`,
      `[포도] 상품이 발송되었습니다 (주문번호 ${orderNo})`,
      `[포도] 배송이 완료되었습니다 (주문번호 ${orderNo})`,
    ].sort(),
  );
  const shipped = smtp.received.find((m) => m.to.includes(email) && m.subject.includes('발송'))!;
  expect(shipped.text).toContain('택배사: CJ대한통운');
  expect(shipped.text).toContain('https://trace.cjlogistics.com/next/tracking.html?wblNo=123456789012');
  expect(shipped.from).toBe('shop@podo.test');
});
