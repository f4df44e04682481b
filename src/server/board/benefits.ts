import type { Executor } from '../db/client.ts';

/**
 * Membership grades with what each one gets (/board/benefit). The grades are the member
 * service's (member_grades); this module owns only the benefit texts beside them.
 */
export interface GradeBenefits {
  memberGradeNo: number;
  gradeName: string;
  gradeLevel: number;
  /** How the grade is reached ("최근 6개월 구매 금액 10만원 이상"). */
  condition: string;
  benefits: { title: string; description: string }[];
}

export async function listGradeBenefits(db: Executor): Promise<GradeBenefits[]> {
  const r = await db.execute(`
    SELECT g.member_grade_no, g.grade_name, g.grade_level, g.description, b.title, b.description AS benefit_description
    FROM member_grades g LEFT JOIN membership_benefits b ON b.member_grade_no = g.member_grade_no
    ORDER BY g.grade_level, b.display_order, b.benefit_no`);
  const grades = new Map<number, GradeBenefits>();
  for (const row of r.rows) {
    const no = Number(row.member_grade_no);
    let grade = grades.get(no);
    if (!grade) {
      grade = {
        memberGradeNo: no,
        gradeName: String(row.grade_name),
        gradeLevel: Number(row.grade_level),
        condition: String(row.description ?? ''),
        benefits: [],
      };
      grades.set(no, grade);
    }
    if (row.title != null)
      grade.benefits.push({ title: String(row.title), description: String(row.benefit_description ?? '') });
  }
  return [...grades.values()];
}
