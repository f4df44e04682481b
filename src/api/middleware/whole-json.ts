/**
 * The API's JSON answers made of bytes known whole (decision 082).
 *
 * Hono's `c.json` makes a `Response` of the JSON text; the built server's listener then read its
 * bytes back through the body's web stream (`arrayBuffer`: a reader, a pull that encodes the text,
 * a close), and the compression middleware compressed it as a stream of unknown length. Here
 * `c.json` encodes the text once and remembers the bytes as the answer's whole body (whole-body.ts,
 * decision 074), so the listener writes them as they are and the compression middleware
 * compresses them in one call. The answer is otherwise `c.json`'s own: the same status, headers
 * (`c.header`, `c.status`, the `Content-Type` unless given) and body for anyone who reads it.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { markWhole } from '../../server/platform/whole-body.ts';

const encoder = new TextEncoder();

/** `c.json` and `c.body` as they are called: a status or an init, then headers. */
type Respond = (data: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => Response;

/** `c.json` of this request, answering bytes known whole. */
function wholeJsonOf(c: Context): Context['json'] {
  const json = c.json as unknown as Respond;
  const body = c.body as unknown as Respond;
  const respond: Respond = (object, arg, headers) => {
    const text = JSON.stringify(object);
    // `undefined` (and a function or a symbol) has no JSON text: Hono's own answer, an empty body
    if (typeof text !== 'string') return json(object, arg, headers);
    const bytes = encoder.encode(text);
    // Hono's own default (`setDefaultContentType`): a Content-Type given by the caller wins
    return markWhole(body(bytes, arg, { 'Content-Type': 'application/json', ...headers }), bytes);
  };
  return respond as unknown as Context['json'];
}

/** Every JSON answer of the app made whole: the app's first middleware. */
export const wholeJson = () =>
  createMiddleware(async (c, next) => {
    c.json = wholeJsonOf(c);
    await next();
  });
