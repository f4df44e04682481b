import { expect, open, test } from './support/fixtures.ts';
import { ADMIN, createMember, e2eDatabase, signedIn, uniqueAccount } from './support/members.ts';
import { buyPaidOrder } from './support/orders.ts';

/**
 * 고객 메시지 (decision 037): the administrator finds an order's messages on /manager/notifications,
 * recipients masked, sees a failed one with its last error in the failed count, and sends it again
 * (audited). A member is refused.
 */

const PRODUCT = { productNo: 100044, optionNo: 10004401 };

test('an administrator finds an order’s messages and sends a failed one again', async ({ browser }) => {
  const account = await createMember((await browser.newContext()).request, uniqueAccount('ntf'));
  const member = await signedIn(browser, account);
  const orderNo = await buyPaidOrder(member.context().request, PRODUCT);

  // the mail server refused this message six times: what the sender leaves behind (decision 029)
  const db = e2eDatabase();
  try {
    await db.execute({
      sql: `UPDATE notification_outbox SET status = 'FAILED', attempts = 6, last_error = '451 Try again later',
              claimed_until = NULL, claim_token = NULL
            WHERE ref = ? AND event = 'ORDER_PLACED' AND channel = 'mail'`,
      args: [orderNo],
    });
  } finally {
    db.close();
  }

  const admin = await signedIn(browser, ADMIN);
  await open(admin, '/manager/notifications');
  await expect(admin.getByRole('link', { name: /^실패 [1-9][\d,]*건$/ })).toBeVisible();
  await admin.getByLabel('메시지', { exact: true }).selectOption({ label: '주문 완료' });
  await admin.getByLabel('채널', { exact: true }).selectOption({ label: '이메일' });
  await admin.getByLabel('상태', { exact: true }).selectOption({ label: '실패' });
  await admin.getByRole('button', { name: '찾기' }).click();
  await expect(admin).toHaveURL(/state=failed/);
  const row = admin.locator('tr[data-state="failed"]', { hasText: orderNo });
  await expect(row).toContainText('po***@example.com');
  await expect(row).toContainText('451 Try again later');
  await expect(row).toContainText('6회');
  await expect(row).not.toContainText('podo@example.com');

  await row.getByRole('button', { name: /다시 보내기$/ }).click();
  await expect(admin.locator('tr[data-state="failed"]', { hasText: orderNo })).toHaveCount(0);

  await open(admin, `/manager/audit?area=notification`);
  await expect(admin.locator('tr[data-action="notification.resend"]').first()).toContainText(orderNo);

  await open(member, '/manager/notifications', 403);
});
