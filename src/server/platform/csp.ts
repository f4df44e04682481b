import { paymentConfig } from '../adapters/payment/index.ts';
import { storage } from '../storage/index.ts';

/**
 * The parts of a page's Content-Security-Policy known only at run time (astro.config.mjs holds the
 * rest): where stored images are served from when that is not this server (S3, a CDN), and PortOne's
 * browser SDK and payment windows when the shop takes real payments.
 */
export interface RuntimeCsp {
  directives: string[];
  scriptResources: string[];
}

let cached: RuntimeCsp | undefined;

function runtimeCsp(): RuntimeCsp {
  if (cached) return cached;
  const directives: string[] = [];
  const scriptResources: string[] = [];
  const files = storage().publicUrl('csp-probe.png');
  if (/^https?:\/\//.test(files)) directives.push(`img-src ${new URL(files).origin}`);
  if (paymentConfig().provider === 'portone') {
    scriptResources.push("'self'", 'https://cdn.portone.io');
    directives.push('connect-src https://*.portone.io', 'frame-src https:', 'form-action https:');
  }
  cached = { directives, scriptResources };
  return cached;
}

/** Applies `runtimeCsp()` to the page being rendered (`Astro.csp`; absent in `astro dev`). */
export function applyRuntimeCsp(
  csp:
    | {
        insertDirective(d: string): void;
        insertScriptResource(r: string): void;
      }
    | undefined,
): void {
  if (!csp) return;
  const { directives, scriptResources } = runtimeCsp();
  for (const d of directives) csp.insertDirective(d);
  for (const r of scriptResources) csp.insertScriptResource(r);
}

/**
 * Lets the page instantiate WebAssembly (`'wasm-unsafe-eval'`; no other eval): the counter's
 * camera reads barcodes with ZXing compiled to wasm, served from this shop
 * (src/islands/pos/barcode-reader.ts). Keeps `'self'`, which naming a resource would otherwise drop.
 */
export function allowWasm(csp: { insertScriptResource(r: string): void } | undefined): void {
  if (!csp) return;
  csp.insertScriptResource("'self'");
  csp.insertScriptResource("'wasm-unsafe-eval'");
}
