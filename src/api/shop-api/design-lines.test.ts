import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  createShopper,
  guestToken,
  reserveBody,
  type Shopper,
} from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import {
  clearCart as clearCartOf,
  designInput,
  guestActor,
  memberActor,
  optionLines,
  orderableOption,
  PLAIN_PRODUCT,
  ROUND_DAMPENER,
  saveDesign as saveDesignIn,
} from '../../../tests/fixtures/designs.ts';
import { DESIGN_INPUT_LABEL } from '../../lib/design/api.ts';
import type { TemplateId } from '../../lib/design/templates.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { deleteDesign, type DesignActor } from '../../server/design/service.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';
import { createApiApp } from '../app.ts';

/**
 * Design lines: a saved design's id as option input '디자인 번호' in the member cart, the guest
 * cart, the login merge, order sheets and at payment (docs/commerce-api.md "Design lines").
 */

let t: TestDb;
let dir: string;
let alice: Shopper;
let bob: Shopper;
const api = apiClient(createApiApp());
const ROUND = ROUND_DAMPENER;
let roundOption: number;
let roundMaterial: string;
let roundPrice: number;
let plainOption: number;

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-design-lines-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads' }));
  await seedDemo(t.db, { images: false });
  alice = await createShopper(t.db, '앨리스');
  bob = await createShopper(t.db, '밥');
  const round = await orderableOption(api, ROUND);
  roundOption = round.optionNo;
  roundMaterial = round.value.split('|')[3]!;
  roundPrice = round.buyPrice;
  plainOption = (await orderableOption(api, PLAIN_PRODUCT)).optionNo;
}, 120_000);
afterAll(() => {
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

const member = memberActor;
const guest = guestActor;
/** A design saved with the option its lines are ordered with (a design keeps its option). */
const saveDesign = (actor: DesignActor, productNo = ROUND, templateId?: TemplateId) =>
  saveDesignIn(t.db, actor, productNo, templateId, productNo === ROUND ? roundOption : undefined);
const designLine = (designId: string, orderCnt = 1) => ({
  productNo: ROUND,
  optionNo: roundOption,
  orderCnt,
  optionInputs: designInput(designId),
});
const PLAIN = PLAIN_PRODUCT;
const clearCart = (who: Shopper) => clearCartOf(api, who);

describe('design lines in the member cart', () => {
  it('adds a design line without the text inputs, never merges it, and shows the design', async () => {
    await clearCart(alice);
    const design = await saveDesign(member(alice));
    const first = await api.post('/shop-api/cart', [designLine(design.designId)], alice);
    expect(first.status).toBe(200);
    expect(first.body.extra.lines[0]).toMatchObject({ increased: false });
    // the same design again is a line of its own (each design line is made separately)
    const second = await api.post('/shop-api/cart', [designLine(design.designId, 2)], alice);
    expect(second.status).toBe(200);
    expect(second.body.extra.lines[0]).toMatchObject({ increased: false, orderCnt: 2 });
    expect(second.body.count).toBe(2);
    // a line of the same option without a design is refused: the product is made from a design
    const plain = await api.post(
      '/shop-api/cart',
      [{ productNo: ROUND, optionNo: roundOption, orderCnt: 1 }],
      alice,
    );
    expect(plain).toMatchObject({ status: 400, body: { code: 'DESIGN_REQUIRED' } });

    const cart = await api.get('/shop-api/cart', alice);
    const lines = optionLines(cart.body);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.validInfo.valid).toBe(true);
      expect(line.optionInputs).toEqual([
        { inputNo: 0, inputLabel: DESIGN_INPUT_LABEL, inputValue: design.designId, required: false },
      ]);
      expect(line.extra.design).toEqual({
        designId: design.designId,
        name: '세탁기 패드',
        productNo: ROUND,
        // the material of the option the design was saved with
        material: roundMaterial,
        previewUrl: design.previewUrls.front,
        previewUrls: design.previewUrls,
      });
    }
  });

  it("refuses another member's design, another product's design, and malformed ids", async () => {
    const bobs = await saveDesign(member(bob));
    const res = await api.post('/shop-api/cart', [designLine(bobs.designId)], alice);
    expect(res).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });

    const square = await saveDesign(member(alice), 100006, 'square-dampener-100');
    const wrong = await api.post('/shop-api/cart', [designLine(square.designId)], alice);
    expect(wrong).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });

    const malformed = await api.post('/shop-api/cart', [designLine('not-a-design')], alice);
    expect(malformed).toMatchObject({ status: 400, body: { code: 'INPUT_INVALID' } });
  });

  it('rejects the design input on a product that is not customisable, and unknown labels', async () => {
    const design = await saveDesign(member(alice));
    const plain = await api.post(
      '/shop-api/cart',
      [{ productNo: PLAIN, optionNo: plainOption, orderCnt: 1, optionInputs: designInput(design.designId) }],
      alice,
    );
    expect(plain).toMatchObject({
      status: 400,
      body: { code: 'INPUT_INVALID', message: `상품에 없는 입력 항목입니다: ${DESIGN_INPUT_LABEL}` },
    });
    const unknown = await api.post(
      '/shop-api/cart',
      [
        {
          ...designLine(design.designId),
          optionInputs: [...designInput(design.designId), { inputLabel: '없는 항목', inputValue: 'x' }],
        },
      ],
      alice,
    );
    expect(unknown).toMatchObject({ status: 400, body: { code: 'INPUT_INVALID' } });
    // the product's own optional inputs stay allowed on a design line
    const noted = await api.post(
      '/shop-api/cart',
      [
        {
          ...designLine(design.designId),
          optionInputs: [
            ...designInput(design.designId),
            { inputLabel: '제작 요청사항', inputValue: '진하게' },
          ],
        },
      ],
      alice,
    );
    expect(noted.status).toBe(200);
  });

  it('keeps a line whose design was deleted as a design line that cannot be ordered', async () => {
    await clearCart(alice);
    const design = await saveDesign(member(alice));
    const added = await api.post('/shop-api/cart', [designLine(design.designId)], alice);
    const cartNo = added.body.extra.lines[0].cartNo as number;
    const sheet = await api.post('/shop-api/order-sheets', { products: [], cartNos: [cartNo] }, alice);
    expect(sheet.status).toBe(200);
    await deleteDesign(t.db, member(alice), { designId: design.designId });

    const [line] = optionLines((await api.get('/shop-api/cart', alice)).body);
    expect(line.validInfo).toMatchObject({ valid: false, errorCode: { code: 'DESIGN_NOT_ORDERABLE' } });
    expect(line.optionInputs[0].inputValue).toBe(design.designId);
    expect(line.extra.design.designId).toBe(design.designId);
    // checked again at payment
    const reserve = await api.post(
      '/shop-api/payments/reserve',
      reserveBody(sheet.body.orderSheetNo, roundPrice),
      alice,
    );
    expect(reserve).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });
    const again = await api.post('/shop-api/order-sheets', { products: [], cartNos: [cartNo] }, alice);
    expect(again).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });
    const quantity = await api.put('/shop-api/cart', { cartNo, orderCnt: 2 }, alice);
    expect(quantity).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });
  });
});

