import type { Client } from '@libsql/client';
import type { SocialProvider } from '../adapters/oauth/index.ts';
import { isoAfter, sha256Hex } from '../verification/index.ts';
import type { SocialPurpose } from './callbacks.ts';
import { socialError } from './errors.ts';

/** How long a login attempt may take at the provider. */
const OAUTH_STATE_SECONDS = 600;

export interface StartedState {
  state: string;
  codeVerifier: string | null;
}

/**
 * Stores a fresh `state` (hashed) with what the callback must match: provider, purpose, callback
 * URL, the member for a link, and the browser binding (hash of the httpOnly cookie's value).
 */
export async function createOAuthState(
  db: Client,
  s: {
    provider: SocialProvider;
    purpose: SocialPurpose;
    redirectUri: string;
    memberNo: number | null;
    bindingHash: string;
    pkce: boolean;
  },
): Promise<StartedState> {
  const { generateCodeVerifier, generateState } = await import('arctic'); // on use (decision 077)
  const state = generateState();
  const codeVerifier = s.pkce ? generateCodeVerifier() : null;
  const now = new Date();
  await db.batch(
    [
      { sql: 'DELETE FROM oauth_states WHERE expires_at < ?', args: [now.toISOString()] },
      {
        sql: `INSERT INTO oauth_states (state_hash, provider, purpose, redirect_uri, code_verifier, member_no, binding_hash, expires_at, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          sha256Hex(state),
          s.provider,
          s.purpose,
          s.redirectUri,
          codeVerifier,
          s.memberNo,
          s.bindingHash,
          isoAfter(now, OAUTH_STATE_SECONDS),
          now.toISOString(),
        ],
      },
    ],
    'write',
  );
  return { state, codeVerifier };
}

export interface ConsumedState {
  redirectUri: string;
  codeVerifier: string | null;
  memberNo: number | null;
}

/**
 * Takes a state out of the store (single use: a second callback with it fails, and so does one
 * with a wrong cookie, provider or purpose, which also burns it) → invalid-state.
 */
export async function consumeOAuthState(
  db: Client,
  c: { state: string; provider: SocialProvider; purpose: SocialPurpose; bindingHash: string | null },
): Promise<ConsumedState> {
  const rs = await db.execute({
    sql: `DELETE FROM oauth_states WHERE state_hash = ?
          RETURNING provider, purpose, redirect_uri, code_verifier, member_no, binding_hash, expires_at`,
    args: [sha256Hex(c.state)],
  });
  const r = rs.rows[0];
  if (
    !r ||
    String(r.expires_at) <= new Date().toISOString() ||
    r.provider !== c.provider ||
    r.purpose !== c.purpose ||
    !c.bindingHash ||
    r.binding_hash !== c.bindingHash
  ) {
    throw socialError('invalid-state');
  }
  return {
    redirectUri: String(r.redirect_uri),
    codeVerifier: r.code_verifier == null ? null : String(r.code_verifier),
    memberNo: r.member_no == null ? null : Number(r.member_no),
  };
}
