import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../../tests/fixtures/source-files.ts';
import { ORDER_GROUPS } from './order-claims.ts';
import { ORDER_STATUS_LABELS, RETURNED_LABEL, orderStatusLabel } from './order-status.ts';

/**
 * One word per order status, everywhere: the shopper's list and detail, the result page, the guest
 * order page, the back office and the counter all read `ORDER_STATUS_LABELS` (src/lib/order-status.ts);
 * the display groups are named after their statuses. No page or module keeps a list of its own.
 */

const HOME = 'lib/order-status.ts';
/**
 * The counter's own sale statuses (PAID, REFUNDED …) — not order statuses, in the counter's module,
 * which its engineers own; its "결제완료" is the same word as an order's.
 */
const OWN_WORDS = new Set(['server/pos/history.ts']);

const WORDS = [...new Set([...Object.values(ORDER_STATUS_LABELS), RETURNED_LABEL, '주문완료'])];
const LITERAL = new RegExp(`(['"\`>])\\s*(${WORDS.join('|')})\\s*(['"\`<])`);

describe('order status labels', () => {
  it('has one label per status, PAY_DONE included, and groups named after their statuses', () => {
    expect(ORDER_STATUS_LABELS.PAY_DONE).toBe('결제완료');
    expect(new Set(Object.values(ORDER_STATUS_LABELS)).size).toBe(Object.keys(ORDER_STATUS_LABELS).length);
    for (const g of ORDER_GROUPS)
      expect(g.statuses.map((s) => orderStatusLabel(s as keyof typeof ORDER_STATUS_LABELS))).toContain(
        g.label,
      );
    expect(orderStatusLabel('DELIVERY_DONE', { returned: true })).toBe(RETURNED_LABEL);
  });

  it('is the only place an order status word is written: every page and module uses it', () => {
    const found = sourceFiles().flatMap((path) => {
      const file = relative(SRC, path);
      if (file === HOME || OWN_WORDS.has(file)) return [];
      return readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (LITERAL.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
    });
    expect(found).toEqual([]);
  });
});
