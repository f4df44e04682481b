import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogFixture } from '../../../tests/fixtures/catalog.ts';
import { apiClient, createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { buy, designInput, optionLines } from '../../../tests/fixtures/designs.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { loadEditorProduct } from '../../components/editor/editor-page.ts';
import { addNode, newDesign, newTextNode } from '../../lib/design/document.ts';
import { updateSide } from '../../lib/design/sides.ts';
import type { TemplateId } from '../../lib/design/templates.ts';
import { customOrdersOfOrder } from '../../server/design/custom-orders.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';
import { createApiApp } from '../app.ts';

/**
 * A customisable product made in the back office (POST /api/manager/products with a design
 * template) is designable end to end like the demo products: the editor page opens its template, a
 * design on that template is saved (the editor's POST /api/custom/dampener) and one on any other is
 * refused, the design line goes into the cart and an order sheet, and the paid order makes a custom
 * order. When the manager changes the template or stops customising, old design lines stop being
 * orderable and new designs follow the catalogue.
 */

let t: TestDb;
let dir: string;
let admin: Client;
let alice: Shopper;
const api = apiClient(createApiApp());

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-catalogue-custom-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads' }));
  await seedCatalogFixture(t.db);
  await seedMemberDemo(t.db, 'demo');
  admin = new Client();
  const login = await admin.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
  expect(login.status).toBe(200);
  alice = await createShopper(t.db, '앨리스');
}, 120_000);
afterAll(() => {
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

const PRODUCTS = '/api/manager/products';

function cushion(overrides: Record<string, unknown> = {}) {
  return {
    productName: '우리집 사진 쿠션',
    slug: 'photo-cushion-450',
    partnerNo: 1,
    brandNo: 10,
    deliveryTemplateNo: 100,
    categoryNos: [529105],
    salePrice: 25_000,
    saleStatus: 'ONSALE',
    customizable: true,
    designTemplateId: 'square-cushion-450',
    options: {
      dimensions: [{ label: '색상', values: ['화이트', '그레이'] }],
      rows: [
        { values: ['화이트'], addPrice: 0, stock: 50 },
        { values: ['그레이'], addPrice: 2000, stock: 50 },
      ],
    },
    // the design replaces the product's text inputs on a design line
    inputs: [{ inputLabel: '받는 분 이름', required: true, maxLength: 20 }],
    ...overrides,
  };
}

interface Managed {
  productNo: number;
  version: number;
  slug: string;
  options: { rows: { optionNo: number; values: string[] }[] };
  [k: string]: unknown;
}

async function managed(productNo: number): Promise<Managed> {
  const res = await admin.call(`${PRODUCTS}/${productNo}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Managed;
}

async function createCushion(overrides: Record<string, unknown> = {}): Promise<Managed> {
  const res = await admin.call(PRODUCTS, { body: cushion(overrides) });
  expect(res.status, await res.clone().text()).toBe(201);
  const { productNo } = (await res.json()) as { productNo: number };
  return managed(productNo);
}

async function updateCushion(productNo: number, changes: Record<string, unknown>): Promise<void> {
  const { version, ...product } = await managed(productNo);
  const res = await admin.call(`${PRODUCTS}/${productNo}`, {
    method: 'PUT',
    body: { version, product: { ...product, ...changes } },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const designOn = (templateId: TemplateId) =>
  updateSide(newDesign(templateId), 'front', (s) =>
    addNode(
      { ...s, background: 'mint' },
      newTextNode(templateId, { text: '우리집 쿠션', fontFamily: 'jua' }),
    ),
  );

/** What the editor sends to save a design (POST /api/custom/dampener), with the option chosen there. */
const saveDesign = (productNo: number, templateId: TemplateId, optionNo?: number) =>
  api.post(
    '/api/custom/dampener',
    {
      dampenerPostData: {
        productNo,
        name: '거실 쿠션',
        design: designOn(templateId),
        ...(optionNo !== undefined ? { optionNo } : {}),
      },
    },
    alice,
  );

describe('a customisable product made in the back office', () => {
  let product: Managed;
  let designId: string;
  let cartNo: number;

  it('opens the editor on the template its manager chose, with no size option', async () => {
    product = await createCushion();
    const editor = await loadEditorProduct(product.slug);
    expect(editor).toMatchObject({
      productNo: product.productNo,
      materialLabel: null,
      design: {
        productNo: product.productNo,
        defaultTemplate: 'square-cushion-450',
        sizeOption: null,
        materialOption: null,
      },
    });
    // the storefront says it can be designed
    const detail = await api.get(`/shop-api/products/${product.productNo}`);
    expect(detail.body.extra).toMatchObject({ customizable: true, designTemplateId: 'square-cushion-450' });
  });

  it('saves a design on that template and refuses one on another template', async () => {
    // designed in grey: ordered in grey
    const saved = await saveDesign(
      product.productNo,
      'square-cushion-450',
      product.options.rows[1]!.optionNo,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({
      productNo: product.productNo,
      templateId: 'square-cushion-450',
      shape: 'square',
    });
    designId = saved.body.data.designId as string;

    for (const other of ['square-cushion-400', 'round-dampener-100'] as const) {
      const refused = await saveDesign(product.productNo, other);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'DESIGN_TEMPLATE_MISMATCH',
        message: '이 상품에 쓸 수 없는 디자인 템플릿입니다.',
      });
    }
  });

  it('takes the design line into the cart and an order sheet, without the text input it replaces', async () => {
    const optionNo = product.options.rows[1]!.optionNo;
    const added = await api.post(
      '/shop-api/cart',
      [{ productNo: product.productNo, optionNo, orderCnt: 2, optionInputs: designInput(designId) }],
      alice,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    cartNo = added.body.extra.lines[0].cartNo as number;

    const cart = await api.get('/shop-api/cart', alice);
    const line = optionLines(cart.body).find((o) => o.cartNo === cartNo);
    expect(line).toMatchObject({ productNo: product.productNo, optionNo, orderCnt: 2 });
    expect(line.extra.design).toMatchObject({ designId, name: '거실 쿠션' });
    expect(cart.body.invalidProducts).toEqual([]);

    const sheet = await api.post('/shop-api/order-sheets', { products: [], cartNos: [cartNo] }, alice);
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    const read = await api.get(`/shop-api/order-sheets/${sheet.body.orderSheetNo}`, alice);
    expect(read.status).toBe(200);
    const sheetLine = optionLines(read.body)[0];
    expect(sheetLine.extra.design).toMatchObject({ designId });
    // 25,000원 + 2,000원 for grey, two of them
    expect(sheetLine.price.buyAmt).toBe(54_000);
  });

  it('reaches custom production when paid, like the demo products', async () => {
    const sheet = await api.post('/shop-api/order-sheets', { products: [], cartNos: [cartNo] }, alice);
    const paid = await buy(api, alice, sheet.body.orderSheetNo as string);
    expect(paid.outcome).toMatchObject({ orderStatus: 'PAY_DONE', result: 'PAID' });
    const custom = await customOrdersOfOrder(t.db, paid.orderNo);
    expect(custom).toHaveLength(1);
    expect(custom[0]).toMatchObject({ designId, status: 'request', quantity: 2 });
  });

  it('follows the manager: a new template takes over, and a design on the old one can no longer be ordered', async () => {
    await updateCushion(product.productNo, { designTemplateId: 'round-cushion-350' });
    expect((await loadEditorProduct(product.slug))?.design.defaultTemplate).toBe('round-cushion-350');
    expect((await saveDesign(product.productNo, 'square-cushion-450')).body.code).toBe(
      'DESIGN_TEMPLATE_MISMATCH',
    );
    expect((await saveDesign(product.productNo, 'round-cushion-350')).status).toBe(201);

    const optionNo = product.options.rows[0]!.optionNo;
    const line = { productNo: product.productNo, optionNo, orderCnt: 1, optionInputs: designInput(designId) };
    const refused = await api.post('/shop-api/order-sheets', { products: [line], cartNos: [] }, alice);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      '상품의 디자인 템플릿이 바뀌어 주문할 수 없습니다. 새 템플릿으로 다시 디자인해 주세요.',
    );
  });

  it('no longer customisable: no editor, no new design, no design line', async () => {
    await updateCushion(product.productNo, { customizable: false, designTemplateId: null });
    expect(await loadEditorProduct(product.slug)).toBeNull();
    const saved = await saveDesign(product.productNo, 'round-cushion-350');
    expect(saved.status).toBe(400);
    expect(saved.body).toMatchObject({
      code: 'DESIGN_PRODUCT_INVALID',
      message: '디자인할 수 없는 상품입니다.',
    });

    const optionNo = product.options.rows[0]!.optionNo;
    const added = await api.post(
      '/shop-api/cart',
      [{ productNo: product.productNo, optionNo, orderCnt: 1, optionInputs: designInput(designId) }],
      alice,
    );
    expect(added.status).toBe(400);
    expect(added.body.code).toBe('INPUT_INVALID');
  });
});

describe('a product that is not customisable', () => {
  it('has no editor and takes no design', async () => {
    const plain = await createCushion({ slug: 'plain-cushion', customizable: false, designTemplateId: null });
    expect(await loadEditorProduct(plain.slug)).toBeNull();
    const saved = await saveDesign(plain.productNo, 'square-cushion-450');
    expect(saved.status).toBe(400);
    expect(saved.body.code).toBe('DESIGN_PRODUCT_INVALID');
  });
});
