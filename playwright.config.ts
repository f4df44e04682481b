import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Browser tests against the BUILT server (`npm run build` first; `npm run test:e2e` builds when
 * stale) on a fresh temporary database and storage directory, seeded on start, in Debian's
 * Chromium: Playwright's own browser download is not reachable from these machines.
 */
const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;

// This file is evaluated again in every worker: the first evaluation picks the directory and hands it
// on through the environment, which workers inherit. `support/global-teardown.ts` removes it.
process.env.PODO_E2E_DIR ??= join(tmpdir(), `podo-e2e-${Date.now()}`);
const dataDir = process.env.PODO_E2E_DIR;
mkdirSync(dataDir, { recursive: true });

if (!existsSync('dist/server/entry.mjs')) {
  throw new Error('dist/server/entry.mjs가 없습니다. 먼저 `npm run build`를 실행해 주세요.');
}

/**
 * Specs that run after all the others, one at a time: closing the counter's shift would end the shift
 * other specs are selling in, and the page cache's "the second look is a hit" holds only while no
 * other spec writes the catalogue (a write renders the pages it touches again, decisions 043 and 053).
 */
const ALONE = /(?:page-cache|pos-shift-close)\.spec\.ts/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two files at a time, in CI too: one worker left the machine half idle (a browser test mostly waits
  // on the page), and the specs were written to share the one server (unique accounts, figures read as
  // "at least"); the last project keeps what must run alone (decision 078).
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  globalSetup: './tests/e2e/support/global-setup.ts',
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  use: {
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ALONE,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    {
      name: 'chromium-last',
      testMatch: ALONE,
      dependencies: ['chromium'],
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
        },
      },
    },
  ],
  webServer: {
    command: `"${process.execPath}" dist/server/entry.mjs`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      SHOP_MODE: 'demo',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: baseURL,
      DATABASE_URL: `file:${join(dataDir, 'shop.db')}`,
      STORAGE_DIR: join(dataDir, 'uploads'),
      SEED_ON_START: 'true',
      // every spec signs members up from 127.0.0.1
      JOIN_LIMIT_PER_HOUR: '10000',
      // …and every sign-up verifies its phone number with an SMS code first (decision 029)
      SMS_SENDS_PER_IP: '10000',
      // the address forms offer Kakao's postcode search, as a live shop does; the script is served by
      // postcode.spec.ts's stand-in (page.route), and no other spec opens the search (decision 041)
      POSTCODE_PROVIDER: 'kakao',
    },
  },
});
