import { astro } from 'astro/hono';
import { startBackgroundJobs } from './lib/server/jobs.ts';
import { formatLiveProblems } from './lib/server/mode.ts';
import { startupProblems } from './lib/server/startup.ts';
import { createServerApp } from './server-app.ts';

/**
 * The server's entry (Astro 7's fetch entry): `createServerApp` with Astro's pages. A live shop
 * that is not ready (mode.ts) stops here, before it serves anyone, with every missing piece named.
 */
const problems = await startupProblems();
if (problems.length > 0) {
  console.error(`[podo] ${formatLiveProblems(problems)}`);
  process.exit(1);
}
startBackgroundJobs();

export default createServerApp(astro());
