import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FIRST_FRAME_IMAGE_PX, firstFrameImage } from './first-frame-image.ts';

async function pixels(src: string) {
  expect(src.startsWith('data:image/png;base64,')).toBe(true);
  const png = Buffer.from(src.slice('data:image/png;base64,'.length), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
  ];
  return { png, info, at };
}

describe("the server's first frame", () => {
  it('is the template drawn in its background colour, square, with the fit view margin around it', async () => {
    const { info, at, png } = await pixels(
      await firstFrameImage({ templateId: 'round-dampener-100', background: 'white' }),
    );
    expect([info.width, info.height]).toEqual([FIRST_FRAME_IMAGE_PX, FIRST_FRAME_IMAGE_PX]);
    const mid = FIRST_FRAME_IMAGE_PX / 2;
    expect(at(mid, mid)).toEqual([255, 255, 255, 255]);
    // outside the print area (86 % of the side, centred): the stage's own background shows through
    expect(at(2, 2)[3]).toBe(0);
    expect(at(mid, Math.round(FIRST_FRAME_IMAGE_PX * 0.05))[3]).toBe(0);
    // enough bytes for the browser to count it as content (Chrome skips images under 0.05 bit per
    // pixel shown: a 400 px square on a phone needs 1 KB)
    expect(png.length).toBeGreaterThan(1024);
  });

  it('takes the colour of the design it starts from, and is made once per frame', async () => {
    const frame = { templateId: 'round-dampener-100', background: 'black' } as const;
    const first = firstFrameImage(frame);
    expect(firstFrameImage(frame)).toBe(first);
    const { at } = await pixels(await first);
    const mid = FIRST_FRAME_IMAGE_PX / 2;
    const [r, g, b] = at(mid, mid);
    expect(Math.max(r!, g!, b!)).toBeLessThan(60);
  });
});
