import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { listOutboxMessages } from '../adapters/outbox.ts';
import { sendSmsCode } from './service.ts';

let t: TestDb | undefined;
afterEach(() => t?.close());

const MOBILE = '01012345678';

/** Runs `body` in a separate Node process against the test database; resolves with its results. */
function inProcess(dbUrl: string, body: string): Promise<string[]> {
  const script = `
    const { openDb } = await import('./src/server/db/client.ts');
    const { sendSmsCode, verifySmsCode } = await import('./src/server/verification/service.ts');
    const db = await openDb({ url: process.env.DATABASE_URL });
    const results = [];
    const attempt = (p) => p.then(() => 'ok', (e) => e.code ?? String(e));
    ${body}
    db.close();
    process.stdout.write(JSON.stringify(results));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: 'test', SEED_ON_START: 'false' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`exit ${code}`)),
    );
  });
}

describe('verification counters across processes', () => {
  it('two processes flooding one number get exactly 5 sends through', async () => {
    t = await createTestDb();
    const url = `file:${join(t.dir, 'shop.db')}`;
    const body = `for (let i = 0; i < 8; i++) results.push(await attempt(sendSmsCode(db, { usage: 'JOIN', mobileNo: '${MOBILE}' })));`;
    const [a, b] = await Promise.all([inProcess(url, body), inProcess(url, body)]);
    const all = [...a!, ...b!];
    expect(all.filter((r) => r === 'ok')).toHaveLength(5);
    expect(all.filter((r) => r === 'L1008')).toHaveLength(11);
    expect(await listOutboxMessages(t.db, { channel: 'sms', recipient: MOBILE, limit: 100 })).toHaveLength(5);
  });

  it('two processes guessing one code get exactly 4 L1003 answers before the lock', async () => {
    t = await createTestDb();
    await sendSmsCode(t.db, { usage: 'FIND_ID', mobileNo: MOBILE });
    const [msg] = await listOutboxMessages(t.db, { channel: 'sms', recipient: MOBILE, limit: 1 });
    const code = msg!.body.match(/\[(\d{6})\]/)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const url = `file:${join(t.dir, 'shop.db')}`;
    const body = `for (let i = 0; i < 6; i++) results.push(await attempt(verifySmsCode(db, { usage: 'FIND_ID', mobileNo: '${MOBILE}', code: '${wrong}' })));`;
    const [a, b] = await Promise.all([inProcess(url, body), inProcess(url, body)]);
    const all = [...a!, ...b!];
    expect(all.filter((r) => r === 'L1003')).toHaveLength(4);
    expect(all.filter((r) => r === 'L1008')).toHaveLength(8);
    const rs = await t.db.execute('SELECT failed_attempts, closed_at FROM sms_verifications');
    expect(rs.rows[0]).toMatchObject({ failed_attempts: 5 });
    expect(rs.rows[0]?.closed_at).not.toBeNull();
  });
});
