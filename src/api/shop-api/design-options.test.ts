import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createShopper, guestToken, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { clearCart, designInput, optionLines } from '../../../tests/fixtures/designs.ts';
import { addNode, newDesign, newTextNode } from '../../lib/design/document.ts';
import { PLACEHOLDER_TEXT } from '../../lib/design/print-checks.ts';
import { updateSide } from '../../lib/design/sides.ts';
import type { TemplateId } from '../../lib/design/templates.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { listMemberDesigns } from '../../server/design/index.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';
import { createApiApp } from '../app.ts';

/**
 * Issue 18, what a shopper at a Korean shop expects of designed products:
 * - a design keeps the product option chosen in the editor, and every order of it (my page, the
 *   carts, order sheets) uses exactly that option: the server refuses any other;
 * - a customisable product is never bought without a design;
 * - a design whose text is still the editor's placeholder is never ordered.
 */

let t: TestDb;
let dir: string;
let alice: Shopper;
let bob: Shopper;
const api = apiClient(createApiApp());

const ROUND = 100005; // 색상 × 사이즈 × 두께 × 재질
const NAME_CUSHION = 100017; // 사이즈 only: the template tells the option
const PET_CUSHION = 100018; // 모양 × 사이즈

let option: (productNo: number, value: string) => { optionNo: number; buyPrice: number };

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-design-options-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads' }));
  await seedDemo(t.db, { images: false });
  alice = await createShopper(t.db, '앨리스');
  bob = await createShopper(t.db, '밥');
  const byProduct = new Map<number, { optionNo: number; value: string; buyPrice: number }[]>();
  for (const no of [ROUND, NAME_CUSHION, PET_CUSHION]) {
    byProduct.set(no, (await api.get(`/shop-api/products/${no}/options`)).body.flatOptions);
  }
  option = (productNo, value) => {
    const found = byProduct.get(productNo)!.find((o) => o.value === value);
    if (!found) throw new Error(`${productNo}: no option ${value}`);
    return found;
  };
}, 120_000);
afterAll(() => {
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

const designOn = (templateId: TemplateId, text = '우리 집 세탁기') =>
  updateSide(newDesign(templateId), 'front', (s) =>
    addNode(s, newTextNode(templateId, { text, fontFamily: 'jua' })),
  );

/** What the editor sends to save a design (POST /api/custom/dampener). */
function save(
  who: Shopper | { guestToken: string },
  data: { productNo: number; templateId: TemplateId; optionNo?: number; material?: string; text?: string },
) {
  const { templateId, text, ...rest } = data;
  return api.post(
    '/api/custom/dampener',
    { dampenerPostData: { ...rest, name: '세탁기 패드', design: designOn(templateId, text) } },
    who,
  );
}

const line = (productNo: number, optionNo: number, designId: string) => ({
  productNo,
  optionNo,
  orderCnt: 1,
  optionInputs: designInput(designId),
});

describe('a design keeps the option chosen in the editor', () => {
  it('is saved with its option and ordered from my page with exactly that option', async () => {
    const white = option(ROUND, '화이트|12cm|3cm|실리콘');
    const black = option(ROUND, '블랙|12cm|2cm|실리콘');
    expect(white.buyPrice).toBe(31_400);
    const saved = await save(alice, {
      productNo: ROUND,
      templateId: 'round-dampener-120',
      optionNo: white.optionNo,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({ optionNo: white.optionNo, material: '실리콘' });
    const designId = saved.body.data.designId as string;

    const [mine] = await listMemberDesigns(t.db, { memberNo: alice.memberNo, memberId: null });
    expect(mine).toMatchObject({
      designId,
      optionNo: white.optionNo,
      optionTitle: '색상: 화이트 / 사이즈: 12cm / 두께: 3cm / 재질: 실리콘',
      unitPrice: 31_400,
    });

    // another option of the same size and material is refused, the design's own is taken
    await clearCart(api, alice);
    const other = await api.post('/shop-api/cart', [line(ROUND, black.optionNo, designId)], alice);
    expect(other).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });
    expect(other.body.message).toContain('색상: 화이트 / 사이즈: 12cm / 두께: 3cm / 재질: 실리콘');
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [line(ROUND, black.optionNo, designId)] },
      alice,
    );
    expect(sheet).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });
    const own = await api.post('/shop-api/cart', [line(ROUND, white.optionNo, designId)], alice);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const [cartLine] = optionLines((await api.get('/shop-api/cart', alice)).body);
    expect(cartLine).toMatchObject({
      optionNo: white.optionNo,
      buyPrice: 31_400,
      validInfo: { valid: true },
    });
  });

  it('refuses an option of another product, of another size than the design, or of another material', async () => {
    const tenCm = option(ROUND, '화이트|10cm|3cm|실리콘');
    const pet = option(PET_CUSHION, '사각|중형');
    const sizeMismatch = await save(alice, {
      productNo: ROUND,
      templateId: 'round-dampener-120',
      optionNo: tenCm.optionNo,
    });
    expect(sizeMismatch).toMatchObject({ status: 400, body: { code: 'DESIGN_OPTION_INVALID' } });
    const foreign = await save(alice, {
      productNo: ROUND,
      templateId: 'round-dampener-100',
      optionNo: pet.optionNo,
    });
    expect(foreign).toMatchObject({ status: 400, body: { code: 'DESIGN_OPTION_INVALID' } });
    const material = await save(alice, {
      productNo: ROUND,
      templateId: 'round-dampener-100',
      optionNo: tenCm.optionNo,
      material: '고무',
    });
    expect(material).toMatchObject({ status: 400, body: { code: 'DESIGN_MATERIAL_INVALID' } });
  });

  it('a design whose option is changed later: its cart line stops being orderable', async () => {
    await clearCart(api, bob);
    const white = option(ROUND, '화이트|10cm|2cm|고무');
    const mint = option(ROUND, '민트|10cm|2cm|고무');
    const saved = await save(bob, {
      productNo: ROUND,
      templateId: 'round-dampener-100',
      optionNo: white.optionNo,
    });
    const designId = saved.body.data.designId as string;
    expect((await api.post('/shop-api/cart', [line(ROUND, white.optionNo, designId)], bob)).status).toBe(200);
    const patched = await api.raw('/api/custom/dampener', {
      method: 'PATCH',
      headers: {
        Version: '1.0',
        clientId: 'podo-local',
        platform: 'PC',
        accessToken: bob.accessToken,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        dampenerPatchData: { optionNo: mint.optionNo },
        createTime: saved.body.data.createTime,
      }),
    });
    expect(patched.status).toBe(200);
    const [stale] = optionLines((await api.get('/shop-api/cart', bob)).body);
    expect(stale.validInfo).toMatchObject({ valid: false, errorCode: { code: 'DESIGN_NOT_ORDERABLE' } });
  });

  it('a design saved without an option: the one option its template fits, else it must be chosen', async () => {
    const small = option(NAME_CUSHION, '지름 35cm');
    const implied = await save(alice, { productNo: NAME_CUSHION, templateId: 'round-cushion-350' });
    expect(implied.body.data.optionNo).toBeNull();
    const ok = await api.post(
      '/shop-api/cart',
      [line(NAME_CUSHION, small.optionNo, implied.body.data.designId)],
      alice,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    const round = await save(alice, {
      productNo: ROUND,
      templateId: 'round-dampener-120',
      material: '실리콘',
    });
    const designId = round.body.data.designId as string;
    const items = await listMemberDesigns(t.db, { memberNo: alice.memberNo, memberId: null });
    expect(items.find((i) => i.designId === designId)).toMatchObject({ optionNo: null, optionTitle: null });
    const guessed = await api.post(
      '/shop-api/cart',
      [line(ROUND, option(ROUND, '블랙|12cm|2cm|실리콘').optionNo, designId)],
      alice,
    );
    expect(guessed).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });
    expect(guessed.body.message).toContain('옵션');
  });
});

