import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addNode, newDesign, newImageNode, newTextNode } from '../../lib/design/document.ts';
import type { FontId } from '../../lib/design/fonts.ts';
import type { DesignDocument } from '../../lib/design/schema.ts';
import { setFrontBackSame, updateSide } from '../../lib/design/sides.ts';
import type { TemplateId } from '../../lib/design/templates.ts';
import { fontFiles, registerDesignFonts } from './fonts.ts';
import { renderPreviewPng, renderPrintFile, renderPrintPng } from './render.ts';
import { FONTS } from '../../lib/design/fonts.ts';

function textDesign(
  templateId: TemplateId,
  text: string,
  fontFamily: FontId,
  extra: object = {},
): DesignDocument {
  return updateSide(newDesign(templateId), 'front', (s) =>
    addNode(s, newTextNode(templateId, { text, fontFamily, fontSize: 30, ...extra })),
  );
}

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

/** Pixels that differ between two renders of the same size. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([pixels(a), pixels(b)]);
  let n = 0;
  for (let i = 0; i < x.data.length; i += 4)
    if (x.data[i] !== y.data[i] || x.data[i + 3] !== y.data[i + 3]) n++;
  return n;
}

/** Ink (dark pixels) of a render. */
async function ink(png: Buffer): Promise<number> {
  const { data } = await pixels(png);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && data[i]! < 128) n++;
  return n;
}

/** One Hangul syllable from each of `count` different @fontsource subset files of a font. */
function syllablesFromDifferentSubsets(pkg: string, count: number): string[] {
  const css = readFileSync(join(process.cwd(), 'node_modules', pkg, '400.css'), 'utf8');
  const out: string[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!range) continue;
    for (const part of range.split(',')) {
      const m = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(part.trim());
      const cp = m ? parseInt(m[1]!, 16) : 0;
      if (cp >= 0xac00 && cp <= 0xd7a3) {
        out.push(String.fromCodePoint(cp));
        break;
      }
    }
    if (out.length === count) break;
  }
  return out;
}

