import { createHash } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { svgDocument } from './artwork.ts';

/** One catalogue image to exist on disk at every width of its ladder. */
export interface ImageJob {
  /** Path under the storage directory without the width suffix: `catalog/products/100001-1-3f9a0c2b1d`. */
  base: string;
  /** SVG body in a `viewWidth` x `viewHeight` box. */
  art: string;
  viewWidth: number;
  viewHeight: number;
  widths: readonly number[];
}

export interface Variant {
  width: number;
  url: string;
}

const QUALITY = 75;
/** libwebp effort 2 encodes about twice as fast as the default 4 for flat artwork like this. */
const EFFORT = 2;

/**
 * File names carry a hash of the drawing and the encoder settings, so a changed drawing gets a new
 * URL (the files are served with long cache lifetimes) and an existing file can be trusted as is.
 */
export function imageBase(folder: string, name: string, art: string): string {
  const hash = createHash('sha1').update(`${QUALITY}:${EFFORT}:${art}`).digest('hex').slice(0, 10);
  return `${folder}/${name}-${hash}`;
}

export const variantUrl = (base: string, width: number) => `/uploads/${base}-${width}w.webp`;

export function variants(job: Pick<ImageJob, 'base' | 'widths'>): Variant[] {
  return job.widths.map((width) => ({ width, url: variantUrl(job.base, width) }));
}

function variantPath(storageDir: string, base: string, width: number): string {
  return join(resolve(storageDir), `${base}-${width}w.webp`);
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Files being written by this process, so an on-demand request and the background pass share one encode. */
const inFlight = new Map<string, Promise<void>>();

function render(job: ImageJob, width: number, path: string): Promise<void> {
  let p = inFlight.get(path);
  if (!p) {
    p = encode(job, width, path).finally(() => inFlight.delete(path));
    inFlight.set(path, p);
  }
  return p;
}

async function encode(job: ImageJob, width: number, path: string): Promise<void> {
  const svg = svgDocument(job.art, job.viewWidth, job.viewHeight, width);
  const { default: sharp } = await import('sharp'); // loaded on first use, not at start (decision 077)
  const body = await sharp(Buffer.from(svg)).webp({ quality: QUALITY, effort: EFFORT }).toBuffer();
  await mkdir(dirname(path), { recursive: true });
  // write then rename, so a second process starting at the same time never serves half a file
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, body);
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/**
 * Writes every missing variant of the given images under `storageDir`, a few at a time (the
 * encoder is CPU-bound). Returns how many files were written.
 */
export async function generateImages(jobs: ImageJob[], storageDir: string, concurrency = 2): Promise<number> {
  const work: { job: ImageJob; width: number; path: string }[] = [];
  for (const job of jobs) {
    for (const width of job.widths) {
      const path = variantPath(storageDir, job.base, width);
      if (!(await exists(path))) work.push({ job, width, path });
    }
  }
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const item = work[next++];
      if (item) await render(item.job, item.width, item.path);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return work.length;
}

/**
 * Writes one missing variant now: `rel` is its path under the storage directory
 * (`catalog/products/100001-1-3f9a0c2b1d-480w.webp`). Returns false when `rel` is not one of `jobs`.
 * Used by /uploads/ when a demo shop's page asks for an image the background pass has not written yet.
 */
export async function renderVariant(jobs: ImageJob[], rel: string, storageDir: string): Promise<boolean> {
  const m = /^(.+)-(\d+)w\.webp$/.exec(rel);
  if (!m) return false;
  const width = Number(m[2]);
  const job = jobs.find((j) => j.base === m[1] && j.widths.includes(width));
  if (!job) return false;
  const path = variantPath(storageDir, job.base, width);
  if (!(await exists(path))) await render(job, width, path);
  return true;
}
