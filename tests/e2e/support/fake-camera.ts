import { writeFile } from 'node:fs/promises';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';

/**
 * A video file Chromium's fake camera plays (`--use-fake-device-for-media-stream
 * --use-file-for-fake-video-capture=<file>.y4m`): a barcode drawn with bwip-js, centred on a white
 * 640×480 picture, as Y4M (a one-line text header, then each frame as `FRAME\n` and its YUV 4:2:0
 * planes; the picture is grey, so the two colour planes are all 128).
 */

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;

export async function writeBarcodeVideo(
  file: string,
  text: string,
  bcid: 'ean13' | 'code128' = 'ean13',
): Promise<string> {
  const png = await bwipjs.toBuffer({
    bcid,
    text,
    scale: 4,
    height: 22,
    includetext: true,
    paddingwidth: 12,
    paddingheight: 8,
    backgroundcolor: 'FFFFFF',
  });
  const { data, info } = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: png, gravity: 'centre' }])
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || data.length !== WIDTH * HEIGHT)
    throw new Error(`unexpected picture: ${info.width}×${info.height}×${info.channels}`);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), data, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return file;
}
