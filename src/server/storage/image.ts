import type { Metadata, Sharp } from 'sharp';

/**
 * Uploaded images: recognised by their first bytes (never by name or declared type), decoded and
 * encoded again by sharp, which drops every metadata block (EXIF with its GPS position, ICC
 * comments, XMP) and anything hidden after the image data. A 100 px wide thumbnail is made beside
 * it (spec section 5).
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
/** What a file is stored as: one of these, chosen from the declared type when the upload is signed. */
export type OutputFormat = 'jpeg' | 'png' | 'webp';

const THUMBNAIL_WIDTH = 100;
/** Larger pictures are scaled down to fit this box (nobody needs more on a shop page). */
const MAX_DIMENSION = 2560;
/** Refuse decompression bombs before decoding: 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The image format announced by the file's magic bytes, or null. SVG (script!) is never one. */
function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a)
    return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) return 'avif';
  return null;
}

/** Declared MIME types accepted at signing, and the format each is stored as. */
export const ACCEPTED_TYPES: Record<string, { format: OutputFormat; ext: string }> = {
  'image/jpeg': { format: 'jpeg', ext: 'jpg' },
  'image/jpg': { format: 'jpeg', ext: 'jpg' },
  'image/pjpeg': { format: 'jpeg', ext: 'jpg' },
  'image/png': { format: 'png', ext: 'png' },
  'image/webp': { format: 'webp', ext: 'webp' },
  // animated or not, a GIF is stored as its first frame in PNG; AVIF as WebP (wider support)
  'image/gif': { format: 'png', ext: 'png' },
  'image/avif': { format: 'webp', ext: 'webp' },
};

export const FORMAT_OF_EXT: Record<string, OutputFormat> = { jpg: 'jpeg', png: 'png', webp: 'webp' };
export const CONTENT_TYPE: Record<OutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export interface ProcessedImage {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

export class NotAnImageError extends Error {}

function encode(pipeline: Sharp, format: OutputFormat): Sharp {
  if (format === 'jpeg') return pipeline.jpeg({ quality: 85, mozjpeg: true });
  if (format === 'png') return pipeline.png({ compressionLevel: 9 });
  return pipeline.webp({ quality: 85 });
}

/** Checks and re-encodes an upload; throws NotAnImageError when the bytes are not a picture. */
export async function processImage(bytes: Uint8Array, format: OutputFormat): Promise<ProcessedImage> {
  if (!sniffImage(bytes)) throw new NotAnImageError('not an image');
  const { default: sharp } = await import('sharp'); // loaded on first use, not at start (decision 077)
  const input = () => sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch {
    throw new NotAnImageError('undecodable');
  }
  if (!meta.format || !['jpeg', 'png', 'webp', 'gif', 'heif'].includes(meta.format))
    throw new NotAnImageError(String(meta.format));
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped
    const upright = input()
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true });
    const { data: image, info } = await encode(upright, format).toBuffer({ resolveWithObject: true });
    const thumbnail = await encode(sharp(image).resize({ width: THUMBNAIL_WIDTH }), format).toBuffer();
    return { image, thumbnail, width: info.width, height: info.height };
  } catch {
    throw new NotAnImageError('undecodable');
  }
}
