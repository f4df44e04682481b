import { phoneDigits } from '../../lib/phone.ts';
import type { Db, Executor } from '../db/client.ts';
import { writeTx } from '../db/write-tx.ts';
import { notificationSteps } from '../notification/index.ts';
import { env } from '../platform/env.ts';
import { appError } from '../platform/errors.ts';
import * as repo from './restock-repo.ts';

/**
 * 재입고 알림 (decision 033). A shopper asks to be told when a sold-out option is back; the request
 * keeps where to tell (a member's phone and e-mail as they are now, a guest's phone given with
 * consent). When the option's stock goes from 0 to more — whatever moved it: the back office, a
 * CSV import, the counter's stock screen, a cancelled order or a refund giving units back — the
 * stock write (stock-repo.ts) calls `notifyRestocked` in its own transaction: each waiting request
 * gets ONE message in the notification outbox and is marked notified. A later restock tells no one
 * again unless they ask again.
 */

/** How long a product counts as "back in stock" on /restock. */
export const RESTOCK_RECENT_DAYS = 14;

export type AlertRequester =
  | { kind: 'member'; memberNo: number; name: string; mobileNo: string | null; email: string | null }
  | { kind: 'guest'; name: string; mobileNo: string; consent: boolean };

export interface MyRestockAlert {
  alertNo: number;
  productNo: number;
  optionNo: number;
  productName: string;
  optionName: string;
  href: string;
  status: 'WAITING' | 'NOTIFIED';
  createdAt: string;
  notifiedAt: string | null;
}

const optionName = (values: readonly (string | null)[]) =>
  values.filter((v): v is string => typeof v === 'string' && v.length > 0).join(' / ');

const productPath = (slug: string, productNo: number) =>
  `/product/${encodeURIComponent(slug || String(productNo))}`;

/** Records a request for an option that cannot be bought now; refuses one that can, and a second one. */
export async function requestRestockAlert(
  db: Db,
  who: AlertRequester,
  target: { productNo: number; optionNo: number },
  now = new Date(),
): Promise<{ alertNo: number }> {
  const at = now.toISOString();
  let mobileNo: string | null;
  let email: string | null = null;
  let personKey: string;
  if (who.kind === 'member') {
    mobileNo = who.mobileNo ? phoneDigits(who.mobileNo) : null;
    email = who.email?.trim().toLowerCase() || null;
    if (!mobileNo && !email) throw appError('RESTOCK_NO_CONTACT');
    personKey = `m:${who.memberNo}`;
  } else {
    if (!who.consent) throw appError('RESTOCK_CONSENT_REQUIRED');
    mobileNo = phoneDigits(who.mobileNo);
    personKey = `p:${mobileNo}`;
  }
  return writeTx(db, async (tx) => {
    const option = await repo.selectAlertableOption(tx, target.productNo, target.optionNo);
    if (!option) throw appError('NOT_FOUND', '상품 옵션을 찾을 수 없습니다.');
    // asked while the option cannot be bought: out of stock, or stopped by a manager (강제 품절), whose
    // lifting tells the waiters too (decision 041)
    if (option.stock > 0 && !option.forcedSoldOut && !option.productForcedSoldOut) {
      throw appError('RESTOCK_NOT_SOLD_OUT');
    }
    const alertNo = await repo.insertAlert(tx, {
      ...target,
      memberNo: who.kind === 'member' ? who.memberNo : null,
      personKey,
      name: who.name,
      mobileNo,
      email,
      consentedAt: who.kind === 'guest' ? at : null,
      now: at,
    });
    if (alertNo === null) throw appError('RESTOCK_ALREADY_REQUESTED');
    return { alertNo };
  });
}

/** The member's own requests (waiting and notified), newest first. */
export async function listMyRestockAlerts(db: Db, memberNo: number): Promise<MyRestockAlert[]> {
  const rows = await repo.selectMemberAlerts(db, memberNo, 100);
  return rows.map((r) => ({
    alertNo: r.alertNo,
    productNo: r.productNo,
    optionNo: r.optionNo,
    productName: r.productName,
    optionName: optionName(r.optionValues),
    href: productPath(r.slug, r.productNo),
    status: r.status === 'NOTIFIED' ? 'NOTIFIED' : 'WAITING',
    createdAt: r.createdAt,
    notifiedAt: r.notifiedAt,
  }));
}

/** Cancels one of the member's waiting requests (someone else's is "not found"). */
export async function cancelRestockAlert(db: Db, memberNo: number, alertNo: number): Promise<void> {
  const done = await writeTx(db, (tx) =>
    repo.cancelMemberAlert(tx, memberNo, alertNo, new Date().toISOString()),
  );
  if (!done) throw appError('NOT_FOUND', '재입고 알림 신청을 찾을 수 없습니다.');
}

/**
 * Inside the transaction of a write that may have made an option buyable again — stock rising, a
 * manager lifting a 강제 품절 (option or product), a product put back on sale or shown again: one
 * message per waiting request of every option (of `scope`) that can be bought now, each marked
 * notified in the same statement that takes it (decisions 033 and 041). A request waits only while
 * its option cannot be bought, so calling this after any such write tells each request exactly once;
 * an option still stopped, out of stock or off sale tells no one. Answers how many were told.
 */
export async function notifyRestocked(tx: Executor, scope: repo.RestockScope, now: string): Promise<number> {
  const taken = await repo.takeWaitingAlerts(tx, scope, now);
  for (const a of taken) {
    await notificationSteps.enqueue(
      tx,
      { mobileNo: a.mobileNo, email: a.email },
      {
        event: 'RESTOCK',
        restock: {
          name: a.name,
          productName: a.productName,
          optionName: optionName(a.optionValues),
          url: new URL(productPath(a.slug, a.productNo), env().PUBLIC_BASE_URL).href,
        },
      },
      `restock-${a.alertNo}`,
      new Date(now),
    );
  }
  return taken.length;
}

/**
 * The maintenance pass's sweep (every 5 minutes): an option can also become buyable by the clock, a
 * product's sale period starting with no write at all; its waiters are told here. Everything else
 * was told by the write that made the option buyable, so this usually finds nothing.
 */
export async function notifyBuyableWaiters(db: Db, now = new Date()): Promise<number> {
  return writeTx(db, (tx) => notifyRestocked(tx, 'all', now.toISOString()));
}

/** Products whose stock came back in the last 14 days, latest first. */
export async function recentlyRestockedProductNos(db: Db, now = new Date(), limit = 60): Promise<number[]> {
  const since = new Date(now.getTime() - RESTOCK_RECENT_DAYS * 86_400_000).toISOString();
  const rows = await repo.selectRecentlyRestocked(db, since, limit);
  return rows.map((r) => r.productNo);
}
