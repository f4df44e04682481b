import { describe, expect, it } from 'vitest';
import { designAreas } from '../../lib/design/geometry.ts';
import { colourHex } from '../../lib/design/palette.ts';
import { designConfigOf, template } from '../../lib/design/templates.ts';
import { DRAFT_DESIGN_KEY, DRAFT_LOGIN_STASH_KEY } from '../stores/draft-keys.ts';
import { drawFirstFrame, firstFrameOf, firstFrameOfPage, type FirstDrawContext } from './first-draw.ts';
import type { EditorProduct } from './types.ts';
import { FIT_VIEW, stageTransform } from './view.ts';

function memory(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

const product = {
  productNo: 100005,
  design: designConfigOf(100005, 'round-dampener-100')!,
} as EditorProduct;
const page = { product, editorPath: '/custom/dampener' };
const draftOf = (over: Record<string, unknown>) =>
  JSON.stringify({
    productNo: 100005,
    editorPath: '/custom/dampener',
    design: { templateId: 'round-dampener-120', sides: { front: { background: 'mint' } } },
    ...over,
  });

describe('what the first frame shows', () => {
  it('the product template, white, without a draft', () => {
    const f = firstFrameOf(page, undefined, { local: memory(), session: memory() });
    expect(f).toEqual({ templateId: 'round-dampener-100', background: 'white' });
  });

  it('the size option the page asked for picks the template', () => {
    const f = firstFrameOf(page, { 사이즈: '12cm' }, { local: memory(), session: memory() });
    expect(f?.templateId).toBe('round-dampener-120');
  });

  it("this page's draft (the login's copy first), not another page's", () => {
    const local = memory({ [DRAFT_DESIGN_KEY]: draftOf({}) });
    expect(firstFrameOf(page, undefined, { local, session: memory() })).toEqual({
      templateId: 'round-dampener-120',
      background: 'mint',
    });
    const session = memory({
      [DRAFT_LOGIN_STASH_KEY]: draftOf({
        design: { templateId: 'round-dampener-100', sides: { front: { background: 'black' } } },
      }),
    });
    expect(firstFrameOf(page, undefined, { local, session })?.background).toBe('black');
    const other = memory({ [DRAFT_DESIGN_KEY]: draftOf({ editorPath: '/custom/dampener1' }) });
    expect(firstFrameOf(page, undefined, { local: other, session: memory() })?.templateId).toBe(
      'round-dampener-100',
    );
  });

  it('trusts nothing: an unknown template, colour or broken JSON falls back', () => {
    const odd = memory({
      [DRAFT_DESIGN_KEY]: draftOf({
        design: { templateId: 'square-cushion-500', sides: { front: { background: '#f00' } } },
      }),
    });
    expect(firstFrameOf(page, undefined, { local: odd, session: memory() })?.templateId).toBe(
      'round-dampener-100',
    );
    const colour = memory({
      [DRAFT_DESIGN_KEY]: draftOf({
        design: { templateId: 'round-dampener-120', sides: { front: { background: 'javascript:' } } },
      }),
    });
    expect(firstFrameOf(page, undefined, { local: colour, session: memory() })?.background).toBe('white');
    const broken = memory({ [DRAFT_DESIGN_KEY]: '{not json' });
    expect(firstFrameOf(page, undefined, { local: broken, session: memory() })?.templateId).toBe(
      'round-dampener-100',
    );
  });

  it('a saved design, then a starter, before the template', () => {
    const stores = { local: memory(), session: memory() };
    const saved = {
      designId: 'x',
      createTime: '',
      name: '',
      optionNo: null,
      document: { templateId: 'round-dampener-120', sides: { front: { background: 'mint' } } },
    };
    expect(firstFrameOf({ ...page, saved }, undefined, stores)?.templateId).toBe('round-dampener-120');
    const starter = {
      id: 's',
      name: 's',
      design: { templateId: 'square-cushion-400', sides: { front: { background: 'black' } } },
    } as never;
    expect(firstFrameOf({ ...page, starter }, undefined, stores)).toEqual({
      templateId: 'square-cushion-400',
      background: 'black',
    });
  });

  it("the page's option picks the template, on the server too (no storage there)", () => {
    const sized = {
      ...page,
      product: {
        ...product,
        labels: ['사이즈'],
        options: [
          { optionNo: 1, value: '10cm' },
          { optionNo: 2, value: '12cm' },
        ],
      } as unknown as EditorProduct,
    };
    const none = { local: null, session: null };
    expect(firstFrameOfPage({ ...sized, optionNo: 2 }, none)?.templateId).toBe('round-dampener-120');
    expect(firstFrameOfPage({ ...sized, optionNo: 1 }, none)?.templateId).toBe('round-dampener-100');
    expect(firstFrameOfPage({ ...sized, optionNo: 99 })?.templateId).toBe('round-dampener-100');
  });

  it('nothing for a product that cannot be designed', () => {
    const none = { ...page, product: { ...product, design: null } } as never;
    expect(firstFrameOf(none, undefined, { local: memory(), session: memory() })).toBeNull();
  });
});

describe('the first draw', () => {
  function recorder() {
    const calls: { name: string; args: unknown[]; fill?: unknown; stroke?: unknown }[] = [];
    const ctx = new Proxy({ fillStyle: '', strokeStyle: '', lineWidth: 1 } as Record<string, unknown>, {
      get(target, prop: string) {
        if (prop in target) return target[prop];
        return (...args: unknown[]) =>
          calls.push({ name: prop, args, fill: target.fillStyle, stroke: target.strokeStyle });
      },
    });
    return { ctx: ctx as unknown as FirstDrawContext, calls };
  }

  it('fills the round surface in the background colour where the stage puts it, and strokes three guides', () => {
    const { ctx, calls } = recorder();
    const size = { width: 400, height: 300, pixelRatio: 2 };
    drawFirstFrame(ctx, { templateId: 'round-dampener-100', background: 'mint' }, size);
    const areas = designAreas(template('round-dampener-100'));
    const t = stageTransform(
      { width: 400, height: 300, areaWidth: areas.print.width, areaHeight: areas.print.height },
      FIT_VIEW,
    );
    expect(calls.filter((c) => c.name === 'setTransform').at(-1)?.args).toEqual([
      t.scale * 2,
      0,
      0,
      t.scale * 2,
      t.x * 2,
      t.y * 2,
    ]);
    const clipAt = calls.findIndex((c) => c.name === 'clip');
    expect(calls[clipAt - 1]?.name).toBe('arc');
    const fill = calls.find((c) => c.name === 'fillRect');
    expect(fill?.fill).toBe(colourHex('mint'));
    expect(fill?.args).toEqual([0, 0, areas.print.width, areas.print.height]);
    expect(calls.filter((c) => c.name === 'stroke').map((c) => c.stroke)).toEqual([
      '#d6336c',
      '#495057',
      '#1c7ed6',
    ]);
  });

  it('a square template clips to its print rectangle', () => {
    const { ctx, calls } = recorder();
    drawFirstFrame(
      ctx,
      { templateId: 'square-cushion-400', background: 'white' },
      { width: 300, height: 300, pixelRatio: 1 },
    );
    const clipAt = calls.findIndex((c) => c.name === 'clip');
    expect(calls[clipAt - 1]?.name).toBe('rect');
    expect(calls.filter((c) => c.name === 'stroke')).toHaveLength(3);
  });
});
