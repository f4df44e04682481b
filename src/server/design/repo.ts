import type { InValue, Transaction } from '@libsql/client';
import type { Db } from '../db/client.ts';

/** SQL of the design tables (designs, design_upload_folders). */

type Conn = Db | Transaction;

export interface DesignRow {
  designId: string;
  memberNo: number | null;
  guestTokenHash: string | null;
  productNo: number;
  templateId: string;
  shape: 'circle' | 'square';
  frontBackSame: boolean;
  name: string;
  document: string;
  documentVersion: number;
  revision: number;
  previewFrontUrl: string | null;
  previewBackUrl: string | null;
  status: string | null;
  salesChannel: string;
  material: string | null;
  /** The product option chosen with the design (null: saved before designs kept their option). */
  optionNo: number | null;
  createTime: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  /** A design made at this store's counter from a customer's image (no member or guest owns it). */
  storeNo: number | null;
}

const COLUMNS = `design_id, member_no, guest_token_hash, product_no, template_id, shape, front_back_same, name,
  document, document_version, revision, preview_front_url, preview_back_url, status, sales_channel, material,
  option_no, create_time, created_at, updated_at, deleted_at, store_no`;

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toRow(r: Record<string, unknown>): DesignRow {
  return {
    designId: String(r.design_id),
    memberNo: r.member_no === null ? null : Number(r.member_no),
    guestTokenHash: str(r.guest_token_hash),
    productNo: Number(r.product_no),
    templateId: String(r.template_id),
    shape: r.shape === 'circle' ? 'circle' : 'square',
    frontBackSame: Number(r.front_back_same) === 1,
    name: String(r.name),
    document: String(r.document),
    documentVersion: Number(r.document_version),
    revision: Number(r.revision),
    previewFrontUrl: str(r.preview_front_url),
    previewBackUrl: str(r.preview_back_url),
    status: str(r.status),
    salesChannel: String(r.sales_channel),
    material: str(r.material),
    optionNo: r.option_no === null || r.option_no === undefined ? null : Number(r.option_no),
    createTime: String(r.create_time),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    deletedAt: str(r.deleted_at),
    storeNo: r.store_no === null || r.store_no === undefined ? null : Number(r.store_no),
  };
}

/** Who a design belongs to, as stored. A member's designs may also carry the guest digest they came from. */
export type OwnerFilter = { memberNo: number } | { guestTokenHash: string };

function ownerWhere(owner: OwnerFilter, args: InValue[]): string {
  if ('memberNo' in owner) {
    args.push(owner.memberNo);
    return 'member_no = ?';
  }
  args.push(owner.guestTokenHash);
  return 'member_no IS NULL AND guest_token_hash = ?';
}

export interface NewDesignRow {
  designId: string;
  memberNo: number | null;
  guestTokenHash: string | null;
  productNo: number;
  templateId: string;
  shape: string;
  frontBackSame: boolean;
  name: string;
  document: string;
  documentVersion: number;
  previewFrontUrl: string | null;
  previewBackUrl: string | null;
  salesChannel: string;
  material: string | null;
  /** The product option chosen with it (none: a caller that does not know it). */
  optionNo?: number | null;
  createTime: string;
  at: string;
  /** The store whose counter made it (counter designs only). */
  storeNo?: number | null;
}

export async function insertDesign(db: Conn, d: NewDesignRow): Promise<void> {
  await db.execute({
    sql: `INSERT INTO designs (design_id, member_no, guest_token_hash, product_no, template_id, shape, front_back_same,
            name, document, document_version, revision, preview_front_url, preview_back_url, sales_channel, material,
            option_no, create_time, created_at, updated_at, store_no)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      d.designId,
      d.memberNo,
      d.guestTokenHash,
      d.productNo,
      d.templateId,
      d.shape,
      d.frontBackSame ? 1 : 0,
      d.name,
      d.document,
      d.documentVersion,
      d.previewFrontUrl,
      d.previewBackUrl,
      d.salesChannel,
      d.material,
      d.optionNo ?? null,
      d.createTime,
      d.at,
      d.at,
      d.storeNo ?? null,
    ],
  });
}

export async function findById(db: Conn, designId: string): Promise<DesignRow | null> {
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM designs WHERE design_id = ? AND deleted_at IS NULL`,
    args: [designId],
  });
  const r = rs.rows[0];
  return r ? toRow(r as unknown as Record<string, unknown>) : null;
}

