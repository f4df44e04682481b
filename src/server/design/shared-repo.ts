import type { Db } from '../db/client.ts';

/** SQL of shared designs (/shop/user): columns shared_at and share_hidden_at of designs. */

/** Marks (or unmarks) a member's own live design as shared; false when no such design. */
export async function setShared(db: Db, memberNo: number, designId: string, sharedAt: string | null) {
  const res = await db.execute({
    sql: `UPDATE designs SET shared_at = CASE WHEN ? IS NULL THEN NULL ELSE COALESCE(shared_at, ?) END
          WHERE design_id = ? AND member_no = ? AND deleted_at IS NULL`,
    args: [sharedAt, sharedAt, designId, memberNo],
  });
  return res.rowsAffected > 0;
}

/** An administrator hides (or shows again) a shared design; false when it is not shared. */
export async function setShareHidden(db: Db, designId: string, hiddenAt: string | null) {
  const res = await db.execute({
    sql: `UPDATE designs SET share_hidden_at = ?
          WHERE design_id = ? AND shared_at IS NOT NULL AND deleted_at IS NULL`,
    args: [hiddenAt, designId],
  });
  return res.rowsAffected > 0;
}

export interface SharedRow {
  designId: string;
  memberNo: number | null;
  productNo: number;
  templateId: string;
  name: string;
  document: string;
  previewFrontUrl: string | null;
  sharedAt: string;
  hidden: boolean;
}

const SHARED_COLUMNS = `design_id, member_no, product_no, template_id, name, document, preview_front_url,
  shared_at, share_hidden_at`;

function toShared(r: Record<string, unknown>): SharedRow {
  return {
    designId: String(r.design_id),
    memberNo: r.member_no === null ? null : Number(r.member_no),
    productNo: Number(r.product_no),
    templateId: String(r.template_id),
    name: String(r.name),
    document: String(r.document),
    previewFrontUrl: r.preview_front_url === null ? null : String(r.preview_front_url),
    sharedAt: String(r.shared_at),
    hidden: r.share_hidden_at !== null,
  };
}

/** Shared designs of members, newest share first; hidden ones only when asked (the back office). */
export async function listShared(db: Db, opts: { withHidden: boolean; limit: number; offset: number }) {
  const res = await db.execute({
    sql: `SELECT ${SHARED_COLUMNS} FROM designs
          WHERE shared_at IS NOT NULL AND deleted_at IS NULL AND member_no IS NOT NULL
            ${opts.withHidden ? '' : 'AND share_hidden_at IS NULL'}
          ORDER BY shared_at DESC, design_id LIMIT ? OFFSET ?`,
    args: [opts.limit, opts.offset],
  });
  return res.rows.map((r) => toShared(r as Record<string, unknown>));
}

/** One shared, visible design (to copy as a template). */
export async function findVisibleShared(db: Db, designId: string) {
  const res = await db.execute({
    sql: `SELECT ${SHARED_COLUMNS} FROM designs
          WHERE design_id = ? AND shared_at IS NOT NULL AND share_hidden_at IS NULL
            AND deleted_at IS NULL AND member_no IS NOT NULL`,
    args: [designId],
  });
  const row = res.rows[0];
  return row ? toShared(row as Record<string, unknown>) : null;
}

/** Which of a member's designs are shared (for 내 디자인). */
export async function sharedIdsOf(db: Db, memberNo: number): Promise<Set<string>> {
  const res = await db.execute({
    sql: 'SELECT design_id FROM designs WHERE member_no = ? AND shared_at IS NOT NULL AND deleted_at IS NULL',
    args: [memberNo],
  });
  return new Set(res.rows.map((r) => String(r.design_id)));
}
