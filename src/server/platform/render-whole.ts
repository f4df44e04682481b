/**
 * Pages rendered whole, then sent in one piece with their length, instead of streamed (decision
 * 058). Astro streams a page through an async iterator, a web stream and one socket write per
 * chunk: ~0.6 ms of a category page's CPU, for no earlier first byte (our pages read their data in
 * their frontmatter, before anything is written). Astro 7.3 has no public switch for a custom
 * fetch entry (the Node adapter's `experimentalDisableStreaming` reaches only its own pipeline);
 * its `FetchState` reads `streaming` when it renders, so that field is set here. Should a later
 * Astro drop the field, pages stream again (a warning says so) and the e2e test
 * tests/e2e/page-render.spec.ts fails.
 */
let warned = false;

export function renderWhole<S extends object>(state: S): S {
  if (typeof (state as { streaming?: unknown }).streaming === 'boolean') {
    (state as { streaming: boolean }).streaming = false;
  } else if (!warned) {
    warned = true;
    console.warn('[podo] Astro no longer exposes FetchState.streaming: pages are streamed (decision 058)');
  }
  return state;
}
