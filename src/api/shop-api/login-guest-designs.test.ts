import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestToken } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client, consent } from '../../../tests/fixtures/members.ts';
import { formatCreateTime, newDesignId } from '../../server/design/create-time.ts';
import { insertDesign } from '../../server/design/repo.ts';
import { guestTokenHash } from '../../server/design/service.ts';
import { issuePartnerLoginTicket } from '../../server/social/partner.ts';

/**
 * Every way a member signs in moves the designs of the request's guest identity (`guestToken`
 * header) to the member, after the session exists; a failure there never fails the login.
 */

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => {
  vi.restoreAllMocks();
  t.close();
});

const TERMS = ['USE', 'PI_COLLECTION_AND_USE_REQUIRED', 'PI_14_AGE'];

/** A design kept with a guest identity, as POST /api/custom/dampener leaves it. */
async function guestDesign(token: string): Promise<string> {
  const designId = newDesignId();
  const at = new Date().toISOString();
  await insertDesign(t.db, {
    designId,
    memberNo: null,
    guestTokenHash: guestTokenHash(token),
    productNo: 100005,
    templateId: 'round-dampener-100',
    shape: 'circle',
    frontBackSame: true,
    name: '손님 디자인',
    document: '{}',
    documentVersion: 1,
    previewFrontUrl: null,
    previewBackUrl: null,
    salesChannel: 'brand',
    material: null,
    createTime: formatCreateTime(new Date()),
    at,
  });
  return designId;
}

async function ownerOf(designId: string): Promise<number | null> {
  const rs = await t.db.execute({
    sql: 'SELECT member_no FROM designs WHERE design_id = ?',
    args: [designId],
  });
  const v = rs.rows[0]?.member_no;
  return v === null || v === undefined ? null : Number(v);
}

async function memberNoOf(memberId: string): Promise<number> {
  const rs = await t.db.execute({
    sql: 'SELECT member_no FROM members WHERE member_id = ?',
    args: [memberId],
  });
  return Number(rs.rows[0]?.member_no);
}

describe('guest designs move to the member at login', () => {
  it('POST /oauth/token (API client, token in the body): only the guest of the header', async () => {
    const client = new Client();
    const { body: joined } = await client.join();
    const token = guestToken();
    const mine = await guestDesign(token);
    const someoneElses = await guestDesign(guestToken());
    const res = await client.login(
      joined.memberId,
      joined.password,
      {},
      {
        browser: false,
        headers: { guestToken: token },
      },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const memberNo = await memberNoOf(joined.memberId);
    expect(await ownerOf(mine)).toBe(memberNo);
    expect(await ownerOf(someoneElses)).toBeNull();
    // the member may keep using the guest's uploads
    const folders = await t.db.execute({
      sql: 'SELECT folder FROM design_upload_folders WHERE member_no = ?',
      args: [memberNo],
    });
    expect(folders.rows).toHaveLength(1);
  });

  it('a login without the header moves nothing', async () => {
    const client = new Client();
    const { body: joined } = await client.join();
    const design = await guestDesign(guestToken());
    expect((await client.login(joined.memberId, joined.password)).status).toBe(200);
    expect(await ownerOf(design)).toBeNull();
  });

  it('the ncpstore exchange (partner login ticket)', async () => {
    const client = new Client();
    const { body: joined } = await client.join();
    const memberNo = await memberNoOf(joined.memberId);
    const { ticket } = await issuePartnerLoginTicket(t.db, memberNo);
    const token = guestToken();
    const design = await guestDesign(token);
    const res = await client.call('/shop-api/oauth/openid', {
      body: { provider: 'ncpstore', openAccessToken: ticket },
      headers: { guestToken: token },
    });
    expect(res.status).toBe(200);
    expect(await ownerOf(design)).toBe(memberNo);
  });

  it('social sign-up, then a social login completion', async () => {
    const client = new Client();
    const loginUrl = async () =>
      new URL(
        (
          await (
            await client.call(
              `/shop-api/oauth/login-url?${new URLSearchParams({ provider: 'naver', redirectUri: '/callback/auth-callback' })}`,
            )
          ).json()
        ).loginUrl,
      );
    const openid = async (token: string) => {
      const callback = await consent(client, await loginUrl(), { email: 'sns.design@example.com' });
      const q = new URLSearchParams({
        provider: 'naver',
        code: callback.searchParams.get('code') ?? '',
        state: callback.searchParams.get('state') ?? '',
        redirectUri: '/callback/auth-callback',
      });
      return client.call(`/shop-api/oauth/openid?${q}`, { headers: { guestToken: token } });
    };

    const first = guestToken();
    const before = await guestDesign(first);
    const arrival = await (await openid(first)).json();
    expect(arrival.result).toBe('sign-up');
    expect(await ownerOf(before)).toBeNull(); // nobody is signed in yet
    const created = await client.call('/shop-api/profile/openid', {
      body: { socialSignUpToken: arrival.socialSignUpToken, joinTermsAgreements: TERMS },
      headers: { guestToken: first },
    });
    expect(created.status).toBe(201);
    const { memberNo } = await created.json();
    expect(await ownerOf(before)).toBe(memberNo);

    await client.call('/shop-api/oauth/token', { method: 'DELETE' });
    const second = guestToken();
    const later = await guestDesign(second);
    const login = await openid(second);
    expect(await login.json()).toMatchObject({ result: 'logged-in' });
    expect(await ownerOf(later)).toBe(memberNo);
  });

  it('POST /cart/merge with the guest token moves the designs too (the cart store sends it there)', async () => {
    const client = new Client();
    const joined = await client.joinAndLogin();
    const token = guestToken();
    const design = await guestDesign(token);
    const res = await client.call('/shop-api/cart/merge', {
      body: [],
      headers: { guestToken: token, Version: '1.0', clientId: 'podo-local', platform: 'PC' },
    });
    expect(res.status).toBe(200);
    expect(await ownerOf(design)).toBe(await memberNoOf(joined.memberId));
  });

  it('a failure to move them is logged and the login still succeeds', async () => {
    const client = new Client();
    const { body: joined } = await client.join();
    const token = guestToken();
    const design = await guestDesign(token);
    await t.db.execute('DROP TABLE design_upload_folders');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await client.login(joined.memberId, joined.password, {}, { headers: { guestToken: token } });
    expect(res.status).toBe(200);
    expect((await client.call('/shop-api/profile')).status).toBe(200);
    expect(await ownerOf(design)).toBeNull(); // rolled back, still the guest's
    expect(logged).toHaveBeenCalledWith(
      '[podo] guest designs not moved to the member',
      await memberNoOf(joined.memberId),
      expect.anything(),
    );
  });
});
