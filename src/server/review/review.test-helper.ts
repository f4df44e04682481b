import type { Db } from '../db/client.ts';
import type { OrderStatus } from '../order/repo.ts';

/**
 * Orders for the review tests: a member's order with one line, put straight into the order tables
 * in the state a test needs (a delivered line, a paid one …), without going through checkout.
 */

let seq = 0;

const delivered = (status: OrderStatus) => status === 'DELIVERY_DONE' || status === 'BUY_CONFIRM';

export interface TestLine {
  orderNo: string;
  orderOptionNo: number;
}

export async function orderLine(
  db: Db,
  memberNo: number,
  line: {
    productNo: number;
    optionNo: number;
    productName?: string;
    optionName?: string;
    optionValue?: string;
  },
  status: OrderStatus = 'DELIVERY_DONE',
  orderedAt = new Date().toISOString(),
): Promise<TestLine> {
  seq += 1;
  const orderNo = `R${Date.now()}${process.pid % 1000}${seq}`.slice(0, 30);
  await db.execute({
    sql: `INSERT INTO order_sheets (order_sheet_no, member_no, products, created_at, expires_at) VALUES (?, ?, '[]', ?, ?)`,
    args: [orderNo, memberNo, orderedAt, orderedAt],
  });
  await db.execute({
    sql: `INSERT INTO orders (order_no, order_sheet_no, member_no, order_status, pay_type, pg_type, orderer_name,
            orderer_contact1, receiver_name, receiver_zip_cd, receiver_address, receiver_contact1, standard_amt, pay_amt,
            ordered_at, paid_at, delivered_at, updated_at)
          VALUES (?, ?, ?, ?, 'CREDIT_CARD', 'sandbox', '김포도', '01012345678', '김포도', '06236',
            '서울특별시 강남구 테헤란로 123', '01012345678', 12000, 12000, ?, ?, ?, ?)`,
    args: [
      orderNo,
      orderNo,
      memberNo,
      status,
      orderedAt,
      orderedAt,
      delivered(status) ? orderedAt : null,
      orderedAt,
    ],
  });
  const rs = await db.execute({
    sql: `INSERT INTO order_options (order_no, product_no, option_no, product_name, option_name, option_value, image_url,
            order_cnt, sale_price, buy_price, buy_amt, option_inputs, partner_no, partner_name, delivery_template_no)
          VALUES (?, ?, ?, ?, ?, ?, ?, 1, 12000, 12000, 12000, ?, 1, '포도', 100) RETURNING order_option_no`,
    args: [
      orderNo,
      line.productNo,
      line.optionNo,
      line.productName ?? `상품 ${line.productNo}`,
      line.optionName ?? '',
      line.optionValue ?? '',
      `/uploads/catalog/products/${line.productNo}-1-320w.webp`,
      JSON.stringify([{ inputNo: 1, inputLabel: '각인 문구', inputValue: '<b>포도</b>' }]),
    ],
  });
  return { orderNo, orderOptionNo: Number(rs.rows[0]!.order_option_no) };
}

export async function setOrderStatus(db: Db, orderNo: string, status: OrderStatus): Promise<void> {
  await db.execute({
    sql: 'UPDATE orders SET order_status = ?, delivered_at = ?, updated_at = ? WHERE order_no = ?',
    args: [status, delivered(status) ? new Date().toISOString() : null, new Date().toISOString(), orderNo],
  });
}

export async function productCounters(
  db: Db,
  productNo: number,
): Promise<{ reviewCnt: number; reviewRating: number }> {
  const rs = await db.execute({
    sql: 'SELECT review_cnt, review_rating FROM products WHERE product_no = ?',
    args: [productNo],
  });
  return { reviewCnt: Number(rs.rows[0]!.review_cnt), reviewRating: Number(rs.rows[0]!.review_rating) };
}