describe('design lines for guests', () => {
  it("prices the guest cart with the guest's designs and flags anyone else's", async () => {
    const token = guestToken();
    const design = await saveDesign(guest(token));
    const body = [{ cartNo: 12345, ...designLine(design.designId) }];
    const mine = await api.post('/shop-api/guest/cart', body, { guestToken: token });
    expect(mine.status).toBe(200);
    const [line] = optionLines(mine.body);
    expect(line).toMatchObject({ cartNo: 12345, validInfo: { valid: true } });
    expect(line.extra.design).toMatchObject({
      designId: design.designId,
      previewUrl: design.previewUrls.front,
    });

    for (const who of [{ guestToken: guestToken() }, {}, alice]) {
      const other = await api.post('/shop-api/guest/cart', body, who);
      expect(other.status).toBe(200);
      const [flagged] = optionLines(other.body);
      expect(flagged.validInfo).toMatchObject({ valid: false, errorCode: { code: 'DESIGN_NOT_ORDERABLE' } });
      expect(flagged.extra.design).toBeNull();
      expect(other.body.price.totalAmt).toBe(0);
    }
  });

  it("makes a guest order sheet only with the guest's own design", async () => {
    const token = guestToken();
    const design = await saveDesign(guest(token));
    const sheet = await api.post(
      '/shop-api/order-sheets',
      { products: [designLine(design.designId)] },
      { guestToken: token },
    );
    expect(sheet.status).toBe(200);
    const read = await api.get(`/shop-api/order-sheets/${sheet.body.orderSheetNo}`, { guestToken: token });
    expect(optionLines(read.body)[0].extra.design.designId).toBe(design.designId);
    const other = await api.post(
      '/shop-api/order-sheets',
      { products: [designLine(design.designId)] },
      { guestToken: guestToken() },
    );
    expect(other).toMatchObject({ status: 400, body: { code: 'DESIGN_NOT_ORDERABLE' } });
  });
  it("merges the guest cart's design lines at login: that guest's designs move, others are skipped", async () => {
    await clearCart(bob);
    const token = guestToken();
    const own = await saveDesign(guest(token));
    const foreign = await saveDesign(guest(guestToken()));
    const merged = await api.post(
      '/shop-api/cart/merge',
      [designLine(own.designId), designLine(foreign.designId)],
      { ...bob, guestToken: token },
    );
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({
      added: 1,
      merged: 0,
      skipped: [{ productNo: ROUND, code: 'DESIGN_NOT_ORDERABLE' }],
    });
    const [line] = optionLines((await api.get('/shop-api/cart', bob)).body);
    expect(line.extra.design.designId).toBe(own.designId);
    expect(line.validInfo.valid).toBe(true);
  });
});
