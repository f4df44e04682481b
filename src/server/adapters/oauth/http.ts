import { OAuthProviderError } from './port.ts';

const TIMEOUT_MS = 10_000;

/**
 * The authorization-code token request. Ours rather than arctic's provider classes because the
 * endpoints must be configurable (tests use a local stand-in), Naver wants `state` and the client
 * secret in the body and answers errors with status 200, and Kakao takes a PKCE verifier, which
 * arctic's Kakao class does not send. arctic still parses the token response.
 */
export async function requestAccessToken(
  endpoint: string,
  params: Record<string, string | null>,
): Promise<string> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) body.set(k, v);
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8',
        Accept: 'application/json',
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new OAuthProviderError('token endpoint unreachable', { cause: err });
  }
  const data = await readJson(res);
  if (!res.ok || typeof data.error === 'string') {
    throw new OAuthProviderError(`token request refused: ${res.status} ${String(data.error ?? '')}`, {
      refused: res.status < 500,
    });
  }
  const { OAuth2Tokens } = await import('arctic'); // on use, not at start (decision 077)
  try {
    return new OAuth2Tokens(data).accessToken();
  } catch (err) {
    throw new OAuthProviderError('token response without access_token', { cause: err });
  }
}

/** GET a profile endpoint with the bearer token. */
export async function getProfileJson(
  endpoint: string,
  accessToken: string,
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(endpoint, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new OAuthProviderError('profile endpoint unreachable', { cause: err });
  }
  const data = await readJson(res);
  if (!res.ok)
    throw new OAuthProviderError(`profile request refused: ${res.status}`, { refused: res.status < 500 });
  return data;
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  try {
    const data: unknown = await res.json();
    if (data && typeof data === 'object') return data as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new OAuthProviderError(`unexpected response: ${res.status}`);
}
