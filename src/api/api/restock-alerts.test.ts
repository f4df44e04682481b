import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import Papa from 'papaparse';
import {
  bulkUpdate,
  catalogSteps,
  exportProductsCsv,
  loadManagedProduct,
  updateProduct,
  importProductsCsv,
  moveOptionStock,
  notifyBuyableWaiters,
  recentlyRestockedProductNos,
} from '../../server/catalog/index.ts';
import { writeTx } from '../../server/db/write-tx.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
  await seedCatalogFixture(t.db);
});
afterEach(() => t.close());

// 품절 밴드 (105): both options at stock 0; 사각 방진 매트 (102) 검정 in stock
const BAND = { productNo: 105, optionNo: 1051 };
const admin = { memberNo: 1, name: '관리자' };

async function restockMessages(): Promise<
  { channel: string; recipient: string; body: string; ref: string }[]
> {
  const rs = await t.db.execute(
    "SELECT channel, recipient, body, ref FROM notification_outbox WHERE event = 'RESTOCK' ORDER BY notification_no",
  );
  return rs.rows as unknown as { channel: string; recipient: string; body: string; ref: string }[];
}

const receive = (quantity: number, optionNo = BAND.optionNo) =>
  moveOptionStock(t.db, BAND.productNo, optionNo, { kind: 'RECEIVE', quantity, memo: '입고' }, admin);

const guestBody = (mobileNo = '010-7777-1234') => ({ ...BAND, name: '홍길동', mobileNo, consent: true });

describe('POST /api/restock-alerts', () => {
  it('takes a guest request with a phone and consent, and refuses a second one kindly', async () => {
    const guest = new Client();
    const res = await guest.call('/api/restock-alerts', { body: guestBody() });
    expect(res.status).toBe(201);
    const again = await guest.call('/api/restock-alerts', { body: guestBody('01077771234') });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toContain('이미 재입고 알림을 신청');
  });

  it('refuses a guest without consent, without a phone, a bad phone, and an option on sale', async () => {
    const guest = new Client();
    const noConsent = await guest.call('/api/restock-alerts', { body: { ...guestBody(), consent: false } });
    expect(noConsent.status).toBe(400);
    expect(((await noConsent.json()) as { message: string }).message).toContain('동의');
    expect((await guest.call('/api/restock-alerts', { body: { ...BAND, consent: true } })).status).toBe(400);
    expect((await guest.call('/api/restock-alerts', { body: guestBody('abc') })).status).toBe(400);
    const onSale = await guest.call('/api/restock-alerts', {
      body: { ...guestBody(), productNo: 102, optionNo: 1021 },
    });
    expect(onSale.status).toBe(409);
    const wrongProduct = await guest.call('/api/restock-alerts', {
      body: { ...guestBody(), productNo: 102, optionNo: 1051 },
    });
    expect(wrongProduct.status).toBe(404);
  });

  it('takes a request for an option a manager stopped (강제 품절), told once the stop is lifted', async () => {
    // 강제품절 쿠션 (107): the product is stopped by a manager, its option has stock
    const forced = await new Client().call('/api/restock-alerts', {
      body: { ...guestBody(), productNo: 107, optionNo: 1071 },
    });
    expect(forced.status).toBe(201);
    expect(await restockMessages()).toEqual([]);

    const before = (await loadManagedProduct(t.db, 107))!;
    await updateProduct(t.db, 107, before.version, { ...before, forcedSoldOut: false, slug: null }, admin);
    const told = await restockMessages();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ channel: 'sms', recipient: '01077771234' });
    // once it can be bought, a new request is refused: order it instead
    const buyable = await new Client().call('/api/restock-alerts', {
      body: { ...guestBody('010-5555-1234'), productNo: 107, optionNo: 1071 },
    });
    expect(buyable.status).toBe(409);
  });

  it("uses a member's own phone and e-mail, lists only their own requests and lets them cancel", async () => {
    const member = new Client();
    const joined = await member.joinAndLogin();
    const res = await member.call('/api/restock-alerts', { body: BAND });
    expect(res.status).toBe(201);
    const { alertNo } = (await res.json()) as { alertNo: number };
    expect((await member.call('/api/restock-alerts', { body: BAND })).status).toBe(409);

    const list = (await (await member.call('/api/restock-alerts')).json()) as {
      items: { alertNo: number; productName: string; optionName: string; status: string }[];
    };
    expect(list.items).toEqual([
      expect.objectContaining({ alertNo, productName: '품절 밴드', optionName: '약', status: 'WAITING' }),
    ]);

    // a visitor cannot read anyone's requests; another member sees none and cannot cancel this one
    expect((await new Client().call('/api/restock-alerts')).status).toBe(401);
    expect((await new Client().call(`/api/restock-alerts/${alertNo}`, { method: 'DELETE' })).status).toBe(
      401,
    );
    const other = new Client();
    await other.joinAndLogin();
    const theirs = (await (await other.call('/api/restock-alerts')).json()) as { items: unknown[] };
    expect(theirs.items).toEqual([]);
    expect((await other.call(`/api/restock-alerts/${alertNo}`, { method: 'DELETE' })).status).toBe(404);

    await receive(2);
    const [sms, mail] = await restockMessages();
    expect(sms).toMatchObject({ channel: 'sms', recipient: joined.mobileNo.replace(/\D/g, '') });
    expect(mail).toMatchObject({ channel: 'mail', recipient: joined.email });
    expect(sms?.body).toContain('품절 밴드 (약)');
  });

  it('a cancelled request is not told', async () => {
    const member = new Client();
    await member.joinAndLogin();
    const { alertNo } = (await (await member.call('/api/restock-alerts', { body: BAND })).json()) as {
      alertNo: number;
    };
    expect((await member.call(`/api/restock-alerts/${alertNo}`, { method: 'DELETE' })).status).toBe(204);
    await receive(1);
    expect(await restockMessages()).toEqual([]);
  });
});

