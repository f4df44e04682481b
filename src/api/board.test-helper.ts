import { createSession } from '../server/auth/session.ts';
import type { Db } from '../server/db/client.ts';
import { createMember, grantAdmin } from '../server/member/service.ts';
import { createApiApp } from './app.ts';

/** Members with sessions for the board, inquiry and upload API tests (no login round trip). */

export const SHOP_HEADERS = { Version: '1.0', clientId: 'podo-local', platform: 'PC' } as const;

export interface TestMember {
  memberNo: number;
  memberName: string;
  token: string;
  /** Shopby headers with the member's `accessToken` (an API client: no cookies, no CSRF check). */
  headers: Record<string, string>;
}

let seq = 0;

export async function testMember(
  db: Db,
  options: { admin?: boolean; name?: string; email?: boolean } = {},
): Promise<TestMember> {
  seq += 1;
  const n = `${process.pid % 1000}${String(seq).padStart(4, '0')}`;
  const memberName =
    options.name ?? (options.admin ? '관리자' : `회원${'가나다라마바사아자차카타파하'[seq % 14]}`);
  const { memberNo } = await createMember(db, {
    memberId: `board${n}`,
    password: 'grape-2024!',
    memberName,
    email: options.email === false ? null : `board${n}@example.com`,
    mobileNo: `0107${n.padStart(7, '0').slice(-7)}`,
    requireTerms: false,
  });
  if (options.admin) await grantAdmin(db, memberNo);
  const session = await createSession(db, memberNo);
  return {
    memberNo,
    memberName,
    token: session.accessToken,
    headers: { ...SHOP_HEADERS, accessToken: session.accessToken },
  };
}

export type Api = ReturnType<typeof createApiApp>;

/** A JSON request of an API client (the member's `accessToken` header, when given). */
export function call(
  api: Api,
  path: string,
  options: {
    method?: string;
    body?: unknown;
    member?: TestMember | null;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = {
    ...SHOP_HEADERS,
    ...(options.member?.headers ?? {}),
    ...(options.headers ?? {}),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return api.request(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}
