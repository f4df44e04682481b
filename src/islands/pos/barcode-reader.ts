import { BarcodeDetector as Ponyfill, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The camera's barcode reader: the browser's own BarcodeDetector where it reads retail codes,
 * else the `barcode-detector` polyfill (ZXing in WebAssembly). The .wasm file is served from this
 * shop (Vite copies it into the build; the CSP allows `'wasm-unsafe-eval'` on the counter pages),
 * never from a CDN. Loaded only when the camera is first opened.
 */

export const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128'] as const;

export interface Reader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

let prepared = false;

export async function createReader(): Promise<Reader> {
  const Native = (globalThis as { BarcodeDetector?: typeof Ponyfill }).BarcodeDetector;
  if (Native && Native !== Ponyfill) {
    try {
      const supported = await Native.getSupportedFormats();
      if (FORMATS.every((f) => supported.includes(f))) return new Native({ formats: [...FORMATS] });
    } catch {
      // fall through to the polyfill
    }
  }
  if (!prepared) {
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
      },
      fireImmediately: true,
    });
    prepared = true;
  }
  return new Ponyfill({ formats: [...FORMATS] });
}
