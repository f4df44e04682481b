import type { Transaction } from '@libsql/client';

/**
 * What the social-login module keeps about a member who leaves, removed inside the member
 * service's withdrawal transaction (`withdrawMember`): the links (so the Naver/Kakao identity
 * starts fresh: a later login is a stranger again, not the withdrawn member), unfinished sign-up
 * tokens of those identities (they carry the provider's profile), link states and partner login
 * tickets. Only this module writes these tables; the member module calls this function.
 */
export async function forgetSocialIdentities(tx: Transaction, memberNo: number): Promise<void> {
  await tx.batch([
    {
      sql: `DELETE FROM social_signup_tokens WHERE EXISTS (
              SELECT 1 FROM social_links l WHERE l.member_no = ?
                AND l.provider = social_signup_tokens.provider
                AND l.provider_user_id = social_signup_tokens.provider_user_id)`,
      args: [memberNo],
    },
    { sql: 'DELETE FROM social_links WHERE member_no = ?', args: [memberNo] },
    { sql: 'DELETE FROM oauth_states WHERE member_no = ?', args: [memberNo] },
    { sql: 'DELETE FROM partner_login_tickets WHERE member_no = ?', args: [memberNo] },
  ]);
}
