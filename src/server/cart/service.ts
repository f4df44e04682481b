import { mergeCartLines } from '../../lib/cart-merge.ts';
import type { Db } from '../db/client.ts';
import {
  type Owner,
  checkNewLines,
  goneLine,
  resolveLines,
  type CheckedLine,
  type LineInput,
  type LineRequest,
  linesView,
  type LinesView,
  commerceError,
} from '../order/index.ts';

import { busySafe, writeTx } from '../db/write-tx.ts';
import * as repo from './repo.ts';
import type { CartLoadBody, PutCartItem } from './schema.ts';
import { inCartWriteGroup } from './write-group.ts';

/**
 * The member cart: lines on the server, priced from the catalogue whenever they are read. Adding
 * applies the merge rule (src/lib/cart-merge.ts); lines change inside one write transaction (an add
 * shares it with the other adds of the moment, each in its own savepoint: write-group.ts), so two
 * tabs adding the same option at once still end with one line holding both quantities.
 */

const MAX_CART_LINES = 100;

export interface AddedLine {
  cartNo: number;
  productNo: number;
  optionNo: number;
  orderCnt: number;
  /** The option was already in the cart without custom input: its quantity went up (toast text). */
  increased: boolean;
}

export interface AddResult {
  /** Lines in the cart now (Shopby's PostCartResponse). */
  count: number;
  extra: { lines: AddedLine[] };
}

const inputsOf = (line: { optionInputs?: readonly LineInput[] | null }) =>
  (line.optionInputs ?? []).filter((i) => i.inputValue.trim() !== '');

/** The member as the owner of cart lines (design lines are checked against it). */
const memberOwner = (memberNo: number): Owner => ({ memberNo, guestTokenHash: null });

async function resolveStored(db: Db, memberNo: number, rows: readonly repo.CartRow[]) {
  const requests: LineRequest[] = rows.map((r) => ({ ...r }));
  const { lines, missing } = await resolveLines(db, requests, { owner: memberOwner(memberNo) });
  return { lines, gone: missing.map(goneLine) };
}

/**
 * POST /cart: adds lines (same option without custom input → quantity up; a design line is always
 * a line of its own). Sold-out lines and designs that are not the member's fail.
 */
export async function addToCart(
  db: Db,
  memberNo: number,
  body: readonly CartLoadBody[],
  now = new Date(),
): Promise<AddResult> {
  // the rules alone, from the lean read of the products: the answer carries no prices
  const { lines, missing } = await checkNewLines(db, body, { now, owner: memberOwner(memberNo) });
  if (missing.length > 0) throw commerceError('PRODUCT_NOT_FOUND', '판매하지 않는 상품입니다.');
  const bad = lines.find((l) => l.problem && l.problem.code !== 'SOLD_OUT');
  if (bad?.problem) throw commerceError(bad.problem.code, bad.problem.message);
  const soldOut = lines.find((l) => l.soldOut);
  if (soldOut) throw commerceError('SOLD_OUT', `품절된 상품입니다. (${soldOut.productName})`);

  const incoming = lines.map((l) => ({
    productNo: l.productNo,
    optionNo: l.optionNo,
    orderCnt: l.orderCnt,
    optionInputs: l.optionInputs.map(({ inputLabel, inputValue }) => ({ inputLabel, inputValue })),
    line: l,
  }));
  const at = now.toISOString();
  // committed with the other shoppers' adds of this moment (group commit, decision 052)
  const { count, added } = await inCartWriteGroup(db, async (tx) => {
    const existing = await repo.selectLines(tx, memberNo);
    const plan = mergeCartLines(existing, incoming);
    // the lines as this transaction leaves them: no second read to count them
    const count = existing.length + plan.inserts.length;
    if (count > MAX_CART_LINES) throw commerceError('CART_FULL');
    for (const u of plan.updates) {
      const optionNo = existing.find((e) => e.cartNo === u.cartNo)!.optionNo;
      const line = incoming.find((i) => i.optionNo === optionNo && i.optionInputs.length === 0)!.line;
      checkQuantity(line, u.orderCnt, u.orderCnt - u.added);
      await repo.updateLine(tx, memberNo, u.cartNo, { orderCnt: u.orderCnt }, at);
    }
    const insertedNos: number[] = [];
    for (const ins of plan.inserts) {
      checkQuantity(ins.line, ins.orderCnt, 0);
      insertedNos.push(await repo.insertLine(tx, memberNo, ins, at));
    }
    const added = plan.placements.map((p, i): AddedLine => {
      const src = incoming[i]!;
      if (p.kind === 'update') {
        const u = plan.updates.find((x) => x.cartNo === p.cartNo)!;
        return {
          cartNo: p.cartNo,
          productNo: src.productNo,
          optionNo: src.optionNo,
          orderCnt: u.orderCnt,
          increased: true,
        };
      }
      return {
        cartNo: insertedNos[p.index]!,
        productNo: src.productNo,
        optionNo: src.optionNo,
        orderCnt: plan.inserts[p.index]!.orderCnt,
        increased: false,
      };
    });
    return { count, added };
  });
  return { count, extra: { lines: added } };
}

