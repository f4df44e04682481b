import { randomBytes } from 'node:crypto';
import { appError } from '../platform/errors.ts';
import { NotAnImageError, processImage } from './image.ts';
import { storage } from './index.ts';

/**
 * Catalogue images a manager uploads (product photos, banners): checked and re-encoded like every
 * upload (image.ts: magic bytes, no metadata, no decompression bombs), then written at each width
 * of a ladder as `<folder>/<id>/img-<width>w.webp` — the naming the storefront's srcset helpers
 * read (src/lib/images.ts). Each image has a folder of its own, so deleting it deletes its files.
 */

export interface LadderImage {
  /** The largest width's address (what the storefront stores as the image URL). */
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

export interface LadderOptions {
  /** Storage folder the image's own folder goes in, e.g. `catalog/managed/products/100001`. */
  folder: string;
  widths: readonly number[];
  /**
   * Width ÷ height of the stored picture. Product photos are square and keep all of the picture
   * (`contain` on white, as Korean shops show them); banners fill their frame (`cover`). null
   * keeps the picture's own proportions (pictures in a product's detail content).
   */
  aspect: number | null;
  fit: 'contain' | 'cover' | 'inside';
}

const QUALITY = 80;

export async function storeImageLadder(bytes: Uint8Array, o: LadderOptions): Promise<LadderImage> {
  let clean: Buffer;
  try {
    clean = (await processImage(bytes, 'png')).image;
  } catch (err) {
    if (err instanceof NotAnImageError) throw appError('CATALOG_IMAGE_INVALID');
    throw err;
  }
  const id = randomBytes(8).toString('hex');
  const port = storage();
  const variants: LadderImage['variants'] = [];
  const { default: sharp } = await import('sharp'); // loaded on first use, not at start (decision 077)
  const meta = await sharp(clean).metadata();
  const aspect = o.aspect ?? (meta.width ?? 1) / (meta.height ?? 1);
  let largest = { width: 0, height: 0 };
  for (const width of o.widths) {
    const height = Math.round(width / aspect);
    const body = await sharp(clean)
      .resize({ width, height, fit: o.fit, background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .webp({ quality: QUALITY })
      .toBuffer();
    const key = `${o.folder}/${id}/img-${width}w.webp`;
    await port.put(key, body, 'image/webp');
    variants.push({ width, url: port.publicUrl(key) });
    if (width >= largest.width) largest = { width, height };
  }
  const top = variants.find((v) => v.width === largest.width)!;
  return { url: top.url, width: largest.width, height: largest.height, variants };
}

/**
 * Deletes the files of an image given its addresses (the variants, or just the URL when it has
 * none). Addresses that are not this storage's are left alone. Returns how many files went.
 */
export async function deleteImageFiles(urls: readonly string[]): Promise<number> {
  const port = storage();
  let removed = 0;
  for (const url of new Set(urls)) {
    const key = port.keyOfUrl(url);
    if (key && (await port.deleteObject(key))) removed += 1;
  }
  return removed;
}
