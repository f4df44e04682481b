import type { Canvas } from '@napi-rs/canvas';
import type { OutputInfo } from 'sharp';
import { drawDesignSide } from '../../lib/design/draw.ts';
import { PREVIEW_SIZE_PX, PRINT_DPI, mmToPx, pxPerMm as pxPerMmAt } from '../../lib/design/geometry.ts';
import type { DesignDocument, SideName } from '../../lib/design/schema.ts';
import { sideToRender } from '../../lib/design/sides.ts';
import { printAreaMm, template } from '../../lib/design/templates.ts';
import { appError } from '../platform/errors.ts';
import { storage } from '../storage/index.ts';
import { registerDesignFonts } from './fonts.ts';
import { PngStripEncoder } from './png.ts';

/**
 * Server rendering of designs with @napi-rs/canvas and the shared drawing code (src/lib/design/draw.ts):
 * 600 px previews on every save and the 300 DPI print file. Large products are drawn in horizontal
 * strips into one reused canvas, each strip deflated into the PNG at once, so memory is bounded by
 * one strip (~16 MB) plus the decoded images, whatever the product's size.
 */

/** Bytes of one strip's RGBA pixels. */
const STRIP_BYTES = 16 * 1024 * 1024;

/** Reads the bytes of an image node's `src` (the shop's storage by default). */
export type ImageBytesLoader = (src: string) => Promise<Uint8Array | null>;

const storageImageLoader: ImageBytesLoader = async (src) => {
  const port = storage();
  const key = port.keyOfUrl(src);
  return key ? port.get(key) : null;
};

export interface RenderedPng {
  png: Buffer;
  width: number;
  height: number;
  dpi: number;
}

export interface RenderOptions {
  loadImage?: ImageBytesLoader;
  /** Called after each strip (tests watch memory here). */
  onStrip?: (index: number, rows: number) => void;
  stripBytes?: number;
}

const imageMissing = () => appError('DESIGN_IMAGE_MISSING');

/**
 * Decodes the side's images, each at most at the pixel size it is drawn at (a 2560 px photo shown
 * 3 cm wide in a preview is decoded at ~70 px), never above its own size.
 */
async function decodeImages(
  doc: DesignDocument,
  side: SideName,
  pxPerMm: number,
  load: ImageBytesLoader,
): Promise<Map<string, Canvas>> {
  const wanted = new Map<string, { w: number; h: number }>();
  for (const node of sideToRender(doc, side).nodes) {
    if (node.type !== 'image' || node.hidden) continue;
    const prev = wanted.get(node.src) ?? { w: 1, h: 1 };
    wanted.set(node.src, {
      w: Math.max(prev.w, Math.ceil(node.width * pxPerMm)),
      h: Math.max(prev.h, Math.ceil(node.height * pxPerMm)),
    });
  }
  const decoded = new Map<string, Canvas>();
  // sharp and the canvas are loaded on first use, not at start (decision 077)
  const [{ default: sharp }, { createCanvas }] = await Promise.all([
    import('sharp'),
    import('@napi-rs/canvas'),
  ]);
  for (const [src, size] of wanted) {
    const bytes = await load(src);
    if (!bytes) throw imageMissing();
    let raw: { data: Buffer; info: OutputInfo };
    try {
      raw = await sharp(bytes, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: size.w, height: size.h, fit: 'fill', withoutEnlargement: true })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw imageMissing();
    }
    const canvas = createCanvas(raw.info.width, raw.info.height);
    const ctx = canvas.getContext('2d');
    const data = ctx.createImageData(raw.info.width, raw.info.height);
    data.data.set(raw.data);
    ctx.putImageData(data, 0, 0);
    decoded.set(src, canvas);
  }
  return decoded;
}

/** Renders one side at `pxPerMm` into a PNG of `width × height`, strip by strip. */
async function renderStrips(
  doc: DesignDocument,
  side: SideName,
  size: { width: number; height: number; pxPerMm: number; dpi: number | null },
  options: RenderOptions,
): Promise<Buffer> {
  await registerDesignFonts();
  const { createCanvas } = await import('@napi-rs/canvas');
  const images = await decodeImages(doc, side, size.pxPerMm, options.loadImage ?? storageImageLoader);
  const stripRows = Math.max(
    16,
    Math.min(size.height, Math.floor((options.stripBytes ?? STRIP_BYTES) / (size.width * 4))),
  );
  const canvas = createCanvas(size.width, stripRows);
  const ctx = canvas.getContext('2d');
  const encoder = new PngStripEncoder(size.width, size.height, size.dpi);
  let index = 0;
  for (let top = 0; top < size.height; top += stripRows) {
    const rows = Math.min(stripRows, size.height - top);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, size.width, stripRows);
    ctx.translate(0, -top);
    drawDesignSide(ctx, doc, side, { pxPerMm: size.pxPerMm, image: (src) => images.get(src) });
    const pixels = ctx.getImageData(0, 0, size.width, rows).data;
    await encoder.writeRows(pixels, rows);
    options.onStrip?.(index++, rows);
  }
  return encoder.finish();
}

/** The print file of one side: the print area (trim + bleed) at 300 DPI, with its resolution recorded. */
export async function renderPrintPng(
  doc: DesignDocument,
  side: SideName,
  options: RenderOptions & { dpi?: number } = {},
): Promise<RenderedPng> {
  const dpi = options.dpi ?? PRINT_DPI;
  const area = printAreaMm(template(doc.templateId));
  const width = Math.round(mmToPx(area.widthMm, dpi));
  const height = Math.round(mmToPx(area.heightMm, dpi));
  const png = await renderStrips(doc, side, { width, height, pxPerMm: pxPerMmAt(dpi), dpi }, options);
  return { png, width, height, dpi };
}

/** A preview whose longer side is `sizePx` (600 px). */
export async function renderPreviewPng(
  doc: DesignDocument,
  side: SideName,
  options: RenderOptions & { sizePx?: number } = {},
): Promise<RenderedPng> {
  const area = printAreaMm(template(doc.templateId));
  const sizePx = options.sizePx ?? PREVIEW_SIZE_PX;
  const pxPerMm = sizePx / Math.max(area.widthMm, area.heightMm);
  const width = Math.round(area.widthMm * pxPerMm);
  const height = Math.round(area.heightMm * pxPerMm);
  const png = await renderStrips(doc, side, { width, height, pxPerMm, dpi: null }, options);
  return { png, width, height, dpi: Math.round(pxPerMm * 25.4) };
}

export interface PrintFile extends RenderedPng {
  side: SideName;
  /** The design document the file was drawn from, as JSON (goes to the print shop beside the PNG). */
  json: string;
}

/**
 * `renderPrintFile(design, side)`: the 300 DPI PNG of a side's print area plus the design JSON.
 * One print render runs at a time per process (each holds a strip and decoded images).
 */
export async function renderPrintFile(
  doc: DesignDocument,
  side: SideName,
  options: RenderOptions = {},
): Promise<PrintFile> {
  return exclusive(async () => {
    const rendered = await renderPrintPng(doc, side, options);
    return { ...rendered, side, json: JSON.stringify(doc) };
  });
}

let queue: Promise<unknown> = Promise.resolve();
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}
