import { FetchState, astro } from 'astro/fetch';
import { startBackgroundJobs } from './server/platform/jobs.ts';
import { renderWhole } from './server/platform/render-whole.ts';
import { formatLiveProblems } from './server/platform/mode.ts';
import { startupProblems } from './server/platform/startup.ts';
import { createServerApp } from './server-app.ts';

/**
 * The server's entry (Astro 7's fetch entry): `createServerApp` with Astro's pages, rendered whole
 * rather than streamed (decision 058), and the page cache (decision 043). A live shop
 * that is not ready (mode.ts) stops here, before it serves anyone, with every missing piece named.
 */
const problems = await startupProblems();
if (problems.length > 0) {
  console.error(`[podo] ${formatLiveProblems(problems)}`);
  process.exit(1);
}
startBackgroundJobs();

export default createServerApp((c) => astro(renderWhole(new FetchState(c.req.raw))), { pageCache: {} });
