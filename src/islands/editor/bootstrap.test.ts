import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newDesign } from '../../lib/design/document.ts';
import { designConfigOf } from '../../lib/design/templates.ts';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

let local: MemoryStorage;
let session: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

const mint = () => {
  const doc = newDesign('round-dampener-120');
  return {
    ...doc,
    sides: { front: { ...doc.sides.front, background: 'mint' as const }, back: doc.sides.back },
  };
};

function storeDraft(key: string, storage: Storage, over: Record<string, unknown> = {}) {
  const now = Date.now();
  storage.setItem(
    key,
    JSON.stringify({
      version: 1,
      design: mint(),
      productNo: 100005,
      preview: null,
      colour: 'mint',
      shapeType: 'circle',
      shapeId: 'round-dampener-120',
      frontBackSame: true,
      editorPath: '/custom/dampener',
      optionNo: 10000502,
      createdAt: now,
      updatedAt: now,
      ...over,
    }),
  );
}

const boot = async (input: Partial<Parameters<typeof import('./bootstrap.ts').bootstrapEditor>[0]> = {}) => {
  const { bootstrapEditor } = await import('./bootstrap.ts');
  return bootstrapEditor({
    productNo: 100005,
    design: designConfigOf(100005, 'round-dampener-100')!,
    editorPath: '/custom/dampener',
    ...input,
  });
};

describe('where the editor starts', () => {
  it('a blank design on the product template without a draft', async () => {
    const b = await boot();
    expect(b.doc.templateId).toBe('round-dampener-100');
    expect(b.draft).toBeNull();
  });

  it('the draft of this page and product, validated', async () => {
    storeDraft('podo:draft-design', local);
    const b = await boot();
    expect(b.doc.sides.front.background).toBe('mint');
    expect(b.doc.templateId).toBe('round-dampener-120');
    expect(b.draft?.optionNo).toBe(10000502);
  });

  it('a draft of another page is offered, not loaded', async () => {
    storeDraft('podo:draft-design', local, { editorPath: '/products/custom-round-dampener/customize' });
    const b = await boot();
    expect(b.draft).toBeNull();
    expect(b.otherDraft?.editorPath).toBe('/products/custom-round-dampener/customize');
    expect(b.doc.sides.front.background).toBe('white');
  });

  it('a draft whose design fails the schema is ignored', async () => {
    storeDraft('podo:draft-design', local, { design: { ...mint(), widthMm: 5 } });
    expect((await boot()).draft).toBeNull();
    storeDraft('podo:draft-design', local, { design: { ...mint(), templateId: 'square-cushion-400' } });
    expect((await boot()).draft).toBeNull();
  });

  it('after a login started in the editor, the stashed draft comes back', async () => {
    storeDraft('podo:draft-design:login', session);
    const b = await boot();
    expect(b.doc.sides.front.background).toBe('mint');
    expect(local.getItem('podo:draft-design')).not.toBeNull();
    expect(session.getItem('podo:draft-design:login')).toBeNull();
  });

  it('a starter design when there is no draft; a fixed template otherwise', async () => {
    const starter = mint();
    expect((await boot({ starter })).doc.sides.front.background).toBe('mint');
    expect(
      (
        await boot({
          productNo: 100006,
          design: designConfigOf(100006, null)!,
          editorPath: '/custom/dampener1',
          templateId: 'square-dampener-100',
        })
      ).doc,
    ).toMatchObject({ templateId: 'square-dampener-100', shape: 'square' });
  });

  it('a saved design opened by id (?design=): drawn and continued; a draft of that page wins', async () => {
    const saved = {
      designId: 'AAAAAAAAAAAAAAAAAAAAAA',
      createTime: '2026-05-01@13:45:12.345',
      name: '내 방진패드',
      document: mint(),
      optionNo: 10000502,
    };
    const path = '/products/custom-round-dampener/customize?design=AAAAAAAAAAAAAAAAAAAAAA';
    const b = await boot({ editorPath: path, saved, starter: newDesign('round-dampener-100') });
    expect(b.doc.sides.front.background).toBe('mint');
    expect(b.draft).toMatchObject({
      designId: saved.designId,
      createTime: saved.createTime,
      name: saved.name,
      optionNo: 10000502,
      editorPath: path,
    });
    storeDraft('podo:draft-design', local, { editorPath: path, design: newDesign('round-dampener-100') });
    expect((await boot({ editorPath: path, saved })).doc.templateId).toBe('round-dampener-100');
    // a saved design of another product's template is not drawn
    expect((await boot({ saved: { ...saved, document: newDesign('square-cushion-400') } })).draft).toBeNull();
  });

  it('a product made in the back office starts on the template its manager chose, and only that', async () => {
    const design = designConfigOf(101, 'square-cushion-450')!;
    const path = '/products/my-cushion/customize';
    const b = await boot({ productNo: 101, design, editorPath: path });
    expect(b.doc).toMatchObject({ templateId: 'square-cushion-450', shape: 'square' });
    // a draft of this page on another template (the manager changed it since) is not continued
    storeDraft('podo:draft-design', local, { productNo: 101, editorPath: path });
    expect((await boot({ productNo: 101, design, editorPath: path })).draft).toBeNull();
    // nor is a template the page asks for that the product does not use
    expect(
      (await boot({ productNo: 101, design, editorPath: path, templateId: 'round-dampener-100' })).doc
        .templateId,
    ).toBe('square-cushion-450');
  });
});
