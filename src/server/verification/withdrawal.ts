import type { InStatement, Transaction } from '@libsql/client';

/**
 * What verification keeps about a member who leaves, removed inside the member service's
 * withdrawal transaction (`withdrawMember`): certification keys of the member (e-mailed reset
 * links) or of its phone, and open SMS codes sent to its phone (they hold the name typed with
 * them). Send counters and locks stay: they are keyed by number and IP, last minutes, and guard
 * against abuse, not the member. Only this module writes these tables.
 */
export async function forgetVerifications(
  tx: Transaction,
  member: { memberNo: number; mobileNo: string | null },
): Promise<void> {
  const statements: InStatement[] = [
    { sql: 'DELETE FROM certification_keys WHERE member_no = ?', args: [member.memberNo] },
  ];
  if (member.mobileNo) {
    statements.push(
      { sql: 'DELETE FROM certification_keys WHERE mobile_no = ?', args: [member.mobileNo] },
      { sql: 'DELETE FROM sms_verifications WHERE mobile_no = ?', args: [member.mobileNo] },
    );
  }
  await tx.batch(statements);
}
