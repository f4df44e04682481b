import { createHash } from 'node:crypto';
import { db as sharedDb, type Db } from '../../db/client.ts';
import { env } from '../../platform/env.ts';
import { isoAfter, randomSecret, sha256Hex } from '../../verification/index.ts';
import {
  OAuthProviderError,
  type OAuthProviderAdapter,
  type SocialProfile,
  type SocialProvider,
} from './port.ts';

/** Where the dev consent page lives (served by `src/api/api/dev-oauth.ts`). */
const DEV_AUTHORIZE_PATH = '/api/dev-oauth/authorize';
const CODE_SECONDS = 120;
const TOKEN_SECONDS = 600;

/** The dev provider exists only in demo mode; everything in it checks this first. */
export function devOAuthAllowed(): boolean {
  return env().SHOP_MODE === 'demo';
}

function assertAllowed(): void {
  if (!devOAuthAllowed())
    throw new Error('The dev OAuth provider is disabled in live mode (SHOP_MODE=live).');
}

/**
 * Built-in `dev` adapter: plays Naver (state only) or Kakao (state + PKCE) with a local consent
 * page. Its token and profile "endpoints" are in-process: the code maps to the profile submitted
 * on the page (single use, 2 minutes), the access token to the same profile (10 minutes).
 */
export function createDevProvider(
  provider: SocialProvider,
  options: { baseUrl?: string; db?: () => Promise<Db> } = {},
): OAuthProviderAdapter {
  assertAllowed();
  const getDb = options.db ?? sharedDb;
  const usesPkce = provider === 'kakao';
  return {
    provider,
    kind: 'dev',
    usesPkce,
    async authorizationUrl({ state, codeVerifier, redirectUri }) {
      assertAllowed();
      const { OAuth2Client, CodeChallengeMethod } = await import('arctic'); // on use (decision 077)
      const endpoint = new URL(DEV_AUTHORIZE_PATH, options.baseUrl ?? env().PUBLIC_BASE_URL).toString();
      const client = new OAuth2Client(`podo-dev-${provider}`, null, redirectUri);
      const url =
        usesPkce && codeVerifier
          ? client.createAuthorizationURLWithPKCE(endpoint, state, CodeChallengeMethod.S256, codeVerifier, [])
          : client.createAuthorizationURL(endpoint, state, []);
      url.searchParams.set('provider', provider);
      return url;
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      assertAllowed();
      const now = new Date();
      const db = await getDb();
      const accessToken = randomSecret();
      // single use: only an unused, unexpired code for this provider and callback is redeemed
      const rs = await db.execute({
        sql: `UPDATE dev_oauth_grants SET code_used_at = ?, access_token_hash = ?, token_expires_at = ?
              WHERE code_hash = ? AND provider = ? AND redirect_uri = ? AND code_used_at IS NULL AND code_expires_at > ?
              RETURNING code_challenge`,
        args: [
          now.toISOString(),
          sha256Hex(accessToken),
          isoAfter(now, TOKEN_SECONDS),
          sha256Hex(code),
          provider,
          redirectUri,
          now.toISOString(),
        ],
      });
      const row = rs.rows[0];
      if (!row) throw new OAuthProviderError('dev: invalid_grant', { refused: true });
      const challenge = row.code_challenge == null ? null : String(row.code_challenge);
      if (challenge !== null) {
        const expected = codeVerifier ? createHash('sha256').update(codeVerifier).digest('base64url') : '';
        if (expected !== challenge) {
          await db.execute({
            sql: 'UPDATE dev_oauth_grants SET access_token_hash = NULL WHERE code_hash = ?',
            args: [sha256Hex(code)],
          });
          throw new OAuthProviderError('dev: PKCE verification failed', { refused: true });
        }
      }
      return accessToken;
    },
    async fetchProfile(accessToken) {
      assertAllowed();
      const db = await getDb();
      const rs = await db.execute({
        sql: `SELECT profile_json FROM dev_oauth_grants
              WHERE access_token_hash = ? AND provider = ? AND token_expires_at > ?`,
        args: [sha256Hex(accessToken), provider, new Date().toISOString()],
      });
      const row = rs.rows[0];
      if (!row) throw new OAuthProviderError('dev: invalid_token', { refused: true });
      return JSON.parse(String(row.profile_json)) as SocialProfile;
    },
  };
}

/** What the consent page posts once the tester agrees: the profile it should log in as. */
export async function createDevGrant(
  db: Db,
  grant: {
    provider: SocialProvider;
    profile: SocialProfile;
    redirectUri: string;
    codeChallenge: string | null;
  },
): Promise<string> {
  assertAllowed();
  const code = randomSecret(24);
  const now = new Date();
  await db.batch(
    [
      {
        sql: 'DELETE FROM dev_oauth_grants WHERE code_expires_at < ? AND (token_expires_at IS NULL OR token_expires_at < ?)',
        args: [now.toISOString(), now.toISOString()],
      },
      {
        sql: `INSERT INTO dev_oauth_grants (code_hash, provider, profile_json, redirect_uri, code_challenge, code_expires_at)
              VALUES (?, ?, ?, ?, ?, ?)`,
        args: [
          sha256Hex(code),
          grant.provider,
          JSON.stringify(grant.profile),
          grant.redirectUri,
          grant.codeChallenge,
          isoAfter(now, CODE_SECONDS),
        ],
      },
    ],
    'write',
  );
  return code;
}

/** A stable provider user id for a tester who left the id field empty: same e-mail, same person. */
export function devProviderUserId(provider: SocialProvider, seed: string): string {
  return `dev-${provider}-${sha256Hex(`${provider}:${seed.toLowerCase()}`).slice(0, 16)}`;
}
