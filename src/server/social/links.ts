import type { Db } from '../db/client.ts';
import type { SocialProfile, SocialProvider } from '../adapters/oauth/index.ts';
import { accountError } from '../auth/index.ts';
import { getMember, hasIdAndPassword } from '../member/index.ts';
import { toShopbyYmdt } from '../../lib/dates.ts';
import { writeTx } from '../db/write-tx.ts';
import { socialError } from './errors.ts';
import * as repo from './repo.ts';

/** A logged-in member's social logins: list, link, unlink. */

export interface LinkedProvider {
  provider: SocialProvider;
  email: string | null;
  linkedYmdt: string;
}

/**
 * The providers a member logs in with, oldest link first (Shopby's `providerTypes`; the first is
 * its `providerType`, for a social-only member the one it joined with). Other modules read links
 * through this, never the table.
 */
export async function linkedProviders(db: Db, memberNo: number): Promise<SocialProvider[]> {
  return (await repo.selectLinksOfMember(db, memberNo)).map((l) => l.provider);
}

export async function listLinks(db: Db, memberNo: number): Promise<LinkedProvider[]> {
  const links = await repo.selectLinksOfMember(db, memberNo);
  return links.map((l) => ({ provider: l.provider, email: l.email, linkedYmdt: toShopbyYmdt(l.linkedAt) }));
}

/** Links a verified identity to a member (idempotent for the same pair). */
export async function linkProfile(
  db: Db,
  memberNo: number,
  provider: SocialProvider,
  profile: SocialProfile,
): Promise<void> {
  const taken = await repo.selectLinkByIdentity(db, provider, profile.providerUserId);
  if (taken?.memberNo === memberNo) return;
  if (taken) {
    const holder = await getMember(db, taken.memberNo);
    if (holder && holder.memberStatus !== 'WITHDRAWN') throw socialError('linked-to-other-member');
    // the holder left: the identity is free again
    await repo.deleteLinksOfMember(db, taken.memberNo);
  }
  const inserted = await repo.insertLink(db, {
    memberNo,
    provider,
    providerUserId: profile.providerUserId,
    email: profile.email,
    now: new Date().toISOString(),
  });
  if (inserted) return;
  // lost a race for the identity, or the member already has another account of this provider
  const again = await repo.selectLinkByIdentity(db, provider, profile.providerUserId);
  if (again?.memberNo === memberNo) return;
  throw socialError(again ? 'linked-to-other-member' : 'provider-already-linked');
}

/**
 * Unlinks a provider. The last way to log in cannot go: a member without id and password keeps
 * their only social login until they register an id and password (need-to-register). Count,
 * check and delete run in one write transaction, so two unlinks cannot both pass the check.
 */
export async function unlinkProvider(db: Db, memberNo: number, provider: SocialProvider): Promise<void> {
  await writeTx(db, async (tx) => {
    const links = await repo.selectLinksOfMember(tx, memberNo);
    if (!links.some((l) => l.provider === provider))
      throw accountError('no-exist-sns-user', '연결된 간편 로그인이 없습니다.');
    if (links.length === 1) {
      if (!(await hasIdAndPassword(tx, memberNo))) {
        throw accountError(
          'need-to-register',
          '아이디와 비밀번호를 먼저 등록해 주세요. 마지막 로그인 수단은 해제할 수 없습니다.',
        );
      }
    }
    await repo.deleteLink(tx, memberNo, provider);
  });
}
