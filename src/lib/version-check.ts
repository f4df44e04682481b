import { buildId } from './build-id.ts';

/**
 * The specification's hourly build check (decision 034), in the browser: every hour, and when the
 * tab comes back after an hour or more hidden, ask `GET /api/version`; a build other than the one
 * this page's script came from shows a polite banner offering to reload. Nothing is reloaded for
 * the shopper: carts live on the server (or in localStorage for guests) and the editor writes its
 * draft on `pagehide`, so a reload loses neither.
 */

export const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Whether the server's answer names another build than this page's. */
export function isNewVersion(current: string, answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const version = (answer as { version?: unknown }).version;
  return typeof version === 'string' && version !== '' && version !== 'dev' && version !== current;
}

function showBanner(region: HTMLElement): void {
  if (region.childElementCount > 0) return;
  const text = document.createElement('p');
  text.textContent = '새 버전이 있습니다.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button';
  reload.textContent = '새로고침';
  reload.addEventListener('click', () => window.location.reload());
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'button button--secondary';
  later.textContent = '나중에';
  later.addEventListener('click', () => region.replaceChildren());
  region.replaceChildren(text, reload, later);
}

/** Starts the checks for the page; `region` is the (empty) polite live region of the banner. */
export function startVersionCheck(region: HTMLElement, current = buildId()): void {
  if (current === 'dev') return;
  let last = Date.now();
  const check = async () => {
    last = Date.now();
    try {
      const res = await fetch('/api/version', { cache: 'no-store', headers: { Accept: 'application/json' } });
      if (res.ok && isNewVersion(current, await res.json())) showBanner(region);
    } catch {
      // offline or the server restarting: the next check asks again
    }
  };
  window.setInterval(() => void check(), CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - last >= CHECK_EVERY_MS) void check();
  });
}
