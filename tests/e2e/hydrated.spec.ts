import { expect, open, test } from './support/fixtures.ts';
import { hydrated } from './support/members.ts';

/**
 * The shared `hydrated()` helper (tests/e2e/support/members.ts) that most specs call before they
 * type or pick: it must return only once React has hydrated the page's islands, not when Astro has
 * asked it to (the island's `ssr` mark goes then), or a value typed in between is reset.
 */

test('hydrated() returns once React has hydrated the islands and rendered what hydration changed', async ({
  page,
}) => {
  // a slow phone: React's hydration, done in a transition, takes many tasks
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await open(page, '/login');
  // what is tested is when it returns, not how fast a 20× slower CPU hydrates on a busy CI machine
  // (once over the default 5 s there)
  await hydrated(page, { timeout: 20_000 });
  // read once, at once: the login button is enabled only by the render that follows hydration
  // (useHydrated), so it is the last thing React does to the island
  const login = page.getByRole('button', { name: '로그인', exact: true });
  expect(await login.isEnabled()).toBe(true);
  // what is typed now is React's: it stays after the next renders
  await page.getByLabel('아이디 (필수)', { exact: true }).fill('grape');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  await expect(page.getByLabel('아이디 (필수)', { exact: true })).toHaveValue('grape');
});
