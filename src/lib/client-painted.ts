import type { ClientDirective } from 'astro';
import { afterLoadAndPaint } from './after-first-paint.ts';

/**
 * `client:painted`: hydrate once the page has loaded and painted (decision 048). `client:idle`
 * can come before the first paint on a fast load, and then the island's scripts (React's client
 * among them) are fetched while the page is still to be shown.
 */
const painted: ClientDirective = (load) => {
  void afterLoadAndPaint().then(async () => {
    const hydrate = await load();
    await hydrate();
  });
};

export default painted;
