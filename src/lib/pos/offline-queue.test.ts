import { describe, expect, it } from 'vitest';
import type { CounterSale } from '../../server/pos/index.ts';
import type { SaleRequest } from './cart.ts';
import { backoffMs, createSaleQueue, memoryQueueStore, type SendOutcome } from './offline-queue.ts';

const body = (key: string): SaleRequest => ({
  idempotencyKey: key,
  shiftNo: 1,
  lines: [{ optionNo: 101, qty: 1 }],
  memberNo: null,
  usePoints: 0,
  payments: [{ method: 'CASH', amount: 1000, received: 1000 }],
  cashReceipt: null,
  soldAt: '2026-11-25T01:00:00.000Z',
  offline: true,
});
const sale = (key: string) => ({ saleNo: `P20261125-${key}` }) as unknown as CounterSale;

function setup(answer: (b: SaleRequest) => SendOutcome | Promise<SendOutcome>) {
  let clock = 1_000_000;
  const sent: string[] = [];
  const store = memoryQueueStore();
  const queue = createSaleQueue(
    store,
    async (b) => {
      sent.push(b.idempotencyKey);
      return answer(b);
    },
    () => clock,
  );
  return { queue, sent, store, tick: (ms: number) => (clock += ms) };
}

describe('backoffMs', () => {
  it('doubles up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(backoffMs)).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });
});

describe('createSaleQueue', () => {
  it('sends each queued sale once, oldest first, and forgets it when recorded', async () => {
    const { queue, sent, tick } = setup((b) => ({
      kind: 'recorded',
      sale: sale(b.idempotencyKey),
      replay: false,
    }));
    await queue.enqueue(body('a'.repeat(16)));
    tick(1);
    await queue.enqueue(body('b'.repeat(16)));
    await queue.enqueue(body('b'.repeat(16))); // the same key is one entry
    const report = await queue.flush();
    expect(sent).toEqual(['a'.repeat(16), 'b'.repeat(16)]);
    expect(report.recorded.map((r) => r.key)).toEqual(['a'.repeat(16), 'b'.repeat(16)]);
    expect(await queue.list()).toEqual([]);
    await queue.flush();
    expect(sent).toHaveLength(2);
  });

  it('never has one key in flight twice: a second flush joins the first', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { queue, sent } = setup(async (b) => {
      await gate;
      return { kind: 'recorded', sale: sale(b.idempotencyKey), replay: false };
    });
    await queue.enqueue(body('k'.repeat(16)));
    const first = queue.flush({ force: true });
    const second = queue.flush({ force: true });
    release();
    expect(await first).toBe(await second);
    expect(sent).toEqual(['k'.repeat(16)]);
  });

  it('retries after a lost connection with a growing wait, stopping at the first failure', async () => {
    let online = false;
    const { queue, sent, tick } = setup((b) =>
      online
        ? { kind: 'recorded', sale: sale(b.idempotencyKey), replay: true }
        : { kind: 'retry', message: '서버에 연결하지 못했습니다.' },
    );
    await queue.enqueue(body('a'.repeat(16)));
    tick(1);
    await queue.enqueue(body('b'.repeat(16)));
    expect((await queue.flush()).waiting).toBe(2);
    expect(sent).toEqual(['a'.repeat(16)]); // b was not tried: the connection was gone
    const [a] = await queue.list();
    expect(a).toMatchObject({ attempts: 1, lastError: '서버에 연결하지 못했습니다.' });
    expect(await queue.nextDue()).toBe(0); // b is due, a waits 2 s
    tick(500);
    await queue.flush();
    expect(sent).toEqual(['a'.repeat(16), 'b'.repeat(16)]);
    online = true;
    tick(500);
    const early = await queue.flush();
    expect(early.recorded).toEqual([]); // both still backing off
    const forced = await queue.flush({ force: true });
    expect(forced.recorded.map((r) => r.replay)).toEqual([true, true]);
    expect(await queue.list()).toEqual([]);
  });

  it('keeps a refused sale for the staff and does not send it again', async () => {
    const { queue, sent } = setup(() => ({ kind: 'refused', message: '영업 기록을 찾을 수 없습니다.' }));
    await queue.enqueue(body('r'.repeat(16)));
    expect((await queue.flush()).refused).toEqual([
      { key: 'r'.repeat(16), message: '영업 기록을 찾을 수 없습니다.' },
    ]);
    await queue.flush({ force: true });
    expect(sent).toHaveLength(1);
    expect((await queue.list())[0]).toMatchObject({
      state: 'refused',
      lastError: '영업 기록을 찾을 수 없습니다.',
    });
    expect(await queue.nextDue()).toBeNull();
    await queue.discard('r'.repeat(16));
    expect(await queue.list()).toEqual([]);
  });
});
