import { crc32, createDeflate } from 'node:zlib';
import { MM_PER_INCH } from '../../lib/design/geometry.ts';

/**
 * A PNG encoder fed row by row (RGBA, 8 bits): rows are filtered ("Sub") and deflated as they
 * arrive, so a 5000 × 5000 print file never exists uncompressed in memory, only the strip being
 * drawn and the compressed output. The resolution goes in a pHYs chunk (300 DPI for print).
 */
export class PngStripEncoder {
  private readonly deflate = createDeflate({ level: 6, memLevel: 9 });
  private readonly compressed: Buffer[] = [];
  private rows = 0;
  private readonly finished: Promise<void>;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly dpi: number | null = null,
  ) {
    this.deflate.on('data', (chunk: Buffer) => this.compressed.push(chunk));
    this.finished = new Promise((resolve, reject) => {
      this.deflate.on('end', resolve);
      this.deflate.on('error', reject);
    });
  }

  /** Adds `rowCount` rows of unpremultiplied RGBA pixels (`rowCount × width × 4` bytes). */
  async writeRows(rgba: Uint8Array | Uint8ClampedArray, rowCount: number): Promise<void> {
    const stride = this.width * 4;
    if (rgba.length < rowCount * stride) throw new Error('PNG strip is shorter than its rows');
    if (this.rows + rowCount > this.height) throw new Error('PNG has more rows than its height');
    const out = Buffer.allocUnsafe(rowCount * (stride + 1));
    for (let r = 0; r < rowCount; r++) {
      const src = r * stride;
      const dst = r * (stride + 1);
      out[dst] = 1; // filter: Sub
      for (let i = 0; i < 4; i++) out[dst + 1 + i] = rgba[src + i]!;
      for (let i = 4; i < stride; i++) out[dst + 1 + i] = (rgba[src + i]! - rgba[src + i - 4]!) & 0xff;
    }
    this.rows += rowCount;
    if (!this.deflate.write(out)) await new Promise((resolve) => this.deflate.once('drain', resolve));
  }

  /** Ends the image; the whole PNG file. */
  async finish(): Promise<Buffer> {
    if (this.rows !== this.height) throw new Error(`PNG has ${this.rows} of ${this.height} rows`);
    this.deflate.end();
    await this.finished;
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 6; // RGBA
    const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr)];
    if (this.dpi) {
      const phys = Buffer.alloc(9);
      const perMetre = Math.round((this.dpi / MM_PER_INCH) * 1000);
      phys.writeUInt32BE(perMetre, 0);
      phys.writeUInt32BE(perMetre, 4);
      phys[8] = 1; // unit: metre
      parts.push(chunk('pHYs', phys));
    }
    for (const data of this.compressed) parts.push(chunk('IDAT', data));
    parts.push(chunk('IEND', Buffer.alloc(0)));
    this.compressed.length = 0;
    return Buffer.concat(parts);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
