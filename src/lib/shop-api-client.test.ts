import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartApi } from './clients/cart.ts';
import { cookieApi } from './clients/cookies.ts';
import { managerOrderApi } from './clients/manager-orders.ts';
import { orderSheetApi } from './clients/order-sheets.ts';
import { productReviewApi } from './clients/product-reviews.ts';
import { profileApi } from './clients/profile.ts';
import { ERRORS } from './errors/index.ts';
import {
  ApiError,
  CLIENT_ID_META,
  errorMessage,
  messageFor,
  param,
  query,
  unwrap,
} from './shop-api-client.ts';

let calls: { url: string; init: RequestInit }[];

function answer(status: number, body: unknown) {
  return vi.fn(async (url: URL | string, init: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

const header = (i: number, name: string) => new Headers(calls[i]!.init.headers).get(name);

beforeEach(() => {
  calls = [];
  vi.stubGlobal('window', {
    location: { origin: 'http://shop.test' },
    matchMedia: () => ({ matches: false }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('typed clients', () => {
  it("send Shopby's headers and the session cookie to /shop-api, and type the answer", async () => {
    vi.stubGlobal('fetch', answer(200, { count: 3 }));
    const res = await unwrap(cartApi.count.$get());
    expect(res.count).toBe(3);
    expect(calls[0]!.url).toBe('http://shop.test/shop-api/cart/count');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(header(0, 'Accept')).toBe('application/json');
    expect(header(0, 'Version')).toBe('1.0');
    expect(header(0, 'clientId')).toBe('podo-local');
    expect(header(0, 'platform')).toBe('MOBILE_WEB');
  });

  it("send the shop's configured clientId from the page's meta tag", async () => {
    vi.stubGlobal('document', {
      querySelector: (sel: string) =>
        sel === `meta[name="${CLIENT_ID_META}"]` ? { getAttribute: () => 'my-shop' } : null,
    });
    vi.stubGlobal('fetch', answer(200, { count: 0 }));
    await unwrap(cartApi.count.$get());
    expect(header(0, 'clientId')).toBe('my-shop');
  });

  it('send JSON bodies as application/json (the CSRF check) with the extra headers', async () => {
    vi.stubGlobal('fetch', answer(200, { orderSheetNo: '202601010000000001' }));
    await unwrap(
      orderSheetApi.index.$post({ json: { cartNos: [1, 2] } }, { headers: { guestToken: 'g-1' } }),
    );
    expect(calls[0]!.url).toBe('http://shop.test/shop-api/order-sheets');
    expect(calls[0]!.init.method).toBe('POST');
    expect(header(0, 'Content-Type')).toBe('application/json');
    expect(header(0, 'guestToken')).toBe('g-1');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ cartNos: [1, 2] });
  });

  it("leave Shopby's headers off the shop's own /api routes", async () => {
    vi.stubGlobal('fetch', answer(200, { deleted: [] }));
    await unwrap(cookieApi['del-cookie'].$post({ json: {} }));
    expect(calls[0]!.url).toBe('http://shop.test/api/del-cookie');
    expect(header(0, 'clientId')).toBeNull();
    expect(header(0, 'Content-Type')).toBe('application/json');
  });

  it('turn a refusal into an ApiError with the Korean message and the whole body', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { code: 'CART_LIMIT', message: '장바구니가 가득 찼습니다.', limit: 100 }),
    );
    const err = await unwrap(cartApi.count.$get()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'CART_LIMIT', message: '장바구니가 가득 찼습니다.' });
    expect((err as ApiError).body.limit).toBe(100);
  });

  it('answer null for a body-less answer, and a network failure as an ApiError', async () => {
    vi.stubGlobal('fetch', answer(204, null));
    expect(await unwrap(cartApi.index.$put({ json: { cartNo: 1, orderCnt: 2 } }))).toBeNull();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(unwrap(cartApi.count.$get())).rejects.toMatchObject({ status: 0, code: 'network-error' });
  });

  it('let an abort through as an abort', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    await expect(unwrap(cartApi.count.$get())).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('query and path values', () => {
  it('send numbers and flags as text and leave out null, undefined and empty values', async () => {
    vi.stubGlobal('fetch', answer(200, { count: 0 }));
    await unwrap(cartApi.index.$delete({ query: query({ cartNo: '1,2' }) }));
    expect(calls[0]!.url).toBe('http://shop.test/shop-api/cart?cartNo=1%2C2');
    expect(query({ a: 1, b: true, c: null, d: undefined, e: '', f: 'x' })).toEqual({
      a: '1',
      b: 'true',
      c: undefined,
      d: undefined,
      e: undefined,
      f: 'x',
    });
  });

  it('fill in parameters of routes with patterns (`:reviewNo{[0-9]{1,15}}`, `:step{a|b}`)', async () => {
    vi.stubGlobal('fetch', answer(200, { recommendCnt: 1, recommended: true }));
    const review = productReviewApi[':productNo{[0-9]{1,15}}']['product-reviews'][':reviewNo{[0-9]{1,15}}'];
    await unwrap(review.recommend.$post({ param: param({ productNo: '7', reviewNo: '9' }) }));
    await unwrap(
      managerOrderApi[':orderNo'][':step{prepare|prepare-delivery|deliver}'].$post({
        param: param({ orderNo: '202601010000000001', step: 'prepare-delivery' }),
      }),
    );
    expect(calls.map((c) => c.url)).toEqual([
      'http://shop.test/shop-api/products/7/product-reviews/9/recommend',
      'http://shop.test/api/manager/orders/202601010000000001/prepare-delivery',
    ]);
  });

  it('encode path parameters, so a value stays one segment', async () => {
    vi.stubGlobal('fetch', answer(200, {}));
    await unwrap(orderSheetApi[':orderSheetNo'].$get({ param: param({ orderSheetNo: '../x?y' }) }));
    expect(calls[0]!.url).toBe('http://shop.test/shop-api/order-sheets/..%2Fx%3Fy');
  });
});

describe('error messages', () => {
  it("show the server's Korean message, with the code and status of the answer", async () => {
    vi.stubGlobal('fetch', answer(400, { code: 'INVALID_INPUT', message: '이름을 입력해 주세요.' }));
    const err = await unwrap(
      profileApi.index.$put({ json: { memberName: '' } }, { headers: { guestToken: 'g' } }),
    ).catch((e: unknown) => e);
    expect(calls[0]!.url).toBe('http://shop.test/shop-api/profile');
    expect(calls[0]!.init.method).toBe('PUT');
    expect(header(0, 'Content-Type')).toBe('application/json');
    expect(header(0, 'guestToken')).toBe('g');
    expect(header(0, 'clientId')).toBe('podo-local');
    expect(err).toMatchObject({ status: 400, code: 'INVALID_INPUT', message: '이름을 입력해 주세요.' });
    expect(errorMessage(err)).toBe('이름을 입력해 주세요.');
  });

  it("use the catalogue's text for a known code of any area when the server's is not Korean", () => {
    expect(messageFor('login-failed', 'Login failed', 401)).toBe(ERRORS['login-failed'].message);
    expect(messageFor('L1001', undefined, 400)).toBe(ERRORS.L1001.message);
    expect(messageFor('invalid-state', 'bad state', 400)).toBe(ERRORS['invalid-state'].message);
    expect(messageFor('CLAIM_NOT_FOUND', 'not found', 404)).toBe(ERRORS.CLAIM_NOT_FOUND.message);
    expect(messageFor('NOT_FOUND', undefined, 404)).toBe(ERRORS.NOT_FOUND.message);
  });

  it('say "too many requests" for an unknown 429, and something general otherwise', async () => {
    expect(messageFor('HTTP_429', undefined, 429)).toBe(ERRORS['too-many-requests'].message);
    expect(messageFor('SOMETHING_ELSE', 'Oops', 500)).toBe(
      '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    );
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>busy</html>', { status: 502 })));
    const err = await unwrap(cartApi.count.$get()).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    });
    expect(errorMessage(new Error('x'))).toBe('일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.');
  });
});
