import type { InValue } from '@libsql/client';
import type { Executor } from '../db/client.ts';

/**
 * The SQL of answers that every kind of answerable question shares (1:1 inquiries here, product
 * questions in src/server/product-inquiry/): their tables key questions by `inquiry_no` and record
 * in `answer_notified_at` when the member was told about the answer.
 */

export type AnsweredTable = 'inquiries' | 'product_inquiries';

export interface StoredAnswer {
  content: string;
  answeredBy: number;
  answeredAt: string;
}

/**
 * How a kind of question stores its answers in `table`; `set` is the kind's `SET` clause for an
 * answer, with its values. `save` records (or corrects) the answer: `found` when the question
 * exists, `notifyPending` when its member has not been told about an answer yet (the first
 * answer; a correction is not announced again). `markNotified`: the member has been told.
 */
export function answerStore(
  table: AnsweredTable,
  set: (answer: StoredAnswer) => { sql: string; args: InValue[] },
) {
  return {
    async save(
      db: Executor,
      inquiryNo: number,
      answer: StoredAnswer,
    ): Promise<{ found: boolean; notifyPending: boolean }> {
      const update = set(answer);
      const r = await db.execute({
        sql: `UPDATE ${table} SET ${update.sql}
              WHERE inquiry_no = ? RETURNING (answer_notified_at IS NULL) AS notify_pending`,
        args: [...update.args, inquiryNo],
      });
      const row = r.rows[0];
      return { found: Boolean(row), notifyPending: Number(row?.notify_pending ?? 0) === 1 };
    },

    async markNotified(db: Executor, inquiryNo: number, at: string): Promise<void> {
      await db.execute({
        sql: `UPDATE ${table} SET answer_notified_at = ? WHERE inquiry_no = ?`,
        args: [at, inquiryNo],
      });
    },
  };
}
