import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestFromNodeRequest, getAbortControllerCleanup, writeResponse } from 'astro/app/node';
import { NOT_A_CLIENT_FILE } from './client-files.ts';
import { wholeBodyOf } from './whole-body.ts';

type Next = () => void;

/** The paths only the Hono API answers (src/server-app.ts): no built file lies under them. */
const API_PATH = /^\/(?:api|shop-api)(?:[/?]|$)/;

export function isApiPath(url: string | undefined): boolean {
  return url !== undefined && API_PATH.test(url);
}

/** An API's JSON answer (compressed or not) is made whole before it is sent: one write with its length. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The answer's headers for `writeHead`, each Set-Cookie kept apart (as the adapter's writer does). */
function outgoingHeaders(headers: Headers): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.fromEntries(headers.entries());
  const cookies = headers.getSetCookie();
  if (cookies.length > 1) out['set-cookie'] = cookies;
  return out;
}

/**
 * An answer of the adapter's page handler (its `writeResponse`, rewritten to this: decision 074).
 * A body whose bytes are known whole (whole-body.ts: a page rendered whole, a page from the page
 * cache or compressed whole) is written with one `res.end(bytes)` and its `Content-Length`, the
 * headers set once, as `writeResponse` sets them (the status text, each Set-Cookie apart); a body
 * that declares another length, or any other body (a stream, a file), is written by Astro's
 * `writeResponse` as before.
 */
export async function writeAnswer(response: Response, res: ServerResponse): Promise<void> {
  const bytes = wholeBodyOf(response);
  const length = bytes === undefined ? undefined : String(bytes.byteLength);
  const declared = response.headers.get('Content-Length');
  if (bytes === undefined || (declared !== null && declared !== length)) {
    await writeResponse(response, res);
    return;
  }
  // the request's abort wiring (a listener on the kept-alive socket): the answer is complete
  getAbortControllerCleanup(res.req)?.();
  const headers = outgoingHeaders(response.headers);
  headers['content-length'] = length!;
  res.statusMessage = response.statusText;
  res.writeHead(response.status, headers);
  res.end(bytes);
}

export interface ListenerParts {
  /** Whether an address may be a file of dist/client (its listing made at start, client-files.ts). */
  mayBeFile: (url: string) => boolean;
  /** The precompressed built files (static-files.ts), `next` for anything else. */
  files: (req: IncomingMessage, res: ServerResponse, next: Next) => void;
  /**
   * The Node adapter's standalone handler: its own file server (a `stat` per request), then Astro;
   * for a request marked `NOT_A_CLIENT_FILE`, Astro at once (the rewrite of client-files.ts).
   */
  adapter: (req: IncomingMessage, res: ServerResponse) => unknown;
  /** The server app of src/fetch.ts (src/server-app.ts), which Astro hands every request to. */
  api: { fetch(request: Request): Response | Promise<Response> };
  /** The port the server listens on, for a request without a Host header (as the adapter does). */
  port: () => number;
  bodySizeLimit: number;
}

/**
 * The built server's request listener (decisions 060 and 067), the one place that decides whether
 * a request may be a built file: only an address in dist/client's listing (made once at start) is
 * looked for on disk — the precompressed files, then the adapter's file server and Astro. API
 * requests go straight to the server app
 * with the Request the adapter would have made (`createRequestFromNodeRequest`: the client's
 * address, the body streamed under the adapter's limit) and its answer written the adapter's way
 * (`writeResponse`), skipping the adapter's file server — which `stat`ed dist/client for every API
 * call, for a file that is never there — and Astro's route matching (the server app is what Astro
 * calls for every request anyway). A JSON answer — all but a few API answers, small, never
 * streamed — is written in one piece with its Content-Length (one socket write instead of a
 * chunked head, body and end); other answers (CSV, files, pages' errors) stream as the adapter
 * writes them. Any other address (a page) goes to the adapter marked as no file, which hands it
 * to Astro without its `lstat`, `send`'s `stat` and the miss's error (decision 058 did this
 * inside the adapter's file server with a listing of its own).
 */
export function createListener(parts: ListenerParts) {
  const answerApi = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let response: Response;
    try {
      const request = createRequestFromNodeRequest(req, {
        bodySizeLimit: parts.bodySizeLimit,
        port: parts.port(),
      });
      response = await parts.api.fetch(request);
    } catch (err) {
      getAbortControllerCleanup(req)?.();
      console.error('[podo] could not answer', req.method, req.url, err);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end('Internal Server Error');
      } else res.destroy();
      return;
    }
    if (!response.body || !JSON_TYPE.test(response.headers.get('Content-Type') ?? '')) {
      await writeResponse(response, res);
      return;
    }
    // bytes known whole (the API's `c.json`, decision 082) as they are; any other body read whole
    const whole = wholeBodyOf(response);
    const declared = response.headers.get('Content-Length');
    let body: Buffer;
    try {
      body =
        whole && (declared === null || declared === String(whole.byteLength))
          ? Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength)
          : Buffer.from(await response.arrayBuffer());
    } catch (err) {
      console.error('[podo] could not answer', req.method, req.url, err);
      res.destroy();
      return;
    } finally {
      // the request's abort wiring (a listener on the kept-alive socket) is not needed any more
      getAbortControllerCleanup(req)?.();
    }
    const headers = outgoingHeaders(response.headers);
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, response.statusText || undefined, headers);
    res.end(body);
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    if (isApiPath(req.url)) {
      // the adapter's first check, kept: an address that cannot be decoded is a 400
      try {
        decodeURI(req.url!);
      } catch {
        res.writeHead(400);
        res.end('Bad request.');
        return;
      }
      void answerApi(req, res);
      return;
    }
    if (req.url === undefined || parts.mayBeFile(req.url)) {
      parts.files(req, res, () => void parts.adapter(req, res));
      return;
    }
    Reflect.set(req, NOT_A_CLIENT_FILE, true);
    void parts.adapter(req, res);
  };
}
