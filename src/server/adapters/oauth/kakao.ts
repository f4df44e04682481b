import { getProfileJson, requestAccessToken } from './http.ts';
import {
  endpoints,
  nonEmpty,
  normaliseBirthday,
  normaliseKoreanMobile,
  OAuthProviderError,
  type OAuthEndpoints,
  type OAuthProviderAdapter,
} from './port.ts';

export interface KakaoConfig extends Partial<OAuthEndpoints> {
  /** The app's REST API key. */
  clientId: string;
  /** Only when "Client Secret" is switched on for the app. */
  clientSecret?: string | undefined;
  /** Consent items to ask for; name and phone need a business app. */
  scopes?: string[];
}

const KAKAO_ENDPOINTS: OAuthEndpoints = {
  authorizationEndpoint: 'https://kauth.kakao.com/oauth/authorize',
  tokenEndpoint: 'https://kauth.kakao.com/oauth/token',
  profileEndpoint: 'https://kapi.kakao.com/v2/user/me',
};

const DEFAULT_SCOPES = ['profile_nickname', 'account_email'];

/** Kakao Login (카카오 로그인): OAuth 2 with `state` and PKCE (S256). */
export function createKakaoProvider(config: KakaoConfig): OAuthProviderAdapter {
  const ep = endpoints(KAKAO_ENDPOINTS, config);
  const scopes = config.scopes ?? DEFAULT_SCOPES;
  return {
    provider: 'kakao',
    kind: 'oauth',
    usesPkce: true,
    async authorizationUrl({ state, codeVerifier, redirectUri }) {
      if (!codeVerifier) throw new OAuthProviderError('kakao needs a PKCE code verifier');
      const { CodeChallengeMethod, OAuth2Client } = await import('arctic'); // on use (decision 077)
      return new OAuth2Client(config.clientId, null, redirectUri).createAuthorizationURLWithPKCE(
        ep.authorizationEndpoint,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        scopes,
      );
    },
    exchangeCode({ code, codeVerifier, redirectUri }) {
      return requestAccessToken(ep.tokenEndpoint, {
        grant_type: 'authorization_code',
        client_id: config.clientId,
        client_secret: config.clientSecret ?? null,
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
    },
    async fetchProfile(accessToken) {
      const data = await getProfileJson(ep.profileEndpoint, accessToken);
      if (typeof data.id !== 'number' && typeof data.id !== 'string') {
        throw new OAuthProviderError('kakao profile without id');
      }
      const account = (data.kakao_account ?? {}) as Record<string, unknown>;
      const profile = (account.profile ?? {}) as Record<string, unknown>;
      // an e-mail Kakao has not verified is somebody's claim, not an address we may match on
      const email =
        account.is_email_verified === false ? null : (nonEmpty(account.email)?.toLowerCase() ?? null);
      return {
        providerUserId: String(data.id),
        email,
        name: nonEmpty(account.name) ?? nonEmpty(profile.nickname),
        mobileNo: normaliseKoreanMobile(account.phone_number),
        birthday: normaliseBirthday(account.birthyear, account.birthday),
        sex: account.gender === 'male' ? 'M' : account.gender === 'female' ? 'F' : null,
      };
    },
  };
}
