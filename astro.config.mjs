// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { precompressDir } from './scripts/precompress.mjs';
import { WEB_FONT_HEAD_SCRIPT_HASH } from './src/components/layout/web-font-head.ts';
import { rewriteForCspOnce } from './src/server/platform/csp-once.ts';
import { rewriteForAstroOnce } from './src/server/platform/astro-once.ts';
import { rewriteAdapterStatic } from './src/server/platform/client-files.ts';
import { rewriteForWholeAnswer } from './src/server/platform/whole-body.ts';
import { rewriteReactServer } from './src/server/platform/react-string.ts';

/**
 * The Node adapter with src/server/platform/node-server.ts as the built server's entry (it puts the
 * precompressed built files in front of the adapter's own), and a build step that writes those
 * Brotli and gzip copies (scripts/precompress.mjs). Decision 035.
 */
function nodeWithPrecompressedFiles() {
  const adapter = node({ mode: 'standalone' });
  const configDone = adapter.hooks['astro:config:done'];
  const entry = fileURLToPath(new URL('./src/server/platform/node-server.ts', import.meta.url));
  /** @type {import('astro').AstroIntegration} */
  const integration = {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      'astro:config:done': (params) =>
        configDone?.({
          ...params,
          setAdapter: (a) => params.setAdapter({ ...a, serverEntrypoint: entry }),
        }),
      'astro:build:done': async (params) => {
        await adapter.hooks['astro:build:done']?.(params);
        const written = await precompressDir(fileURLToPath(params.dir));
        params.logger.info(`${written} precompressed files (.br, .gz) written`);
      },
    },
  };
  return integration;
}

/**
 * Pretendard's stylesheet with `font-display: optional` instead of its `swap` (decision 048): a page
 * uses the font only when its files arrive at once (the browser's cache); otherwise the system font
 * stays for that page, so text already painted never moves. The font files are the package's own,
 * unchanged; only the loading rule of its CSS differs.
 */
function pretendardOptional() {
  const stylesheet = /pretendard\/dist\/web\/variable\/pretendardvariable-dynamic-subset\.css$/;
  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'podo:pretendard-optional',
    enforce: 'pre',
    transform(code, id) {
      if (!stylesheet.test(id.split('?')[0] ?? '')) return undefined;
      const optional = code.replaceAll('font-display: swap;', 'font-display: optional;');
      if (!optional.includes('font-display: optional;') || optional.includes('font-display: swap')) {
        throw new Error(`${id}: its font-display rules changed; decision 048 expects swap in each`);
      }
      return { code: optional, map: null };
    },
  };
  return plugin;
}

/**
 * The wait for the first paint (`src/lib/after-first-paint.ts`, decision 061) serves the UI font's
 * page script, which Astro inlines only while its chunk imports nothing, and the editor's island.
 * Shared by both, the bundler would give it a chunk of its own, and every page two script requests
 * before its first paint (page-weight.spec.ts). Islands get a copy of it under an id of their own.
 * @returns {import('vite').Plugin}
 */
