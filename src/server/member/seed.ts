import type { Client } from '@libsql/client';
import { verifyPassword } from '../auth/index.ts';
import { shopMode, type ShopMode } from '../platform/mode.ts';
import { AppError } from '../platform/errors.ts';
import * as repo from './repo.ts';
import {
  createMember,
  ensureBrandAdminGroup,
  grantAdmin,
  grantStaff,
  type CreateMemberInput,
} from './service.ts';
import { currentTerms } from './terms.ts';

/**
 * Demo accounts for local use, listed in the README. Never created in live mode: there the
 * first administrator comes from `npm run user:create-admin`.
 */
export const DEMO_ACCOUNTS = {
  admin: {
    memberId: 'admin',
    password: 'podo-admin-1234!',
    memberName: '관리자',
    email: 'admin@example.com',
    mobileNo: '01000000001',
  },
  staff: {
    memberId: 'staff',
    password: 'podo-staff-1234!',
    memberName: '매장직원',
    email: 'staff@example.com',
    mobileNo: '01000000002',
  },
} as const;

/** Two processes starting at once may both try to create an account: the loser reads the winner's. */
async function findOrCreate(
  client: Client,
  input: CreateMemberInput & { memberId: string },
): Promise<number> {
  const existing = await repo.selectCredentialsById(client, input.memberId);
  if (existing) return existing.memberNo;
  try {
    return (await createMember(client, input)).memberNo;
  } catch (err) {
    const raced = await repo.selectCredentialsById(client, input.memberId);
    if (err instanceof AppError && raced) return raced.memberNo;
    throw err;
  }
}

/**
 * Creates the demo administrator and point-of-sale staff account when they do not exist yet,
 * and names the administrator group after BRAND_NAME. Safe to call on every start.
 */
export async function seedMemberDemo(client: Client, mode: ShopMode = shopMode()): Promise<void> {
  await ensureBrandAdminGroup(client);
  if (mode === 'live') return;
  const required = (await currentTerms(client)).filter((t) => t.required).map((t) => t.termsType);
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
    const memberNo = await findOrCreate(client, { ...account, agreedTermsTypes: required });
    if (role === 'admin') await grantAdmin(client, memberNo);
    else await grantStaff(client, memberNo, '포도 본점');
  }
}

/**
 * The demo accounts that still exist with the README's password (a live shop refuses to start
 * while any does: everyone knows those passwords).
 */
export async function demoAccountsPresent(client: Client): Promise<string[]> {
  const found: string[] = [];
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    const cred = await repo.selectCredentialsById(client, account.memberId);
    if (cred?.passwordHash && (await verifyPassword(cred.passwordHash, account.password))) {
      found.push(account.memberId);
    }
  }
  return found;
}
