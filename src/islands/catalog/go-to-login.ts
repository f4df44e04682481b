import { loginUrlFor } from '../../lib/redirect.ts';

/** Sends a visitor (or a member whose session ended) to log in and come back to this page. */
export function goToLogin(): void {
  window.location.assign(
    loginUrlFor(`${window.location.pathname}${window.location.search}${window.location.hash}`),
  );
}