/** Several designs by id, deleted ones included (orders keep pointing at them). */
export async function findByIds(db: Conn, designIds: readonly string[]): Promise<DesignRow[]> {
  if (designIds.length === 0) return [];
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM designs WHERE design_id IN (${designIds.map(() => '?').join(', ')})`,
    args: [...designIds],
  });
  return rs.rows.map((r) => toRow(r as unknown as Record<string, unknown>));
}

export async function findByCreateTime(
  db: Conn,
  owner: OwnerFilter,
  createTime: string,
): Promise<DesignRow | null> {
  const args: InValue[] = [];
  const where = ownerWhere(owner, args);
  args.push(createTime);
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM designs WHERE ${where} AND create_time = ? AND deleted_at IS NULL`,
    args,
  });
  const r = rs.rows[0];
  return r ? toRow(r as unknown as Record<string, unknown>) : null;
}

export async function listByOwner(db: Conn, owner: OwnerFilter, limit = 200): Promise<DesignRow[]> {
  const args: InValue[] = [];
  const where = ownerWhere(owner, args);
  args.push(limit);
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM designs WHERE ${where} AND deleted_at IS NULL ORDER BY create_time DESC LIMIT ?`,
    args,
  });
  return rs.rows.map((r) => toRow(r as unknown as Record<string, unknown>));
}

export async function countByOwner(db: Conn, owner: OwnerFilter): Promise<number> {
  const args: InValue[] = [];
  const where = ownerWhere(owner, args);
  const rs = await db.execute({
    sql: `SELECT COUNT(*) AS n FROM designs WHERE ${where} AND deleted_at IS NULL`,
    args,
  });
  return Number(rs.rows[0]?.n ?? 0);
}

export interface DesignChanges {
  name?: string;
  material?: string | null;
  optionNo?: number;
  salesChannel?: string;
  document?: { json: string; version: number; templateId: string; shape: string; frontBackSame: boolean };
  previews?: { front: string | null; back: string | null };
}

/**
 * Applies changes if the design is still at `revision` (a concurrent save in between → false).
 * A new document bumps the revision.
 */
export async function updateDesign(
  db: Conn,
  designId: string,
  revision: number,
  changes: DesignChanges,
  at: string,
): Promise<boolean> {
  const sets: string[] = ['updated_at = ?'];
  const args: InValue[] = [at];
  const set = (sql: string, value: InValue) => {
    sets.push(sql);
    args.push(value);
  };
  if (changes.name !== undefined) set('name = ?', changes.name);
  if (changes.material !== undefined) set('material = ?', changes.material);
  if (changes.optionNo !== undefined) set('option_no = ?', changes.optionNo);
  if (changes.salesChannel !== undefined) set('sales_channel = ?', changes.salesChannel);
  if (changes.document) {
    const d = changes.document;
    sets.push(
      'document = ?, document_version = ?, template_id = ?, shape = ?, front_back_same = ?, revision = revision + 1',
    );
    args.push(d.json, d.version, d.templateId, d.shape, d.frontBackSame ? 1 : 0);
  }
  if (changes.previews) {
    sets.push('preview_front_url = ?, preview_back_url = ?');
    args.push(changes.previews.front, changes.previews.back);
  }
  args.push(designId, revision);
  const rs = await db.execute({
    sql: `UPDATE designs SET ${sets.join(', ')} WHERE design_id = ? AND revision = ? AND deleted_at IS NULL`,
    args,
  });
  return rs.rowsAffected === 1;
}

export async function softDelete(db: Conn, designId: string, at: string): Promise<boolean> {
  const rs = await db.execute({
    sql: 'UPDATE designs SET deleted_at = ?, updated_at = ? WHERE design_id = ? AND deleted_at IS NULL',
    args: [at, at, designId],
  });
  return rs.rowsAffected === 1;
}

export async function setStatus(db: Conn, designId: string, status: string, at: string): Promise<void> {
  await db.execute({
    sql: 'UPDATE designs SET status = ?, updated_at = ? WHERE design_id = ?',
    args: [status, at, designId],
  });
}

/**
 * Moves a guest identity's designs to a member (at login). A design whose create_time the member
 * already uses gets the next free millisecond. Returns the ids moved.
 */
export async function adoptGuestDesigns(
  tx: Transaction,
  guestTokenHash: string,
  memberNo: number,
  at: string,
  bumpTime: (createTime: string) => string,
): Promise<string[]> {
  const rs = await tx.execute({
    sql: 'SELECT design_id, create_time FROM designs WHERE member_no IS NULL AND guest_token_hash = ?',
    args: [guestTokenHash],
  });
  const moved: string[] = [];
  for (const r of rs.rows) {
    let createTime = String(r.create_time);
    for (let attempt = 0; attempt < 1000; attempt++) {
      const taken = await tx.execute({
        sql: 'SELECT 1 FROM designs WHERE member_no = ? AND create_time = ?',
        args: [memberNo, createTime],
      });
      if (taken.rows.length === 0) break;
      createTime = bumpTime(createTime);
    }
    await tx.execute({
      sql: 'UPDATE designs SET member_no = ?, create_time = ?, updated_at = ? WHERE design_id = ? AND member_no IS NULL',
      args: [memberNo, createTime, at, String(r.design_id)],
    });
    moved.push(String(r.design_id));
  }
  return moved;
}

export async function addUploadFolder(db: Conn, memberNo: number, folder: string, at: string): Promise<void> {
  await db.execute({
    sql: 'INSERT OR IGNORE INTO design_upload_folders (member_no, folder, added_at) VALUES (?, ?, ?)',
    args: [memberNo, folder, at],
  });
}

export async function uploadFolders(db: Conn, memberNo: number): Promise<string[]> {
  const rs = await db.execute({
    sql: 'SELECT folder FROM design_upload_folders WHERE member_no = ?',
    args: [memberNo],
  });
  return rs.rows.map((r) => String(r.folder));
}

export interface AdminDesignQuery {
  memberNo?: number | undefined;
  productNo?: number | undefined;
  status?: string | undefined;
  /** 'none' = never ordered */
  ordered?: boolean | undefined;
  salesChannel?: string | undefined;
  shape?: string | undefined;
  keyword?: string | undefined;
  /** UTC ISO bounds on created_at */
  from?: string | undefined;
  to?: string | undefined;
  pageNumber: number;
  pageSize: number;
}

export async function adminList(
  db: Conn,
  q: AdminDesignQuery,
): Promise<{ rows: DesignRow[]; totalCount: number }> {
  const where: string[] = ['deleted_at IS NULL'];
  const args: InValue[] = [];
  const add = (sql: string, value?: InValue) => {
    where.push(sql);
    if (value !== undefined) args.push(value);
  };
  if (q.memberNo !== undefined) add('member_no = ?', q.memberNo);
  if (q.productNo !== undefined) add('product_no = ?', q.productNo);
  if (q.status !== undefined) add('status = ?', q.status);
  if (q.ordered !== undefined) add(q.ordered ? 'status IS NOT NULL' : 'status IS NULL');
  // 'store': the designs made at a counter (stored with the shop's own channel)
  if (q.salesChannel === 'store') add('store_no IS NOT NULL');
  else if (q.salesChannel !== undefined) add('sales_channel = ?', q.salesChannel);
  if (q.shape !== undefined) add('shape = ?', q.shape);
  if (q.keyword) add("name LIKE ? ESCAPE '\\'", `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  if (q.from) add('created_at >= ?', q.from);
  if (q.to) add('created_at < ?', q.to);
  const sqlWhere = where.join(' AND ');
  const count = await db.execute({ sql: `SELECT COUNT(*) AS n FROM designs WHERE ${sqlWhere}`, args });
  const rs = await db.execute({
    sql: `SELECT ${COLUMNS} FROM designs WHERE ${sqlWhere} ORDER BY created_at DESC, design_id LIMIT ? OFFSET ?`,
    args: [...args, q.pageSize, (q.pageNumber - 1) * q.pageSize],
  });
  return {
    rows: rs.rows.map((r) => toRow(r as unknown as Record<string, unknown>)),
    totalCount: Number(count.rows[0]?.n ?? 0),
  };
}
