import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openDb } from '../db/client.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { acquireLease, releaseLease } from './lease.ts';
import { MAINTENANCE_LEASE, NOTIFICATION_LEASE, maintenancePass, notificationPass } from './jobs.ts';

let t: TestDb | undefined;
afterEach(() => t?.close());

describe('periodic passes under a lease', () => {
  it('skip the round while another node holds the lease, run once it is free', async () => {
    t = await createTestDb();
    await acquireLease(t.db, MAINTENANCE_LEASE, 60_000, 'other-node');
    await acquireLease(t.db, NOTIFICATION_LEASE, 60_000, 'other-node');
    expect(await maintenancePass(t.db)).toBe(false);
    expect(await notificationPass(t.db)).toBe(false);
    await releaseLease(t.db, MAINTENANCE_LEASE, 'other-node');
    await releaseLease(t.db, NOTIFICATION_LEASE, 'other-node');
    expect(await maintenancePass(t.db)).toBe(true);
    expect(await notificationPass(t.db)).toBe(true);
    // released at the end: the other node may take the next round
    expect(await acquireLease(t.db, MAINTENANCE_LEASE, 60_000, 'other-node')).toBe(true);
  });

  it('three nodes waking together: the maintenance pass runs on exactly one', async () => {
    t = await createTestDb();
    const url = `file:${join(t.dir, 'shop.db')}`;
    const clients = await Promise.all([1, 2, 3].map(() => openDb({ url, busyTimeoutMs: 20_000 })));
    try {
      const ran = await Promise.all(clients.map((c, i) => maintenancePass(c, `node-${i}`)));
      expect(ran.filter(Boolean)).toHaveLength(1);
    } finally {
      for (const c of clients) c.close();
    }
  });
});
