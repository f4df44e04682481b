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

export interface NaverConfig extends Partial<OAuthEndpoints> {
  clientId: string;
  clientSecret: string;
}

const NAVER_ENDPOINTS: OAuthEndpoints = {
  authorizationEndpoint: 'https://nid.naver.com/oauth2.0/authorize',
  tokenEndpoint: 'https://nid.naver.com/oauth2.0/token',
  profileEndpoint: 'https://openapi.naver.com/v1/nid/me',
};

/**
 * Naver Login (네이버 로그인): OAuth 2 with `state`, no PKCE. arctic's Naver client leaves `state`
 * out of the authorization URL, so the URL is built with arctic's generic client, which sets it.
 */
export function createNaverProvider(config: NaverConfig): OAuthProviderAdapter {
  const ep = endpoints(NAVER_ENDPOINTS, config);
  return {
    provider: 'naver',
    kind: 'oauth',
    usesPkce: false,
    async authorizationUrl({ state, redirectUri }) {
      const { OAuth2Client } = await import('arctic'); // on use, not at start (decision 077)
      return new OAuth2Client(config.clientId, null, redirectUri).createAuthorizationURL(
        ep.authorizationEndpoint,
        state,
        [],
      );
    },
    exchangeCode({ code, state, redirectUri }) {
      return requestAccessToken(ep.tokenEndpoint, {
        grant_type: 'authorization_code',
        client_id: config.clientId,
        client_secret: config.clientSecret,
        code,
        state,
        redirect_uri: redirectUri,
      });
    },
    async fetchProfile(accessToken) {
      const data = await getProfileJson(ep.profileEndpoint, accessToken);
      const r = data.response as Record<string, unknown> | undefined;
      if (data.resultcode !== '00' || !r || (typeof r.id !== 'string' && typeof r.id !== 'number')) {
        throw new OAuthProviderError(`naver profile: ${String(data.resultcode)} ${String(data.message)}`, {
          refused: true,
        });
      }
      return {
        providerUserId: String(r.id),
        email: nonEmpty(r.email)?.toLowerCase() ?? null,
        name: nonEmpty(r.name),
        mobileNo: normaliseKoreanMobile(r.mobile_e164) ?? normaliseKoreanMobile(r.mobile),
        birthday: normaliseBirthday(r.birthyear, r.birthday),
        sex: r.gender === 'M' || r.gender === 'F' ? r.gender : null,
      };
    },
  };
}
