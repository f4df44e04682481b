import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { Client } from '../../../tests/fixtures/members.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { DEMO_ACCOUNTS, seedMemberDemo } from '../../server/member/seed.ts';

/** The specification's `/api/{brand}?url=/product-plus/{id}` and `/product-custom/{id}`. */

let t: TestDb;
let plainProductNo: number;
beforeAll(async () => {
  t = await createTestDb();
  await seedDemo(t.db, { images: false });
  await seedMemberDemo(t.db, 'demo');
  const rs = await t.db.execute(
    'SELECT product_no FROM products WHERE customizable = 0 AND deleted_ymdt IS NULL LIMIT 1',
  );
  plainProductNo = Number(rs.rows[0]!.product_no);
}, 120_000);
afterAll(() => t.close());

type Answer = { data: { message: Record<string, unknown> } };

describe('/api/{brand} product commands', () => {
  it("answers a product's extra settings to anyone, by the url query or the path", async () => {
    const res = await new Client().call('/api/podo?url=/product-plus/100005');
    expect(res.status).toBe(200);
    const { message } = ((await res.json()) as Answer).data;
    expect(message).toMatchObject({
      productNo: 100005,
      customizable: true,
      designTemplateId: 'round-dampener-100',
    });
    expect(message.optionLabels).toEqual(expect.arrayContaining(['사이즈', '재질']));
    expect(message.slug).toEqual(expect.any(String));
    expect(message.salePrice).toEqual(expect.any(Number));
    const byPath = await new Client().call('/api/podo/product-plus/100005');
    expect(((await byPath.json()) as Answer).data.message.productNo).toBe(100005);
    const plain = await new Client().call(`/api/podo?url=/product-plus/${plainProductNo}`);
    expect(((await plain.json()) as Answer).data.message).toMatchObject({
      customizable: false,
      designTemplateId: null,
    });
  });

  it("answers a customisable product's design settings: templates, the size and material options, each option's template", async () => {
    const member = new Client();
    await member.login(DEMO_ACCOUNTS.admin.memberId, DEMO_ACCOUNTS.admin.password);
    for (const client of [new Client(), member]) {
      const res = await client.call('/api/podo?url=/product-custom/100005');
      expect(res.status).toBe(200);
      const { message } = ((await res.json()) as Answer).data as unknown as {
        message: {
          productNo: number;
          design: { defaultTemplate: string; sizeOption: { label: string }; materialOption: string };
          templates: { id: string; widthMm: number; bleedMm: number }[];
          labels: string[];
          options: { optionNo: number; value: string; addPrice: number; templateId: string }[];
          inputs: { inputLabel: string }[];
        };
      };
      expect(message.productNo).toBe(100005);
      expect(message.design).toMatchObject({
        defaultTemplate: 'round-dampener-100',
        sizeOption: { label: '사이즈' },
        materialOption: '재질',
      });
      expect(message.templates.map((tpl) => [tpl.id, tpl.widthMm, tpl.bleedMm])).toEqual([
        ['round-dampener-100', 100, 2],
        ['round-dampener-120', 120, 2],
      ]);
      expect(message.options.length).toBeGreaterThan(1);
      for (const o of message.options) {
        const size = o.value.split('|')[message.labels.indexOf('사이즈')];
        expect(o.templateId).toBe(size === '12cm' ? 'round-dampener-120' : 'round-dampener-100');
      }
      expect(message.inputs.every((i) => i.inputLabel !== '디자인 번호')).toBe(true);
    }
  });

  it('is a 404 with a Korean message for an unknown id, and for product-custom of a product that cannot be designed', async () => {
    for (const url of ['/product-plus/999999999', '/product-custom/999999999', '/product-plus/abc']) {
      const res = await new Client().call(`/api/podo?url=${url}`);
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe('상품을 찾을 수 없습니다.');
    }
    const plain = await new Client().call(`/api/podo?url=/product-custom/${plainProductNo}`);
    expect(plain.status).toBe(404);
    expect(((await plain.json()) as { message: string }).message).toBe('디자인할 수 있는 상품이 아닙니다.');
    // another brand's address is not this shop's
    expect((await new Client().call('/api/other?url=/product-plus/100005')).status).toBe(404);
  });
});
