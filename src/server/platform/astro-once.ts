/**
 * Astro's per-request lookups that give the same answer for the whole life of a build, done once
 * (decision 073). Astro 7.3's production pipeline, for every page it renders:
 *
 * - matches the path against every route's pattern in turn (`core/routing/route-table.js`
 *   `matchRoute`, a linear `find` of regular expressions; twice for a path no route matches: the
 *   adapter's `app.match` and `FetchState`);
 * - imports the page's module again through the manifest's `() => import(…)` (`getComponentByRoute`
 *   in `core/environment/production.js`), a settled import but a full trip through Node's loader;
 * - finds the route's entry in the manifest with another linear `find` and builds its stylesheet
 *   and script elements, parsing a URL for each (`headElements`);
 * - parses a URL for every island's and script's asset address (`resolve`).
 *
 * Each answer is a pure function of its input and of the build's manifest, which does not change
 * while the server runs (the route table can be replaced, `updateRouteTable`: the memory is kept per
 * table object, so a new table starts empty). The rewrites below (the `astroOnce` Vite plugin of
 * astro.config.mjs) wrap Astro's functions; each names the exact text it replaces and fails the
 * build when it is not found once, as decision 058's do.
 */
import { modulePath, replaceEachOnce, type Replacement } from './rewrite-files.ts';

/** At most this many paths remembered per route table; then the memory starts over. */
export const ROUTE_MEMORY = 1_000;
/** Longer paths are matched every time (nothing of ours is that long; it bounds the memory). */
export const ROUTE_MEMORY_MAX_PATH = 256;

type MatchRoute<R> = (manifest: object, pathname: string) => R | undefined;

/** `matchRoute` remembered per route table and path (a miss is remembered as a miss). */
export function memoiseRouteMatch<R>(
  scan: MatchRoute<R>,
  tableOf: (manifest: object) => object,
): MatchRoute<R> {
  const known = new WeakMap<object, Map<string, R | null>>();
  return (manifest, pathname) => {
    if (pathname.length > ROUTE_MEMORY_MAX_PATH) return scan(manifest, pathname);
    const table = tableOf(manifest);
    let byPath = known.get(table);
    if (!byPath) known.set(table, (byPath = new Map()));
    const found = byPath.get(pathname);
    if (found !== undefined) return found ?? undefined;
    const route = scan(manifest, pathname);
    if (byPath.size >= ROUTE_MEMORY) byPath.clear();
    byPath.set(pathname, route ?? null);
    return route;
  };
}

type PerRoute<T> = (manifest: object, routeData: object) => Promise<T>;

/** A route's page module, loaded once per manifest and route (a failed load is not remembered). */
export function memoisePerRoute<T>(load: PerRoute<T>): PerRoute<T> {
  const known = new WeakMap<object, WeakMap<object, T>>();
  return async (manifest, routeData) => {
    let byRoute = known.get(manifest);
    if (byRoute?.has(routeData)) return byRoute.get(routeData) as T;
    const value = await load(manifest, routeData);
    if (!byRoute) known.set(manifest, (byRoute = new WeakMap()));
    byRoute.set(routeData, value);
    return value;
  };
}

interface HeadElements {
  links: Set<unknown>;
  styles: Set<unknown>;
  scripts: Set<unknown>;
}

/**
 * A route's head elements, built once per manifest and route. Each call gets Sets of its own: the
 * render empties `result.styles` once it has written them (`runtime/server/render/head.js`).
 */
export function memoiseHeadElements(build: PerRoute<HeadElements>): PerRoute<HeadElements> {
  const once = memoisePerRoute(build);
  return async (manifest, routeData) => {
    const { links, styles, scripts } = await once(manifest, routeData);
    return { links: new Set(links), styles: new Set(styles), scripts: new Set(scripts) };
  };
}

type Resolve = (manifest: object, specifier: string) => Promise<string>;

/** An asset's address per manifest and specifier (an unknown specifier still throws every time). */
export function memoiseResolve(resolve: Resolve): Resolve {
  const known = new WeakMap<object, Map<string, string>>();
  return async (manifest, specifier) => {
    let bySpecifier = known.get(manifest);
    const found = bySpecifier?.get(specifier);
    if (found !== undefined) return found;
    const address = await resolve(manifest, specifier);
    if (!bySpecifier) known.set(manifest, (bySpecifier = new Map()));
    if (bySpecifier.size >= ROUTE_MEMORY) bySpecifier.clear();
    bySpecifier.set(specifier, address);
    return address;
  };
}

/** The rewrites of Astro's files: each `find` must occur exactly once in its file. */
export const ASTRO_ONCE_REWRITES: { file: RegExp; replacements: (runtime: string) => Replacement[] }[] = [
  {
    file: /\/astro\/dist\/core\/routing\/route-table\.js$/,
    replacements: (runtime) => [
      {
        find: 'function matchRoute(manifest, pathname) {',
        replace:
          `import { memoiseRouteMatch as __podoRoutes } from ${JSON.stringify(runtime)};\n` +
          'const matchRoute = __podoRoutes(matchRouteScanned, getRouteTable);\n' +
          'function matchRouteScanned(manifest, pathname) {',
      },
    ],
  },
  {
    file: /\/astro\/dist\/core\/environment\/production\.js$/,
    replacements: (runtime) => [
      {
        find: 'async function getComponentByRoute(manifest, routeData) {',
        replace:
          `import { memoisePerRoute as __podoPerRoute, memoiseHeadElements as __podoHead, memoiseResolve as __podoResolve } from ${JSON.stringify(runtime)};\n` +
          'const getComponentByRoute = __podoPerRoute(getComponentByRouteLoaded);\n' +
          'async function getComponentByRouteLoaded(manifest, routeData) {',
      },
      {
        find: '  async resolve(manifest, specifier) {',
        replace:
          '  resolve: __podoResolve((manifest, specifier) => productionEnvironment.resolveEach(manifest, specifier)),\n' +
          '  async resolveEach(manifest, specifier) {',
      },
      {
        find: '  async headElements(manifest, routeData) {',
        replace:
          '  headElements: __podoHead((manifest, routeData) => productionEnvironment.headElementsBuilt(manifest, routeData)),\n' +
          '  async headElementsBuilt(manifest, routeData) {',
      },
    ],
  },
];

/**
 * Applies the rewrites meant for `id` to `code` (undefined when none is); throws when the file no
 * longer has a text it expects, so an Astro upgrade that moves it fails the build.
 */
export function rewriteForAstroOnce(id: string, code: string, runtime: string): string | undefined {
  const path = modulePath(id);
  const rewrite = ASTRO_ONCE_REWRITES.find((r) => r.file.test(path));
  return rewrite && replaceEachOnce(path, code, rewrite.replacements(runtime), '073');
}
