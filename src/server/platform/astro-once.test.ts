import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  ROUTE_MEMORY,
  ROUTE_MEMORY_MAX_PATH,
  memoiseHeadElements,
  memoisePerRoute,
  memoiseResolve,
  memoiseRouteMatch,
  rewriteForAstroOnce,
} from './astro-once.ts';

describe('memoiseRouteMatch', () => {
  const routes = [
    { route: '/categories/[no]', pattern: /^\/categories\/(\d+)$/ },
    { route: '/terms/agreement', pattern: /^\/terms\/agreement$/ },
  ];
  const scanning = () =>
    vi.fn((_manifest: object, pathname: string) => routes.find((r) => r.pattern.test(pathname)));

  it('scans a path once, a miss included, and gives the same route every time', () => {
    const scan = scanning();
    const manifest = {};
    const table = {};
    const match = memoiseRouteMatch(scan, () => table);
    expect(match(manifest, '/categories/529105')).toBe(routes[0]);
    expect(match(manifest, '/categories/529105')).toBe(routes[0]);
    expect(match(manifest, '/nope')).toBeUndefined();
    expect(match(manifest, '/nope')).toBeUndefined();
    expect(match(manifest, '/terms/agreement')).toBe(routes[1]);
    expect(scan).toHaveBeenCalledTimes(3);
  });

  it('starts over for a new route table, past its bound, and never keeps a long path', () => {
    const scan = scanning();
    const manifest = {};
    let table = {};
    const match = memoiseRouteMatch(scan, () => table);
    match(manifest, '/categories/1');
    table = {}; // Astro's updateRouteTable
    match(manifest, '/categories/1');
    expect(scan).toHaveBeenCalledTimes(2);
    for (let i = 0; i < ROUTE_MEMORY + 5; i++) match(manifest, `/categories/${i + 10}`);
    expect(scan).toHaveBeenCalledTimes(ROUTE_MEMORY + 7);
    match(manifest, `/categories/${ROUTE_MEMORY + 14}`); // the last one is kept
    expect(scan).toHaveBeenCalledTimes(ROUTE_MEMORY + 7);
    const long = `/categories/${'1'.repeat(ROUTE_MEMORY_MAX_PATH)}`;
    expect(match(manifest, long)).toBe(routes[0]);
    expect(match(manifest, long)).toBe(routes[0]);
    expect(scan).toHaveBeenCalledTimes(ROUTE_MEMORY + 9);
  });
});

describe('memoisePerRoute, memoiseHeadElements and memoiseResolve', () => {
  it('loads a route’s module once per manifest and route, and retries a failed load', async () => {
    const routeA = {};
    const routeB = {};
    let fail = true;
    const load = vi.fn(async (_m: object, route: object) => {
      if (route === routeB && fail) throw new Error('not yet');
      return { route };
    });
    const component = memoisePerRoute(load);
    const manifest = {};
    const a = await component(manifest, routeA);
    expect(await component(manifest, routeA)).toBe(a);
    await expect(component(manifest, routeB)).rejects.toThrow('not yet');
    fail = false;
    expect(await component(manifest, routeB)).toEqual({ route: routeB });
    expect(await component({}, routeA)).not.toBe(a); // another manifest
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('gives every render Sets of its own, built once', async () => {
    const sheet = { props: { rel: 'stylesheet', href: '/_astro/a.css' }, children: '' };
    const build = vi.fn(async () => ({ links: new Set(), styles: new Set([sheet]), scripts: new Set() }));
    const head = memoiseHeadElements(build);
    const manifest = {};
    const route = {};
    const first = await head(manifest, route);
    first.styles.clear(); // what Astro's head rendering does
    const second = await head(manifest, route);
    expect([...second.styles]).toEqual([sheet]);
    expect(second.styles).not.toBe(first.styles);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('resolves an asset once and still throws for an unknown one', async () => {
    const known: Record<string, string> = { 'astro:scripts/page.js': '_astro/page.B1.js' };
    const resolve = vi.fn(async (_m: object, specifier: string) => {
      const file = known[specifier];
      if (!file) throw new Error(`Unable to resolve [${specifier}]`);
      return `/${file}`;
    });
    const memo = memoiseResolve(resolve);
    const manifest = {};
    expect(await memo(manifest, 'astro:scripts/page.js')).toBe('/_astro/page.B1.js');
    expect(await memo(manifest, 'astro:scripts/page.js')).toBe('/_astro/page.B1.js');
    await expect(memo(manifest, 'x')).rejects.toThrow('Unable to resolve [x]');
    await expect(memo(manifest, 'x')).rejects.toThrow('Unable to resolve [x]');
    expect(resolve).toHaveBeenCalledTimes(3);
  });
});

describe('rewriteForAstroOnce on the installed Astro', () => {
  const astroDist = join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist');
  const runtime = '/app/src/server/platform/astro-once.ts';

  it('wraps matchRoute in the memory', () => {
    const id = join(astroDist, 'core', 'routing', 'route-table.js');
    const code = rewriteForAstroOnce(id, readFileSync(id, 'utf8'), runtime) ?? '';
    expect(code).toContain('const matchRoute = __podoRoutes(matchRouteScanned, getRouteTable);');
    expect(code).toContain('function matchRouteScanned(manifest, pathname) {');
    expect(code).not.toContain('function matchRoute(');
    expect(code).toContain(`from "${runtime}"`);
  });

  it("wraps the production environment's page module, head elements and asset addresses", () => {
    const id = join(astroDist, 'core', 'environment', 'production.js');
    const code = rewriteForAstroOnce(`${id}?v=1`, readFileSync(id, 'utf8'), runtime) ?? '';
    expect(code).toContain('const getComponentByRoute = __podoPerRoute(getComponentByRouteLoaded);');
    expect(code).toContain('headElements: __podoHead(');
    expect(code).toContain('resolve: __podoResolve(');
    expect(code.match(/async headElements\(/g)).toBeNull();
  });

  it('leaves other files alone and fails loudly when Astro moved the text', () => {
    expect(rewriteForAstroOnce(join(astroDist, 'core', 'routing', 'match.js'), 'x', runtime)).toBeUndefined();
    expect(() =>
      rewriteForAstroOnce(join(astroDist, 'core', 'routing', 'route-table.js'), 'export {}', runtime),
    ).toThrow(/decision 073/);
  });
});