describe('the message when the stock returns', () => {
  it('tells each waiting request once; a second restock tells no one unless asked again', async () => {
    const guest = new Client();
    await guest.call('/api/restock-alerts', { body: guestBody() });
    await receive(3);
    const first = await restockMessages();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ channel: 'sms', recipient: '01077771234' });
    expect(first[0]?.body).toContain('다시 입고되었습니다');

    // sold out again, then back: nobody asked again, so nobody is told
    await moveOptionStock(t.db, 105, 1051, { kind: 'COUNT', counted: 0, memo: '' }, admin);
    await receive(1);
    expect(await restockMessages()).toHaveLength(1);

    // asking again (while sold out) is a new request, told at the next restock
    await moveOptionStock(t.db, 105, 1051, { kind: 'COUNT', counted: 0, memo: '' }, admin);
    expect((await guest.call('/api/restock-alerts', { body: guestBody() })).status).toBe(201);
    await receive(1);
    expect(await restockMessages()).toHaveLength(2);
  });

  it('tells no one while the stock stays 0, and not for the other option', async () => {
    await new Client().call('/api/restock-alerts', { body: guestBody() });
    await moveOptionStock(t.db, 105, 1051, { kind: 'ADJUST', delta: 0, memo: '' }, admin);
    await moveOptionStock(t.db, 105, 1051, { kind: 'COUNT', counted: 0, memo: '' }, admin);
    await receive(2, 1052);
    expect(await restockMessages()).toEqual([]);
  });

  it('a refund giving units back is a restock too, in the same transaction', async () => {
    await new Client().call('/api/restock-alerts', { body: guestBody() });
    await writeTx(t.db, (tx) =>
      catalogSteps.returnStock(tx, 1051, 1, {
        reason: 'COUNTER_REFUND',
        channel: 'COUNTER',
        actorLabel: '시스템',
        now: new Date().toISOString(),
      }),
    );
    expect(await restockMessages()).toHaveLength(1);
  });

  it('a CSV import that raises the stock tells too', async () => {
    await new Client().call('/api/restock-alerts', { body: guestBody() });
    const csv = (await exportProductsCsv(t.db, { q: '품절 밴드', sort: 'sales' })).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    const rows = parsed.data.map((r) => (r['옵션 번호'] === '1051' ? { ...r, 재고: '4' } : r));
    expect(rows.some((r) => r['옵션 번호'] === '1051' && r.재고 === '4')).toBe(true);
    const report = await importProductsCsv(t.db, Papa.unparse(rows, { newline: '\r\n' }), {
      dryRun: false,
      fileName: 'stock.csv',
      actor: admin,
    });
    expect(report).toMatchObject({ dryRun: false });
    expect(await restockMessages()).toHaveLength(1);
  });

  it('a restock that rolls back tells no one', async () => {
    await new Client().call('/api/restock-alerts', { body: guestBody() });
    await expect(
      writeTx(t.db, async (tx) => {
        await catalogSteps.moveStock(tx, 1051, 1, {
          reason: 'RECEIVE',
          channel: 'MANAGER',
          actorLabel: '관리자',
          now: new Date().toISOString(),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await restockMessages()).toEqual([]);
  });
});

describe('an option that becomes buyable again without a stock write (issue 18)', () => {
  /** Saves product 105 as the editor would, with its options changed by `edit`. */
  async function saveBand(edit: (p: NonNullable<Awaited<ReturnType<typeof loadManagedProduct>>>) => object) {
    const before = (await loadManagedProduct(t.db, BAND.productNo))!;
    await updateProduct(t.db, BAND.productNo, before.version, { ...edit(before), slug: null }, admin);
  }
  const forceOption = (forced: boolean) =>
    saveBand((p) => ({
      ...p,
      options: {
        ...p.options,
        rows: p.options.rows.map((r) => (r.optionNo === BAND.optionNo ? { ...r, forcedSoldOut: forced } : r)),
      },
    }));

  it('a restock while the option is forced sold out tells no one; lifting it tells each waiter once', async () => {
    await new Client().call('/api/restock-alerts', { body: guestBody() });
    await forceOption(true);
    await receive(3);
    expect(await restockMessages()).toEqual([]);

    await forceOption(false);
    const told = await restockMessages();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ channel: 'sms', recipient: '01077771234' });
    expect(told[0]?.body).toContain('다시 입고되었습니다');

    // forcing and lifting again, or another save, tells no one twice
    await forceOption(true);
    await forceOption(false);
    await saveBand((p) => p);
    expect(await restockMessages()).toHaveLength(1);
  });

  it('lifting a forced sold-out of the option while its stock is still 0 tells no one', async () => {
    await new Client().call('/api/restock-alerts', { body: guestBody() });
    await forceOption(true);
    await forceOption(false);
    expect(await restockMessages()).toEqual([]);
    await receive(1);
    expect(await restockMessages()).toHaveLength(1);
  });

  it("lifting the product's forced sold-out tells the waiters of its options in stock", async () => {
    await new Client().call('/api/restock-alerts', { body: guestBody() });
    await saveBand((p) => ({ ...p, forcedSoldOut: true }));
    await receive(2);
    expect(await restockMessages()).toEqual([]);
    await saveBand((p) => ({ ...p, forcedSoldOut: false }));
    expect(await restockMessages()).toHaveLength(1);
  });

  it('a product put back on sale (editor or the list’s bulk action) tells its waiters once', async () => {
    await new Client().call('/api/restock-alerts', { body: guestBody() });
    await saveBand((p) => ({ ...p, saleStatus: 'STOP' }));
    await receive(2);
    expect(await restockMessages()).toEqual([]);
    const { version } = (await loadManagedProduct(t.db, BAND.productNo))!;
    await bulkUpdate(t.db, [{ productNo: BAND.productNo, version }], {
      action: 'saleStatus',
      saleStatus: 'ONSALE',
    });
    expect(await restockMessages()).toHaveLength(1);
    await saveBand((p) => p);
    expect(await restockMessages()).toHaveLength(1);
  });

  it('a CSV import lifting the option’s 옵션 품절 tells too', async () => {
    await new Client().call('/api/restock-alerts', { body: guestBody() });
    await forceOption(true);
    await receive(4);
    expect(await restockMessages()).toEqual([]);
    const csv = (await exportProductsCsv(t.db, { q: '품절 밴드', sort: 'sales' })).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.data.find((r) => r['옵션 번호'] === '1051')?.['옵션 품절']).toBe('Y');
    const rows = parsed.data.map((r) => (r['옵션 번호'] === '1051' ? { ...r, '옵션 품절': 'N' } : r));
    const report = await importProductsCsv(t.db, Papa.unparse(rows, { newline: '\r\n' }), {
      dryRun: false,
      fileName: 'lift.csv',
      actor: admin,
    });
    expect(report.problems).toEqual([]);
    expect(await restockMessages()).toHaveLength(1);
  });
});

