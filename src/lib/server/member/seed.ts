import type { Client } from '@libsql/client';
import { env } from '../env.ts';
import * as repo from './repo.ts';
import { createMember, ensureBrandAdminGroup, grantAdmin, grantStaff } from './service.ts';
import { currentTerms } from './terms.ts';

/**
 * Demo accounts for local use, listed in the README. Never created in production: there the
 * first administrator comes from `npm run user:create-admin`.
 */
export const DEMO_ACCOUNTS = {
  admin: { memberId: 'admin', password: 'podo-admin-1234!', memberName: '관리자', email: 'admin@example.com', mobileNo: '01000000001' },
  staff: { memberId: 'staff', password: 'podo-staff-1234!', memberName: '매장직원', email: 'staff@example.com', mobileNo: '01000000002' },
} as const;

/**
 * Creates the demo administrator and point-of-sale staff account when they do not exist yet,
 * and names the administrator group after BRAND_NAME. Safe to call on every start.
 */
export async function seedMemberDemo(client: Client, nodeEnv: string = env().NODE_ENV): Promise<void> {
  await ensureBrandAdminGroup(client);
  if (nodeEnv === 'production') return;
  const required = (await currentTerms(client)).filter((t) => t.required).map((t) => t.termsType);
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
    const existing = await repo.selectCredentialsById(client, account.memberId);
    const memberNo =
      existing?.memberNo ?? (await createMember(client, { ...account, agreedTermsTypes: required })).memberNo;
    if (role === 'admin') await grantAdmin(client, memberNo);
    else await grantStaff(client, memberNo, '포도 본점');
  }
}
