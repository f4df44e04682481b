import { expect, open, SHOP_API_HEADERS, shopApi, test } from './support/fixtures.ts';
import { createMember, loginInBrowser } from './support/members.ts';

/**
 * A product made from the shopper's design or photo (issue 18): its page has no plain 장바구니 담기,
 * it says a design is needed and its button opens the editor with the option chosen on the page;
 * the server refuses a cart line or an order sheet of it without a design.
 */

const PET_CUSHION = { no: 100018, slug: 'custom-pet-photo-cushion', name: '반려동물 사진 쿠션 커스텀 제작' };

test('a customisable product opens the editor instead of going into the cart without a design', async ({
  page,
}) => {
  const options = await shopApi<{ flatOptions: { optionNo: number; value: string }[] }>(
    page.request,
    `products/${PET_CUSHION.no}/options`,
  );
  const large = options.flatOptions.find((o) => o.value === '사각|대형')!;
  expect(large).toBeTruthy();

  await open(page, `/products/${PET_CUSHION.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: PET_CUSHION.name })).toBeVisible();
  const form = page.getByRole('form', { name: '상품 옵션 선택' });
  await expect(form).toHaveAttribute('data-hydrated', 'true');
  await expect(form.getByRole('button', { name: '장바구니 담기' })).toHaveCount(0);
  await expect(form.getByText('사진이나 디자인을 넣어 만드는 주문 제작 상품입니다.')).toBeVisible();
  // the design replaces the product's text input: it is not asked here
  await expect(form.getByLabel(/반려동물 이름/)).toHaveCount(0);

  const design = form.getByRole('link', { name: '디자인하기' });
  await expect(design).toHaveAttribute('href', `/products/${PET_CUSHION.slug}/customize`);
  await form.getByLabel('모양', { exact: true }).selectOption('사각');
  await form.getByLabel('사이즈', { exact: true }).selectOption('대형');
  await expect(design).toHaveAttribute(
    'href',
    `/products/${PET_CUSHION.slug}/customize?option=${large.optionNo}`,
  );
  await design.click();

  // the editor starts on the option chosen on the product page (대형: the 50 x 50cm template)
  await expect(page.locator('.stage-box canvas').first()).toBeVisible();
  await expect(page.getByLabel('모양', { exact: true })).toHaveValue('사각');
  await expect(page.getByLabel('사이즈', { exact: true })).toHaveValue('대형');
  await expect(page.locator('.editor-sub')).toContainText('사각 쿠션 50 x 50cm');
});

test('the server refuses a customisable product without a design in the cart and the order sheet', async ({
  page,
}) => {
  const account = await createMember(page.request);
  await loginInBrowser(page, account);
  const options = await shopApi<{ flatOptions: { optionNo: number; value: string }[] }>(
    page.request,
    `products/${PET_CUSHION.no}/options`,
  );
  const line = {
    productNo: PET_CUSHION.no,
    optionNo: options.flatOptions[0]!.optionNo,
    orderCnt: 1,
    optionInputs: [{ inputLabel: '반려동물 이름', inputValue: '콩이' }],
  };
  const headers = { ...SHOP_API_HEADERS, Origin: new URL(page.url()).origin };

  const cart = await page.request.post('/shop-api/cart', { headers, data: [line] });
  expect(cart.status()).toBe(400);
  const refused = (await cart.json()) as { code: string; message: string };
  expect(refused.code).toBe('DESIGN_REQUIRED');
  expect(refused.message).toContain('디자인');

  const sheet = await page.request.post('/shop-api/order-sheets', { headers, data: { products: [line] } });
  expect(sheet.status()).toBe(400);
  expect(((await sheet.json()) as { code: string }).code).toBe('DESIGN_REQUIRED');
});
