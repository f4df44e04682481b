import { modulePath, replaceEachOnce } from './rewrite-files.ts';

/**
 * React's islands rendered on the server with `renderToString` instead of a stream (decision 081).
 *
 * `@astrojs/react` renders each island through `renderToReadableStream` and reads the stream back
 * into one string: a render state, a web stream, a reader and a text decoder per island, and the
 * renderer's `check` renders each component once more the same way. Our islands hold no Suspense
 * boundary that resolves on the server, and Astro sends the page whole anyway (decision 058), so the
 * stream buys nothing; on the product page (eight islands) it cost 0.6–1.9 ms of CPU per request.
 * The integration's own `experimentalDisableStreaming` switches to `renderToString`, but without the
 * island's `identifierPrefix`, which the client hydrates with (`prefix` on `<astro-island>`): every
 * island's `useId` would then start at the same id, one page's islands would share ids, and their
 * labels would point at another island's element. This rewrite hands it the same options the
 * stream gets.
 */
const REACT_SERVER = /\/@astrojs\/react\/dist\/server\.js$/;

export function rewriteReactServer(id: string, code: string): string | undefined {
  const path = modulePath(id);
  if (!REACT_SERVER.test(path)) return undefined;
  return replaceEachOnce(
    path,
    code,
    [
      {
        find: 'html = ReactDOM.renderToString(vnode);',
        replace: 'html = ReactDOM.renderToString(vnode, renderOptions);',
      },
    ],
    '081',
  );
}
