import { env } from '../../platform/env.ts';
import { createDevProvider, devOAuthAllowed } from './dev.ts';
import { createKakaoProvider } from './kakao.ts';
import { createNaverProvider } from './naver.ts';
import type { OAuthProviderAdapter, SocialProvider } from './port.ts';

export * from './port.ts';

const overrides = new Map<SocialProvider, OAuthProviderAdapter | null>();

/**
 * The adapter for a provider: the real service when its client id (and Naver's secret) is set,
 * otherwise the built-in `dev` consent page outside production, otherwise none (the provider is
 * not offered).
 */
export function oauthProvider(provider: SocialProvider): OAuthProviderAdapter | undefined {
  if (overrides.has(provider)) return overrides.get(provider) ?? undefined;
  const e = env();
  if (provider === 'naver' && e.NAVER_CLIENT_ID && e.NAVER_CLIENT_SECRET) {
    return createNaverProvider({ clientId: e.NAVER_CLIENT_ID, clientSecret: e.NAVER_CLIENT_SECRET });
  }
  if (provider === 'kakao' && e.KAKAO_CLIENT_ID) {
    return createKakaoProvider({ clientId: e.KAKAO_CLIENT_ID, clientSecret: e.KAKAO_CLIENT_SECRET });
  }
  return devOAuthAllowed() ? createDevProvider(provider) : undefined;
}

/** For tests: use this adapter for a provider (`null`: none); `undefined` restores the default. */
export function useOAuthProviderForTests(
  provider: SocialProvider,
  adapter: OAuthProviderAdapter | null | undefined,
): void {
  if (adapter === undefined) overrides.delete(provider);
  else overrides.set(provider, adapter);
}
export { createDevGrant, devOAuthAllowed, devProviderUserId } from './dev.ts';
