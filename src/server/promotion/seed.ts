import type { Client, InStatement } from '@libsql/client';
import { DEMO_ACCOUNTS } from '../member/index.ts';
import { issueCoupon } from './service.ts';
import * as repo from './repo.ts';
import { writeTx } from '../db/write-tx.ts';
import { shopMode, type ShopMode } from '../platform/mode.ts';

/**
 * Demo coupons and points for local use. Coupon definitions are inserted once (fixed numbers);
 * the demo accounts (DEMO_ACCOUNTS) get some points and a few coupons the first time. Safe to call
 * on every start: nothing is added twice.
 */

const FAR_FUTURE = '2099-12-31T15:00:00.000Z';

export const DEMO_COUPONS = {
  welcomeCart: 1,
  allProducts10: 2,
  dampeners5000: 3,
  bigOrder15: 4,
} as const;

/** Category of the demo dampeners (the first product coupon targets its products). */
const DAMPENER_CATEGORY = 529105;

function couponStatements(at: string): InStatement[] {
  const insert = (values: Record<string, string | number | null>): InStatement => ({
    sql: `INSERT INTO coupons (${Object.keys(values).join(', ')}) VALUES (${Object.keys(values)
      .map(() => '?')
      .join(', ')})
      ON CONFLICT (coupon_no) DO NOTHING`,
    args: Object.values(values),
  });
  const base = {
    issue_start_at: '2024-01-01T00:00:00.000Z',
    active: 1,
    created_at: at,
    issue_per_member_limit: 1,
  };
  return [
    insert({
      ...base,
      coupon_no: DEMO_COUPONS.welcomeCart,
      coupon_name: '첫 주문 3,000원 할인',
      coupon_type: 'CART',
      coupon_target_type: 'ALL_PRODUCT',
      discount_unit: 'WON',
      discount_value: 3000,
      max_discount_amt: 0,
      min_order_amt: 30000,
      downloadable: 1,
      use_days: 30,
      use_end_at: null,
      total_issue_limit: null,
    }),
    insert({
      ...base,
      coupon_no: DEMO_COUPONS.allProducts10,
      coupon_name: '전 상품 10% 할인 (최대 5,000원)',
      coupon_type: 'PRODUCT',
      coupon_target_type: 'ALL_PRODUCT',
      discount_unit: 'RATE',
      discount_value: 10,
      max_discount_amt: 5000,
      min_order_amt: 10000,
      downloadable: 1,
      use_days: 14,
      use_end_at: FAR_FUTURE,
      total_issue_limit: 1000,
    }),
    insert({
      ...base,
      coupon_no: DEMO_COUPONS.dampeners5000,
      coupon_name: '방진패드 5,000원 할인',
      coupon_type: 'PRODUCT',
      coupon_target_type: 'PRODUCT',
      discount_unit: 'WON',
      discount_value: 5000,
      max_discount_amt: 0,
      min_order_amt: 20000,
      downloadable: 1,
      use_days: null,
      use_end_at: FAR_FUTURE,
      total_issue_limit: 500,
    }),
    {
      sql: `INSERT INTO coupon_target_products (coupon_no, product_no)
        SELECT ?, pc.product_no FROM product_categories pc WHERE pc.category_no = ?
        ON CONFLICT DO NOTHING`,
      args: [DEMO_COUPONS.dampeners5000, DAMPENER_CATEGORY],
    },
    insert({
      ...base,
      coupon_no: DEMO_COUPONS.bigOrder15,
      coupon_name: '5만원 이상 주문 15% 할인 (최대 10,000원)',
      coupon_type: 'CART',
      coupon_target_type: 'ALL_PRODUCT',
      discount_unit: 'RATE',
      discount_value: 15,
      max_discount_amt: 10000,
      min_order_amt: 50000,
      downloadable: 0,
      use_days: 60,
      use_end_at: null,
      total_issue_limit: null,
    }),
  ];
}

const DEMO_POINTS = 5000;

/** Demo coupons, and points and coupons for the demo accounts (demo mode only). */
export async function seedCommerceDemo(
  client: Client,
  opts: { now?: Date; mode?: ShopMode } = {},
): Promise<void> {
  const now = opts.now ?? new Date();
  if ((opts.mode ?? shopMode()) === 'live') return;
  await client.batch(couponStatements(now.toISOString()), 'write');
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    const rs = await client.execute({
      sql: 'SELECT member_no FROM members WHERE member_id = ?',
      args: [account.memberId],
    });
    const memberNo = rs.rows[0]?.member_no as number | undefined;
    if (memberNo === undefined) continue;
    const given = await client.execute({
      sql: "SELECT 1 FROM accumulations WHERE member_no = ? AND reason = 'ADD_EVENT' AND reason_detail = 'demo'",
      args: [memberNo],
    });
    if (given.rows.length === 0) {
      await writeTx(client, (tx) =>
        repo.givePoints(tx, {
          memberNo,
          amount: DEMO_POINTS,
          reason: 'ADD_EVENT',
          reasonDetail: 'demo',
          now: now.toISOString(),
        }),
      );
    }
    for (const couponNo of [DEMO_COUPONS.welcomeCart, DEMO_COUPONS.allProducts10, DEMO_COUPONS.bigOrder15]) {
      if ((await repo.countIssuedTo(client, couponNo, memberNo)) === 0) {
        await issueCoupon(client, memberNo, couponNo, { gift: true, now });
      }
    }
  }
}
