import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { openDb } from './client.ts';
import { AppError } from '../platform/errors.ts';
import { busySafe, isBusyError, writeTx } from './write-tx.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

describe('writeTx', () => {
  it('turns a database still locked after the busy timeout into a 503 the shopper can act on', async () => {
    const other = await openDb({ url: `file:${t.dir}/shop.db`, busyTimeoutMs: 50 });
    const holder = await t.db.transaction('write');
    await holder.execute("INSERT INTO partners (partner_no, partner_name) VALUES (1, 'x')");
    try {
      const err = await writeTx(other, async (tx) => tx.execute('SELECT 1')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'DB_BUSY', status: 503 });
      expect((err as Error).message).toMatch(/잠시 후 다시 시도해 주세요/);
      const single = await busySafe(
        other.execute("INSERT INTO partners (partner_no, partner_name) VALUES (2, 'y')"),
      ).catch((e: unknown) => e);
      expect(single).toMatchObject({ code: 'DB_BUSY', status: 503 });
    } finally {
      await holder.rollback();
      holder.close();
      other.close();
    }
  });

  it('commits, rolls back on a throw, and leaves other errors alone', async () => {
    await writeTx(t.db, (tx) =>
      tx.execute("INSERT INTO partners (partner_no, partner_name) VALUES (3, 'z')"),
    );
    await expect(
      writeTx(t.db, async (tx) => {
        await tx.execute("INSERT INTO partners (partner_no, partner_name) VALUES (4, 'w')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await t.db.execute('SELECT partner_no FROM partners ORDER BY partner_no');
    expect(rows.rows.map((r) => r.partner_no)).toEqual([3]);
    expect(isBusyError(new Error('SQLITE_BUSY: database is locked'))).toBe(true);
    expect(isBusyError(new Error('UNIQUE constraint failed'))).toBe(false);
  });
});
