import type { Row } from '@libsql/client';
import type { Executor } from './repo.ts';

/** SQL of the terms table: every version of every type is a row (history is kept). */

export interface TermsRow {
  termsNo: number;
  termsType: string;
  title: string;
  contents: string;
  enforcementDate: string;
  required: boolean;
  used: boolean;
}

const COLUMNS = 'terms_no, terms_type, title, contents, enforcement_date, required, used';

function toTerms(row: Row): TermsRow {
  return {
    termsNo: Number(row.terms_no),
    termsType: String(row.terms_type),
    title: String(row.title),
    contents: String(row.contents),
    enforcementDate: String(row.enforcement_date),
    required: Number(row.required) === 1,
    used: Number(row.used) === 1,
  };
}

/** The version in force on `today` (YYYY-MM-DD) of each type, all types when `types` is null. */
export async function selectCurrentTerms(
  db: Executor,
  types: string[] | null,
  today: string,
): Promise<TermsRow[]> {
  const filter = types ? `AND t.terms_type IN (${types.map(() => '?').join(', ') || "''"})` : '';
  const r = await db.execute({
    sql: `SELECT ${COLUMNS} FROM terms t
          WHERE t.used = 1 AND t.enforcement_date <= ? ${filter}
            AND t.enforcement_date = (SELECT MAX(x.enforcement_date) FROM terms x
                                      WHERE x.terms_type = t.terms_type AND x.used = 1 AND x.enforcement_date <= ?)
          ORDER BY t.terms_no`,
    args: [today, ...(types ?? []), today],
  });
  return r.rows.map(toTerms);
}

/** Every version of one type, newest enforcement first (announced future versions included). */
export async function selectTermsHistory(db: Executor, termsType: string): Promise<TermsRow[]> {
  const r = await db.execute({
    sql: `SELECT ${COLUMNS} FROM terms WHERE terms_type = ? AND used = 1 ORDER BY enforcement_date DESC`,
    args: [termsType],
  });
  return r.rows.map(toTerms);
}

export async function selectTermsByNo(db: Executor, termsNo: number): Promise<TermsRow | null> {
  const r = await db.execute({ sql: `SELECT ${COLUMNS} FROM terms WHERE terms_no = ?`, args: [termsNo] });
  return r.rows[0] ? toTerms(r.rows[0]) : null;
}
