import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface NewProduct {
  name: string;
  salePrice?: number;
  saleStatus?: 'READY' | 'ONSALE';
  stock?: number;
  /** The option's 강제 품절: stopped by a manager though it has stock. */
  forcedSoldOut?: boolean;
}

/**
 * A product with one plain option, made through the manager API as the product editor's POST does,
 * for a test that changes or stops it (so no other test's product moves). `admin` is a page whose
 * context is signed in as a manager and has loaded one of the shop's pages (its origin is sent).
 */
export async function createProductByApi(admin: Page, p: NewProduct): Promise<number> {
  const origin = new URL(admin.url()).origin;
  const form = await admin.request.get('/api/manager/products/form-options');
  expect(form.ok()).toBe(true);
  const { partners, deliveryTemplates } = (await form.json()) as {
    partners: { partnerNo: number }[];
    deliveryTemplates: { templateNo: number; partnerNo: number }[];
  };
  const partnerNo = partners[0]!.partnerNo;
  const res = await admin.request.post('/api/manager/products', {
    headers: { Origin: origin },
    data: {
      productName: p.name,
      partnerNo,
      deliveryTemplateNo: deliveryTemplates.find((t) => t.partnerNo === partnerNo)!.templateNo,
      categoryNos: [],
      salePrice: p.salePrice ?? 5000,
      saleStatus: p.saleStatus ?? 'READY',
      options: {
        dimensions: [],
        rows: [{ values: [], addPrice: 0, stock: p.stock ?? 5, forcedSoldOut: p.forcedSoldOut ?? false }],
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { productNo: number }).productNo;
}
