/**
 * Answers whose bytes are known whole, written in one piece (decision 074).
 *
 * Astro renders a page whole (decision 058), encodes it and wraps the bytes in a `Response`; the
 * Node adapter then read them back through the body's web stream (a reader, a pull per chunk, a
 * `write` and an `end`, a `close` listener per answer) to write them to the socket. Here the bytes
 * are remembered by their body stream when the `Response` is made (Astro's `renderPage`, a page
 * from the page cache, a page compressed whole), so the writer (`writeAnswer` in listener.ts) can
 * send them with one `res.end(bytes)` and their length instead.
 *
 * The key is the body's `ReadableStream`: a `Response` made again around it (`new Response(res.body,
 * res)`, what Hono's `c.res` setter and our header middlewares do) keeps the same stream, hence the
 * same bytes; anything that reads or tees the body (it is then locked or disturbed) or makes
 * another body gets none, and is written from its stream as before. Nothing is ever changed in
 * place: the bytes given are the body's, and no one writes into them afterwards.
 */
import { modulePath, replaceEachOnce, type Replacement } from './rewrite-files.ts';
const wholeBodies = new WeakMap<ReadableStream<Uint8Array>, Uint8Array<ArrayBuffer>>();

/** Remembers `bytes` as `response`'s whole body (when it is bytes: not a stream or a string). */
export function markWhole<R extends Response>(response: R, bytes: unknown): R {
  const body = response.body;
  if (body && bytes instanceof Uint8Array && bytes.buffer instanceof ArrayBuffer) {
    wholeBodies.set(body, bytes as Uint8Array<ArrayBuffer>);
  }
  return response;
}

/** A `Response` of these bytes, remembered as whole. */
export function wholeResponse(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  return markWhole(new Response(bytes, init), bytes);
}

/** The whole body of `response` if it was made of known bytes and nothing has read it since. */
export function wholeBodyOf(response: Response): Uint8Array<ArrayBuffer> | undefined {
  const body = response.body;
  if (!body || body.locked || response.bodyUsed) return undefined;
  return wholeBodies.get(body);
}

/** The modules the rewritten files import: this one, listener.ts and page-text.ts. */
export interface WholeAnswerRuntime {
  body: string;
  writer: string;
  text: string;
}

/**
 * The rewrites of Astro's and the Node adapter's files (the `wholeAnswer` Vite plugin of
 * astro.config.mjs): Astro renders a page's chunks into a `PageText` and gives its bytes
 * (decisions 086, 088), `renderPage` marks the bytes of a page rendered whole; the adapter's page
 * handler writes its answers with `writeAnswer` instead of Astro's `writeResponse`. Each `find` must
 * occur exactly once in its file.
 */
export const WHOLE_ANSWER_REWRITES: {
  file: RegExp;
  decision: string;
  replacements: (runtime: WholeAnswerRuntime) => Replacement[];
}[] = [
  {
    file: /\/astro\/dist\/runtime\/server\/render\/astro\/render\.js$/,
    decision: '086',
    replacements: ({ text }) => [
      { find: '  let str = "";\n', replace: '  const str = __podoPageText();\n' },
      { find: '          str += doctype;\n', replace: '          str.add(doctype);\n' },
      {
        find: '      str += chunkToString(result, chunk);\n',
        replace: '      str.add(chunkToString(result, chunk));\n',
      },
      {
        find: '  await renderStreaming(templateResult, result, destination);\n  return str;\n',
        replace:
          '  await renderStreaming(templateResult, result, destination);\n' +
          '  return isPage ? str.bytes() : str.text();\n',
      },
      {
        find: 'async function renderStreamToString(',
        replace: `import { pageText as __podoPageText } from ${JSON.stringify(text)};\nasync function renderStreamToString(`,
      },
    ],
  },
  {
    file: /\/astro\/dist\/runtime\/server\/render\/page\.js$/,
    // 086: the page's bytes taken as its string was; 074: those bytes marked whole
    decision: '074 and 086',
    replacements: ({ body }) => [
      // a page rendered whole comes as its bytes (the rewrite above), given their length as a string's
      {
        find: '  if (!streaming && typeof body === "string") {\n    body = encoder.encode(body);\n',
        replace:
          '  if (!streaming && (typeof body === "string" || body instanceof Uint8Array)) {\n' +
          '    if (typeof body === "string") body = encoder.encode(body);\n',
      },
      {
        find:
          '  if (status) {\n' +
          '    return new Response(body, { ...init, headers, status, statusText });\n' +
          '  } else {\n' +
          '    return new Response(body, { ...init, headers });\n' +
          '  }\n',
        replace:
          '  return __podoMarkWhole(\n' +
          '    status ? new Response(body, { ...init, headers, status, statusText }) : new Response(body, { ...init, headers }),\n' +
          '    body\n' +
          '  );\n',
      },
      {
        find: 'async function renderPage(',
        replace: `import { markWhole as __podoMarkWhole } from ${JSON.stringify(body)};\nasync function renderPage(`,
      },
    ],
  },
  {
    file: /\/@astrojs\/node\/dist\/serve-app\.js$/,
    decision: '074',
    replacements: ({ writer }) => [
      {
        find: '  writeResponse,\n  getAbortControllerCleanup\n} from "astro/app/node";\n',
        replace:
          '  getAbortControllerCleanup\n} from "astro/app/node";\n' +
          `import { writeAnswer as writeResponse } from ${JSON.stringify(writer)};\n`,
      },
    ],
  },
];

/**
 * Applies the rewrites meant for `id` to `code` (undefined when none is); throws when the file no
 * longer has a text it expects, so an upgrade of Astro or the adapter that moves it fails the build.
 */
export function rewriteForWholeAnswer(
  id: string,
  code: string,
  runtime: WholeAnswerRuntime,
): string | undefined {
  const path = modulePath(id);
  const rewrite = WHOLE_ANSWER_REWRITES.find((r) => r.file.test(path));
  return rewrite && replaceEachOnce(path, code, rewrite.replacements(runtime), rewrite.decision);
}
