import { db, type Db } from '../db/client.ts';
import { demoAccountsPresent } from '../member/index.ts';
import { isLive, liveProblems } from './mode.ts';

/** The demo accounts of the README (known passwords) must not exist in a live shop. */
export async function demoAccountsProblem(client: Db): Promise<string | null> {
  const present = await demoAccountsPresent(client);
  return present.length === 0
    ? null
    : `데모 계정: ${present.join(', ')} 계정이 README의 비밀번호 그대로 있습니다. 삭제하거나 비밀번호를 바꿔 주세요`;
}

/**
 * Run once when the server starts: in live mode, every problem at once, or nothing. The database is
 * opened only in live mode (a demo shop still migrates and seeds lazily on its first request).
 */
export async function startupProblems(): Promise<string[]> {
  const problems = liveProblems();
  if (!isLive()) return problems;
  const demo = await demoAccountsProblem(await db());
  return demo ? [...problems, demo] : problems;
}
