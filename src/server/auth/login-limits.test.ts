import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { LOGIN_DELAY_MS, loginDelayMs, useLoginSleepForTests } from './login.ts';
import { verifyPassword } from './password.ts';

// Every password check a login makes, counted (the real check still runs).
vi.mock('./password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./password.ts')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const checks = vi.mocked(verifyPassword);
// The slowdown's wait, recorded instead of waited.
const sleep = vi.fn((_ms: number) => Promise.resolve());

let t: TestDb;
const api = createApiApp();
beforeEach(async () => {
  t = await createTestDb();
  useLoginSleepForTests(sleep);
  sleep.mockClear();
});
afterEach(() => {
  useLoginSleepForTests();
  t.close();
});

/** A member who joined (with no address, so nothing is counted against the addresses below). */
async function member() {
  const { res, body } = await new Client(api).join();
  expect(res.status).toBe(201);
  return body;
}

/** One separate login request (its own client) from `ip`. */
async function login(memberId: string, password: string, ip: string) {
  const res = await new Client(api).login(memberId, password, {}, { ip, browser: false });
  return { status: res.status, code: ((await res.json()) as { code?: string }).code };
}

const times = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe('login limits under parallel requests', () => {
  it('checks at most 5 passwords for one id from one address, and does not lock the member out elsewhere', async () => {
    const { memberId, password } = await member();
    checks.mockClear();
    const answers = await times(40, (i) => login(memberId, `wrong-${i}-pass!`, '203.0.113.10'));
    // counted before checking, atomically: exactly the first 5 counts get a check
    expect(checks.mock.calls.length).toBe(5);
    for (const a of answers) {
      expect([401, 429]).toContain(a.status);
      expect(a.code).toBe(a.status === 401 ? 'login-failed' : 'too-many-attempts');
    }
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);

    // that client stays locked, even with the right password...
    expect(await login(memberId, password, '203.0.113.10')).toEqual({
      status: 429,
      code: 'too-many-attempts',
    });
    expect(checks.mock.calls.length).toBe(5);
    // ...but the member, from their own address, is not: the lock is per id and client
    expect((await login(memberId, password, '198.51.100.20')).status).toBe(200);
  });

  it('bounds guessing spread over many addresses at 50 checks per id', async () => {
    const { memberId } = await member();
    checks.mockClear();
    const answers = await times(80, (i) =>
      login(memberId, `wrong-${i}-pass!`, `10.0.${Math.floor(i / 2)}.${i % 2}`),
    );
    expect(checks.mock.calls.length).toBe(50);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(50);
    expect(answers.filter((a) => a.status === 429 && a.code === 'too-many-attempts')).toHaveLength(30);
  });

  it('slows an address with many failures over different ids, never refuses it', async () => {
    const { memberId, password } = await member();
    const nat = '203.0.113.77';
    checks.mockClear();
    const answers = await times(40, (i) => login(`nat-user-${i}`, 'wrong-pass-1!', nat));
    // every try was checked and answered as a wrong login, none refused for the address
    expect(answers.every((a) => a.status === 401 && a.code === 'login-failed')).toBe(true);
    expect(checks.mock.calls.length).toBe(40);
    // the tries past 30 waited first: 1 s, growing, at most 2 s
    expect(sleep).toHaveBeenCalledTimes(10);
    for (const [ms] of sleep.mock.calls) {
      expect(ms).toBeGreaterThanOrEqual(LOGIN_DELAY_MS.first);
      expect(ms).toBeLessThanOrEqual(LOGIN_DELAY_MS.max);
    }

    // a member behind the same address still logs in (after a wait)
    expect((await login(memberId, password, nat)).status).toBe(200);
    expect(sleep).toHaveBeenCalledTimes(11);
    // another address is not slowed
    expect((await login(memberId, password, '198.51.100.21')).status).toBe(200);
    expect(sleep).toHaveBeenCalledTimes(11);
  });

  it('waits 1 s from the 31st try of an address, growing to at most 2 s', () => {
    expect([1, 30, 31, 32, 51, 500].map(loginDelayMs)).toEqual([0, 0, 1000, 1050, 2000, 2000]);
  });
});
