/**
 * The id of this build (decision 034): set once per `astro build` by astro.config.mjs (Vite's
 * `define` replaces `import.meta.env.PODO_BUILD_ID` with a literal in the server and the browser
 * bundles alike), so a page's script and `GET /api/version` agree until the next deploy.
 * "dev" when nothing was built (vite dev, tests).
 */
export function buildId(): string {
  const id: unknown = import.meta.env.PODO_BUILD_ID;
  return typeof id === 'string' && id !== '' ? id : 'dev';
}
