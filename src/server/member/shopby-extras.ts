import type { Executor } from '../db/client.ts';
import type { GetProfileGradeResponse } from '@shopby/shop-sdk/build/types/domain/member';
import type { MallsMallGrades } from '@shopby/shop-sdk/build/types/domain/admin';

/**
 * Membership grades in Shopby's shapes: the signed-in member's grade (GET /profile/grade) and the
 * shop's grades (GET /malls). Podo's grades carry a name and a description only: no point rate,
 * automatic points or grade coupons, so those are the types' empty values.
 */

const noBenefits = {
  reserveBenefit: { reserveRate: 0, used: false },
  reserveAutoSupplying: { amount: 0, used: false, type: 'NONE' as const },
  evaluationCondition: { minimumPayment: 0, minimumCount: 0 },
  coupons: [],
};

/** The member's grade; null when the member does not exist (withdrawn meanwhile). */
export async function profileGrade(db: Executor, memberNo: number): Promise<GetProfileGradeResponse | null> {
  const r = await db.execute({
    sql: `SELECT g.grade_name, g.description FROM members m
          JOIN member_grades g ON g.member_grade_no = m.member_grade_no WHERE m.member_no = ?`,
    args: [memberNo],
  });
  const row = r.rows[0];
  if (!row) return null;
  return { label: String(row.grade_name), description: String(row.description), ...noBenefits };
}

/** Every grade, lowest first. */
export async function mallGrades(db: Executor): Promise<MallsMallGrades[]> {
  const r = await db.execute('SELECT grade_name, description FROM member_grades ORDER BY grade_level');
  return r.rows.map((g) => ({
    label: String(g.grade_name),
    description: String(g.description),
    used: true,
    ...noBenefits,
  }));
}