function paintWaitCopyForIslands() {
  return {
    name: 'podo:paint-wait-copy-for-islands',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('/src/islands/') || !source.endsWith('/after-first-paint.ts')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}?island` };
    },
  };
}

/**
 * A Vite plugin that rewrites some of Astro's (or its adapter's) own files as the server is bundled:
 * `rewrite(id, code)` gives the new code of a file it is meant for, `undefined` for any other, and
 * throws when its file no longer has the text it replaces (an upgrade fails the build loudly).
 * @param {string} name
 * @param {(id: string, code: string) => string | undefined} rewrite
 */
function rewritingPlugin(name, rewrite) {
  /** @type {import('vite').Plugin} */
  const plugin = {
    name,
    enforce: 'pre',
    transform(code, id) {
      const rewritten = rewrite(id, code);
      return rewritten === undefined ? undefined : { code: rewritten, map: null };
    },
  };
  return plugin;
}

/** A module of src/server/platform, as the rewritten files import it. @param {string} file */
const platformModule = (file) => fileURLToPath(new URL(`./src/server/platform/${file}`, import.meta.url));

/**
 * Astro's CSP hashes once per build, not per render (decision 058, src/server/platform/csp-once.ts):
 * two of Astro's own files are rewritten as the server is bundled; the headers stay the same.
 */
function cspOnce() {
  const runtime = platformModule('csp-once.ts');
  return rewritingPlugin('podo:csp-once', (id, code) => rewriteForCspOnce(id, code, runtime));
}

/**
 * Astro's route match, page module, head elements and asset addresses found once per build and
 * route, not per request (decision 073, src/server/platform/astro-once.ts).
 */
function astroOnce() {
  const runtime = platformModule('astro-once.ts');
  return rewritingPlugin('podo:astro-once', (id, code) => rewriteForAstroOnce(id, code, runtime));
}

/**
 * The Node adapter's file server hands a request that the built server's listener marked as no file
 * of dist/client (its listing made at start) to Astro without looking on disk (decision 067,
 * src/server/platform/client-files.ts and listener.ts).
 */
function adapterFilesListed() {
  return rewritingPlugin('podo:adapter-files-listed', rewriteAdapterStatic);
}

/** React's islands rendered with renderToString under their id prefix (decision 081, src/server/platform/react-string.ts). */
function reactString() {
  return rewritingPlugin('podo:react-string', rewriteReactServer);
}

/**
 * A page's answer written in one piece with its length when its bytes are known whole: Astro renders
 * a page's chunks into a PageText, encoded without one long string (decision 086,
 * src/server/platform/page-text.ts), `renderPage` marks the bytes of a page rendered whole, the
 * adapter's page handler writes with the listener's `writeAnswer` (decision 074,
 * src/server/platform/whole-body.ts).
 */
function wholeAnswer() {
  const runtime = {
    body: platformModule('whole-body.ts'),
    writer: platformModule('listener.ts'),
    text: platformModule('page-text.ts'),
  };
  return rewritingPlugin('podo:whole-answer', (id, code) => rewriteForWholeAnswer(id, code, runtime));
}

/**
 * React's integration with its renderer's client entry replaced by src/islands/hydrate-keeping-typed.ts
 * (decision 068): Astro's own, wrapped so that every island keeps what the shopper typed, picked or
 * ticked in its server-rendered fields before it hydrated.
 */
function reactKeepingTyped() {
  // islands rendered with renderToString under their id prefix, not streamed (decision 081)
  const integration = react({ experimentalDisableStreaming: true });
  const setup = integration.hooks['astro:config:setup'];
  const entry = fileURLToPath(new URL('./src/islands/hydrate-keeping-typed.ts', import.meta.url));
  /** @type {import('astro').AstroIntegration} */
  const wrapped = {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': (params) =>
        setup?.({
          ...params,
          addRenderer: (renderer) => {
            if (renderer.clientEntrypoint !== '@astrojs/react/client.js') {
              throw new Error(
                `${renderer.name}: client entry ${String(renderer.clientEntrypoint)}; decision 068 wraps @astrojs/react/client.js`,
              );
            }
            params.addRenderer({ ...renderer, clientEntrypoint: entry });
          },
        }),
    },
  };
  return wrapped;
}

/** `client:painted` (src/lib/client-painted.ts): hydrate after `load` and the first paint (decision 048). */
/** @type {import('astro').AstroIntegration} */
const clientPainted = {
  name: 'podo:client-painted',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({
        name: 'painted',
        entrypoint: fileURLToPath(new URL('./src/lib/client-painted.ts', import.meta.url)),
      }),
  },
};

// One id per build (decision 034): pages and GET /api/version compare it to learn of a deploy.
const buildId = process.env.PODO_BUILD_ID || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

export default defineConfig({
  output: 'server',
  adapter: nodeWithPrecompressedFiles(),
  integrations: [reactKeepingTyped(), clientPainted],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  build: { inlineStylesheets: 'auto' },
  prefetch: false,
  markdown: { syntaxHighlight: false }, // no Markdown pages; Shiki's inline styles would fight the CSP
  // Content-Security-Policy of every page (decision 013), sent as a header: Astro hashes the page's
  // own inline scripts into `script-src`, so no other inline script runs. Styles may be inline
  // (islands set style attributes). Origins known only at run time (an S3/CDN image host, PortOne)
  // are added per page by src/server/platform/csp.ts; src/api/middleware/security.ts adds
  // `frame-ancestors`. `allowedDomains` stays unset: Astro would then believe the leftmost
  // X-Forwarded-For hop; the client address behind a balancer is PODO_TRUSTED_PROXIES' (decision 045).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "media-src 'self' blob:",
        "worker-src 'self' blob:",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
      // the UI font's head script (WebFont.astro, decision 048): inline so it runs before the first
      // paint without a request, and not bundled by Astro, so its hash is given here for every page
      scriptDirective: { hashes: [WEB_FONT_HEAD_SCRIPT_HASH] },
    },
  },
  devToolbar: { enabled: false },
  vite: {
    plugins: [
      pretendardOptional(),
      paintWaitCopyForIslands(),
      cspOnce(),
      astroOnce(),
      adapterFilesListed(),
      wholeAnswer(),
      reactString(),
    ],
    define: { 'import.meta.env.PODO_BUILD_ID': JSON.stringify(buildId) },
    build: {
      // fonts stay files: a Korean font is ~100 unicode-range subsets and the browser fetches only
      // those a text needs; inlined into CSS (Vite's 4 KB rule) they would all come at once
      assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf|eot)$/.test(file) ? false : undefined),
    },
  },
});