describe('server rendering', () => {
  it('registers every subset file of every font once', async () => {
    const counts = await registerDesignFonts();
    expect(counts.size).toBe(10);
    expect(counts.get('Do Hyeon')).toBe(fontFiles(FONTS.find((f) => f.id === 'doHyeon')!).length);
    expect(counts.get('Do Hyeon')).toBeGreaterThan(50);
    expect(await registerDesignFonts()).toBe(counts);
  });

  it('draws Korean glyphs from different subset files, not boxes', async () => {
    const syllables = syllablesFromDifferentSubsets('@fontsource/do-hyeon', 4);
    expect(new Set(syllables).size).toBe(4);
    const tofu = (await renderPreviewPng(textDesign('square-dampener-100', '\uE000', 'doHyeon'), 'front'))
      .png;
    const renders: Buffer[] = [];
    for (const ch of syllables) {
      const { png } = await renderPreviewPng(textDesign('square-dampener-100', ch, 'doHyeon'), 'front');
      expect(await ink(png), ch).toBeGreaterThan(500);
      expect(await difference(png, tofu), ch).toBeGreaterThan(500);
      renders.push(png);
    }
    // four different glyphs, not one fallback shape
    for (let i = 1; i < renders.length; i++)
      expect(await difference(renders[0]!, renders[i]!)).toBeGreaterThan(200);
  });

  it('draws Korean typed in a Latin font with the Korean fallback', async () => {
    const korean = (await renderPreviewPng(textDesign('square-dampener-100', '방진', 'arial'), 'front')).png;
    const tofu = (await renderPreviewPng(textDesign('square-dampener-100', '\uE000\uE000', 'arial'), 'front'))
      .png;
    expect(await difference(korean, tofu)).toBeGreaterThan(500);
  });

  it('draws each font differently', async () => {
    const renders = await Promise.all(
      (['notoSansKr', 'nanumMyeongjo', 'blackHanSans', 'jua', 'spoqaHanSansNeo'] as const).map(
        async (f) =>
          (await renderPreviewPng(textDesign('square-dampener-100', '포도 방진패드', f), 'front')).png,
      ),
    );
    for (let i = 1; i < renders.length; i++)
      expect(await difference(renders[0]!, renders[i]!)).toBeGreaterThan(300);
  });

  it('renders a 600 px preview with the background clipped to a circle', async () => {
    const doc = updateSide(newDesign('round-dampener-100'), 'front', (s) => ({ ...s, background: 'navy' }));
    const { png, width, height } = await renderPreviewPng(doc, 'front');
    expect([width, height]).toEqual([600, 600]);
    const { data } = await pixels(png);
    const at = (x: number, y: number) => Array.from(data.subarray((y * 600 + x) * 4, (y * 600 + x) * 4 + 4));
    expect(at(300, 300)).toEqual([0x1a, 0x23, 0x7e, 255]);
    expect(at(2, 2)[3]).toBe(0); // outside the circle: transparent
  });

  it('renders arc text on round shapes', async () => {
    const straight = textDesign('round-dampener-100', '우리집 세탁기', 'doHyeon', { fontSize: 8 });
    const arc = textDesign('round-dampener-100', '우리집 세탁기', 'doHyeon', {
      fontSize: 8,
      arc: { radius: 38, angle: 0, direction: 'outside' },
    });
    const a = (await renderPreviewPng(straight, 'front')).png;
    const b = (await renderPreviewPng(arc, 'front')).png;
    expect(await ink(b)).toBeGreaterThan(1000);
    expect(await difference(a, b)).toBeGreaterThan(1000);
    // the arc text sits in the top part of the circle
    const { data } = await pixels(b);
    let top = 0;
    let bottom = 0;
    for (let y = 0; y < 600; y++) {
      for (let x = 0; x < 600; x++) {
        const i = (y * 600 + x) * 4;
        if (data[i + 3]! > 0 && data[i]! < 128) {
          if (y < 300) top++;
          else bottom++;
        }
      }
    }
    expect(top).toBeGreaterThan(bottom * 10);
  });

  it('renders the print file at 300 DPI with the design JSON', async () => {
    const doc = setFrontBackSame(textDesign('square-dampener-100', '앞면', 'jua'), false);
    const file = await renderPrintFile(doc, 'back');
    expect([file.width, file.height, file.dpi]).toEqual([1228, 1228, 300]); // 104 mm at 300 DPI
    const meta = await sharp(file.png).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([1228, 1228, 300]);
    expect(JSON.parse(file.json)).toEqual(doc);
  });

  it('renders a 40 cm cushion print file in strips with bounded memory', async () => {
    const photo = await sharp({
      create: { width: 2400, height: 1800, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    let doc = textDesign('square-cushion-400', '우리 집 고양이 나비', 'gowunDodum', { fontSize: 40 });
    doc = updateSide(doc, 'front', (s) =>
      addNode(
        s,
        newImageNode('square-cushion-400', {
          src: '/uploads/members/1/cat.png',
          naturalWidth: 2400,
          naturalHeight: 1800,
        }),
      ),
    );
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    let strips = 0;
    const file = await renderPrintPng(doc, 'front', {
      loadImage: async () => photo,
      onStrip: () => {
        strips += 1;
        peak = Math.max(peak, process.memoryUsage().rss);
      },
    });
    peak = Math.max(peak, process.memoryUsage().rss);
    expect([file.width, file.height]).toEqual([4961, 4961]); // 420 mm (400 + bleed) at 300 DPI
    expect(strips).toBeGreaterThan(1);
    const growthMb = (peak - before) / 1024 / 1024;
    expect(growthMb).toBeLessThan(300);
    const meta = await sharp(file.png, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([4961, 4961, 300]);
    // the photo is in the middle, the text on top of it
    const centre = await sharp(file.png, { limitInputPixels: false })
      .extract({ left: 2480 - 400, top: 1200, width: 10, height: 10 })
      .raw()
      .toBuffer();
    expect(Array.from(centre.subarray(0, 4))).toEqual([200, 80, 40, 255]);
  }, 120_000);
});