describe('a customisable product needs a design', () => {
  const plainLine = () => ({
    productNo: PET_CUSHION,
    optionNo: option(PET_CUSHION, '사각|중형').optionNo,
    orderCnt: 1,
    optionInputs: [{ inputLabel: '반려동물 이름', inputValue: '콩이' }],
  });

  it('refuses the cart line, the order sheet and flags the guest cart line', async () => {
    const cart = await api.post('/shop-api/cart', [plainLine()], alice);
    expect(cart).toMatchObject({ status: 400, body: { code: 'DESIGN_REQUIRED' } });
    expect(cart.body.message).toMatch(/디자인/);
    const sheet = await api.post('/shop-api/order-sheets', { products: [plainLine()] }, alice);
    expect(sheet).toMatchObject({ status: 400, body: { code: 'DESIGN_REQUIRED' } });

    const token = guestToken();
    const priced = await api.post('/shop-api/guest/cart', [{ cartNo: 1, ...plainLine() }], {
      guestToken: token,
    });
    expect(priced.status).toBe(200);
    expect(optionLines(priced.body)[0].validInfo).toMatchObject({
      valid: false,
      errorCode: { code: 'DESIGN_REQUIRED' },
    });
    const guestSheet = await api.post(
      '/shop-api/order-sheets',
      { products: [plainLine()] },
      { guestToken: token },
    );
    expect(guestSheet).toMatchObject({ status: 400, body: { code: 'DESIGN_REQUIRED' } });

    const merged = await api.post('/shop-api/cart/merge', [plainLine()], { ...alice, guestToken: token });
    expect(merged.body.skipped).toEqual([
      expect.objectContaining({ productNo: PET_CUSHION, code: 'DESIGN_REQUIRED' }),
    ]);
  });

  it('keeps a line stored before the rule as a line that cannot be ordered', async () => {
    await clearCart(api, bob);
    const at = new Date().toISOString();
    await t.db.execute({
      sql: `INSERT INTO carts (member_no, product_no, option_no, order_cnt, option_inputs, has_inputs, created_at, updated_at)
            VALUES (?, ?, ?, 1, '[]', 0, ?, ?)`,
      args: [bob.memberNo, PET_CUSHION, plainLine().optionNo, at, at],
    });
    const cart = await api.get('/shop-api/cart', bob);
    const [stored] = optionLines(cart.body);
    expect(stored.validInfo).toMatchObject({ valid: false, errorCode: { code: 'DESIGN_REQUIRED' } });
    const sheet = await api.post('/shop-api/order-sheets', { products: [], cartNos: [stored.cartNo] }, bob);
    expect(sheet).toMatchObject({ status: 400, body: { code: 'DESIGN_REQUIRED' } });
  });
});

describe("a design whose text is still the editor's placeholder", () => {
  it('is saved, but never ordered', async () => {
    const white = option(ROUND, '화이트|10cm|2cm|고무');
    const saved = await save(alice, {
      productNo: ROUND,
      templateId: 'round-dampener-100',
      optionNo: white.optionNo,
      text: PLACEHOLDER_TEXT,
    });
    expect(saved.status).toBe(201);
    const designId = saved.body.data.designId as string;
    // my page says so, and offers no 주문하기 for it
    const mine = await listMemberDesigns(t.db, { memberNo: alice.memberNo, memberId: null });
    expect(mine.find((d) => d.designId === designId)).toMatchObject({ placeholderText: true });
    expect(mine.find((d) => d.designId !== designId)).toMatchObject({ placeholderText: false });
    const cart = await api.post('/shop-api/cart', [line(ROUND, white.optionNo, designId)], alice);
    expect(cart).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });
    expect(cart.body.message).toContain(`'${PLACEHOLDER_TEXT}'`);
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [line(ROUND, white.optionNo, designId)] },
      alice,
    );
    expect(sheet).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });
  });
});