function checkQuantity(line: CheckedLine, total: number, already: number): void {
  if (total > line.maxBuyCnt) {
    throw commerceError(
      'INVALID_QUANTITY',
      already > 0
        ? `장바구니에 이미 ${already}개가 담겨 있습니다. 한 번에 ${line.maxBuyCnt}개까지 구매할 수 있습니다.`
        : `한 번에 ${line.maxBuyCnt}개까지 구매할 수 있습니다.`,
    );
  }
  if (total > line.stockCnt) {
    throw commerceError('SOLD_OUT', `재고가 부족합니다. (${line.productName}, 남은 수량 ${line.stockCnt}개)`);
  }
}

export interface MergeResult {
  count: number;
  /** Lines whose quantity went up / lines added. */
  merged: number;
  added: number;
  /** Guest lines that could not be kept (not sold any more, unknown option, bad input). */
  skipped: { productNo: number; optionNo: number; code: string; message: string }[];
}

/**
 * At login: the guest cart's lines into the member cart with the merge rule. Unlike POST /cart it
 * never fails for one stale line: such lines are skipped and reported, quantities above a
 * product's limit are lowered to it.
 */
export async function mergeGuestCart(
  db: Db,
  memberNo: number,
  body: readonly CartLoadBody[],
  now = new Date(),
): Promise<MergeResult> {
  const skipped: MergeResult['skipped'] = [];
  const resolved = await Promise.all(
    body.map(async (req) => {
      try {
        const { lines } = await resolveLines(db, [req], { strict: true, now, owner: memberOwner(memberNo) });
        const problem = lines[0]?.problem;
        if (problem?.code === 'DESIGN_NOT_ORDERABLE' || problem?.code === 'DESIGN_REQUIRED') {
          skipped.push({ productNo: req.productNo, optionNo: req.optionNo, ...problem });
          return null;
        }
        if (lines[0]) return lines[0];
        skipped.push({
          productNo: req.productNo,
          optionNo: req.optionNo,
          code: 'NOT_ON_SALE',
          message: '판매가 끝난 상품입니다.',
        });
      } catch (err) {
        const e = err as { code?: string; message?: string };
        skipped.push({
          productNo: req.productNo,
          optionNo: req.optionNo,
          code: e.code ?? 'INPUT_INVALID',
          message: e.message ?? '',
        });
      }
      return null;
    }),
  );
  const incoming = resolved.flatMap((l) =>
    l
      ? [
          {
            productNo: l.productNo,
            optionNo: l.optionNo,
            orderCnt: l.orderCnt,
            optionInputs: l.optionInputs.map(({ inputLabel, inputValue }) => ({ inputLabel, inputValue })),
            max: l.maxBuyCnt,
          },
        ]
      : [],
  );
  const at = now.toISOString();
  const { merged, added } = await writeTx(db, async (tx) => {
    const existing = await repo.selectLines(tx, memberNo);
    const plan = mergeCartLines(existing, incoming);
    const maxOf = (optionNo: number) => incoming.find((i) => i.optionNo === optionNo)?.max ?? 999;
    for (const u of plan.updates) {
      const optionNo = existing.find((e) => e.cartNo === u.cartNo)!.optionNo;
      await repo.updateLine(tx, memberNo, u.cartNo, { orderCnt: Math.min(u.orderCnt, maxOf(optionNo)) }, at);
    }
    let room = MAX_CART_LINES - existing.length;
    let inserted = 0;
    for (const ins of plan.inserts) {
      if (room <= 0) {
        skipped.push({
          productNo: ins.productNo,
          optionNo: ins.optionNo,
          code: 'CART_FULL',
          message: '장바구니가 가득 찼습니다.',
        });
        continue;
      }
      await repo.insertLine(tx, memberNo, { ...ins, orderCnt: Math.min(ins.orderCnt, ins.max) }, at);
      room--;
      inserted++;
    }
    return { merged: plan.updates.length, added: inserted };
  });
  return { count: await repo.countLines(db, memberNo), merged, added, skipped };
}

/** GET /cart */
export async function getCart(
  db: Db,
  memberNo: number,
  opts: { divideInvalid?: boolean } = {},
): Promise<LinesView> {
  const rows = await repo.selectLines(db, memberNo);
  const { lines, gone } = await resolveStored(db, memberNo, rows);
  return linesView(lines, { divideInvalid: opts.divideInvalid, gone });
}

