/**
 * Build step (astro.config.mjs, `astro:build:done`): every text file of dist/client gets a Brotli
 * (quality 11) and a gzip (level 9) copy beside it, `app.js.br` and `app.js.gz`, which
 * src/server/platform/static-files.ts sends to browsers that accept them (decision 035). A copy that
 * saves too little (under 1 KB files, or less than a tenth) is not written.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const PRECOMPRESSED_EXTENSIONS =
  /\.(?:js|mjs|css|html|svg|json|webmanifest|xml|txt|csv|map|ico|ttf|otf|eot|wasm)$/i;
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && PRECOMPRESSED_EXTENSIONS.test(entry.name)) yield path;
  }
}

async function compressOne(path) {
  const info = await stat(path);
  if (info.size < MIN_BYTES) return 0;
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: 9 }),
  ]);
  let written = 0;
  for (const [suffix, data] of [
    ['.br', br],
    ['.gz', gzipped],
  ]) {
    if (data.length > source.length * 0.9) continue;
    await writeFile(path + suffix, data);
    written++;
  }
  return written;
}

/** Writes the `.br` and `.gz` copies under `dir`; returns how many files it wrote. */
export async function precompressDir(dir, concurrency = 2) {
  const queue = [];
  for await (const path of files(dir)) queue.push(path);
  let written = 0;
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      const count = await compressOne(path); // read after the await: the other worker adds too
      written += count;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return written;
}