describe('an option that becomes buyable by the clock', () => {
  it('a sale period that starts later: the maintenance pass tells the waiters once it has started', async () => {
    await new Client().call('/api/restock-alerts', { body: guestBody() });
    const hour = 3_600_000;
    await t.db.execute({
      sql: 'UPDATE products SET sale_start_ymdt = ? WHERE product_no = ?',
      args: [new Date(Date.now() + hour).toISOString(), BAND.productNo],
    });
    await receive(2);
    expect(await restockMessages()).toEqual([]);
    expect(await notifyBuyableWaiters(t.db)).toBe(0);
    expect(await notifyBuyableWaiters(t.db, new Date(Date.now() + 2 * hour))).toBe(1);
    expect(await restockMessages()).toHaveLength(1);
    expect(await notifyBuyableWaiters(t.db, new Date(Date.now() + 3 * hour))).toBe(0);
  });
});

describe('products back in stock', () => {
  it('lists the products back in stock in the last 14 days, not those merely received', async () => {
    await receive(1);
    await moveOptionStock(t.db, 101, 1011, { kind: 'RECEIVE', quantity: 5, memo: '' }, admin);
    expect(await recentlyRestockedProductNos(t.db)).toEqual([105]);
    const later = new Date(Date.now() + 15 * 86_400_000);
    expect(await recentlyRestockedProductNos(t.db, later)).toEqual([]);
  });
});