async function ownLines(db: Db, memberNo: number, cartNos: readonly number[]): Promise<repo.CartRow[]> {
  const rows = await repo.selectLines(db, memberNo, cartNos);
  if (rows.length !== new Set(cartNos).size) throw commerceError('CART_NOT_FOUND');
  return rows;
}

/** GET /cart/subset and /cart/calculate: the selected lines only. Another member's cartNo → 404. */
export async function getCartSubset(
  db: Db,
  memberNo: number,
  cartNos: readonly number[],
  opts: { divideInvalid?: boolean } = {},
): Promise<LinesView> {
  const rows = await ownLines(db, memberNo, cartNos);
  const { lines, gone } = await resolveStored(db, memberNo, rows);
  return linesView(lines, { divideInvalid: opts.divideInvalid, gone });
}

export async function countCart(db: Db, memberNo: number): Promise<{ count: number }> {
  return { count: await repo.countLines(db, memberNo) };
}

/** PUT /cart: new quantity (and custom inputs) of the member's own lines. */
export async function updateCart(
  db: Db,
  memberNo: number,
  items: readonly PutCartItem[],
  now = new Date(),
): Promise<{ count: number }> {
  const rows = await ownLines(
    db,
    memberNo,
    items.map((i) => i.cartNo),
  );
  const requests = items.map((item) => {
    const row = rows.find((r) => r.cartNo === item.cartNo)!;
    return { ...row, orderCnt: item.orderCnt, optionInputs: item.optionInputs ?? row.optionInputs };
  });
  const { lines, missing } = await resolveLines(db, requests, {
    strict: true,
    now,
    owner: memberOwner(memberNo),
  });
  if (missing.length > 0)
    throw commerceError('NOT_ON_SALE', '판매가 끝난 상품입니다. 장바구니에서 삭제해 주세요.');
  for (const line of lines) {
    if (line.problem?.code === 'DESIGN_NOT_ORDERABLE' || line.problem?.code === 'DESIGN_REQUIRED')
      throw commerceError(line.problem.code, line.problem.message);
    if (line.orderCnt > line.stockCnt && !line.soldOut) {
      throw commerceError(
        'SOLD_OUT',
        `재고가 부족합니다. (${line.productName}, 남은 수량 ${line.stockCnt}개)`,
      );
    }
  }
  const at = now.toISOString();
  await writeTx(db, async (tx) => {
    const current = await repo.selectLines(tx, memberNo);
    for (const [i, item] of items.entries()) {
      const line = lines[i]!;
      const optionInputs = item.optionInputs ? inputsOf({ optionInputs: line.optionInputs }) : undefined;
      // a line losing its custom input becomes the option's plain line: merge into an existing one
      const twin =
        optionInputs && optionInputs.length === 0
          ? current.find(
              (c) => c.cartNo !== item.cartNo && c.optionNo === line.optionNo && inputsOf(c).length === 0,
            )
          : undefined;
      if (twin) {
        const total = Math.min(twin.orderCnt + item.orderCnt, line.maxBuyCnt);
        await tx.execute(repo.deleteLinesStatement(memberNo, [item.cartNo]));
        await repo.updateLine(tx, memberNo, twin.cartNo, { orderCnt: total }, at);
        continue;
      }
      await repo.updateLine(
        tx,
        memberNo,
        item.cartNo,
        optionInputs ? { orderCnt: item.orderCnt, optionInputs } : { orderCnt: item.orderCnt },
        at,
      );
    }
  });
  return countCart(db, memberNo);
}

/** DELETE /cart?cartNo=1,2: all or nothing; another member's cartNo → 404. */
export async function deleteCart(
  db: Db,
  memberNo: number,
  cartNos: readonly number[],
): Promise<{ count: number }> {
  await ownLines(db, memberNo, cartNos);
  await busySafe(db.execute(repo.deleteLinesStatement(memberNo, cartNos)));
  return countCart(db, memberNo);
}

/**
 * POST /guest/cart: prices a guest cart from product, option, quantity and inputs alone. Design
 * lines are checked against `owner` (the guest identity, or the member once signed in); one that
 * fails is flagged like a sold-out line, not refused.
 */
export async function priceGuestCart(
  db: Db,
  items: readonly (CartLoadBody & { cartNo?: number | null | undefined })[],
  opts: { divideInvalid?: boolean; owner?: Owner | null } = {},
): Promise<LinesView> {
  const requests: LineRequest[] = items.map((i) => ({ ...i, cartNo: i.cartNo ?? undefined }));
  const { lines, missing } = await resolveLines(db, requests, { strict: true, owner: opts.owner ?? null });
  return linesView(lines, { divideInvalid: opts.divideInvalid, gone: missing.map(goneLine) });
}
