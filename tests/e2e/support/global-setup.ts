import type { FullConfig } from '@playwright/test';

/**
 * The server migrates and seeds its fresh database on the first request that needs it. Make that
 * request here, once, so no test spends its own timeout waiting for the demo data.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts: use.baseURL가 없습니다.');
  for (const path of ['/shop-api/products/search?pageSize=1', '/']) {
    const res = await fetch(new URL(path, baseURL), { signal: AbortSignal.timeout(180_000) });
    await res.arrayBuffer();
    if (res.status >= 500)
      throw new Error(`준비 요청 ${path}가 ${res.status}로 끝났습니다. 서버 로그를 확인해 주세요.`);
  }
}
