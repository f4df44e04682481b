import {
  DESIGN_ID_PATTERN,
  optionInputOf,
  type CustomOrderStatus,
  type DampenerPatchData,
  type DampenerPostData,
  type DesignSummary,
  type DesignView,
} from '../../lib/design/api.ts';
import {
  designOptionOf,
  optionFitsDesign,
  type DesignOptionCandidate,
} from '../../lib/design/design-option.ts';
import { placeholderSides } from '../../lib/design/print-checks.ts';
import { DESIGN_VERSION, parseDesign, type DesignDocument, type SideName } from '../../lib/design/schema.ts';
import { normalizeSides } from '../../lib/design/sides.ts';
import {
  designConfigOf,
  template,
  templatesOfProduct,
  type ProductDesignConfig,
  type TemplateId,
} from '../../lib/design/templates.ts';
import { hashToken } from '../auth/index.ts';
import { getProduct, getProductOptions } from '../catalog/index.ts';
import type { Db } from '../db/client.ts';
import { env } from '../platform/env.ts';
import { appError } from '../platform/errors.ts';
import type { ErrorCode } from '../../lib/errors/index.ts';
import { storage } from '../storage/index.ts';
import { ownerFolder } from '../storage/index.ts';
import { formatCreateTime, newDesignId, parseCreateTime } from './create-time.ts';
import { renderPreviewPng } from './render.ts';
import * as repo from './repo.ts';

/**
 * Saved designs (spec: /api/custom/dampener, the brand's /custom-order routes): owned by a member, or
 * by a guest identity until that guest logs in. Every submitted design is untrusted: schema, limits,
 * fonts and colours (parseDesign), the template of the product (from its catalogue data:
 * `designConfigOf`), images only from the shop's storage (the owner's own uploads or the catalogue),
 * the material from the product's options. Each save stores a 600 px preview per side.
 */

/** Who calls: the session's member, else the guest identity of the `guestToken` header. */
export interface DesignActor {
  member: { memberNo: number; memberId: string | null; isAdmin: boolean } | null;
  guestToken: string | null;
}

type Owner =
  | { kind: 'member'; memberNo: number; isAdmin: boolean }
  | { kind: 'guest'; guestToken: string; guestTokenHash: string };

/** Most designs one owner keeps. */
const MAX_DESIGNS_PER_OWNER = 200;
/** Guest tokens shorter than this are too easy to guess to guard designs with. */
const MIN_GUEST_TOKEN_LENGTH = 16;

/** The AppError of a design code (src/lib/errors/design.ts) with this case's message. */
export const designError = (code: ErrorCode, message?: string) => appError(code, message);

const notFound = () => designError('DESIGN_NOT_FOUND', '디자인을 찾을 수 없습니다.');

/** The same digest orders keep for a guest identity (src/server/order/owner.ts). */
export const guestTokenHash = (guestToken: string) => hashToken(`guest:${guestToken}`);

function ownerOf(actor: DesignActor): Owner {
  if (actor.member) return { kind: 'member', memberNo: actor.member.memberNo, isAdmin: actor.member.isAdmin };
  if (actor.guestToken && actor.guestToken.length >= MIN_GUEST_TOKEN_LENGTH) {
    return { kind: 'guest', guestToken: actor.guestToken, guestTokenHash: guestTokenHash(actor.guestToken) };
  }
  throw designError('login-required', '디자인을 저장하려면 로그인하거나 비회원으로 계속해 주세요.');
}

const filterOf = (owner: Owner): repo.OwnerFilter =>
  owner.kind === 'member' ? { memberNo: owner.memberNo } : { guestTokenHash: owner.guestTokenHash };

function owns(owner: Owner, row: repo.DesignRow): boolean {
  return owner.kind === 'member'
    ? row.memberNo === owner.memberNo
    : row.memberNo === null && row.guestTokenHash === owner.guestTokenHash;
}

/**
 * The spec's `?memberId=`: the caller's own login id (or member number) or nothing. Another
 * member's id is refused with 403, also for a guest; administrators may read (not change) others'.
 */
export function assertOwnMemberId(
  actor: DesignActor,
  memberId: string | undefined,
  write: boolean,
): number | null {
  if (memberId === undefined || memberId === '') return null;
  const m = actor.member;
  if (m && (memberId === m.memberId || memberId === String(m.memberNo))) return null;
  if (m?.isAdmin && !write) return -1;
  throw designError('FORBIDDEN_MEMBER', '다른 회원의 디자인에는 접근할 수 없습니다.');
}

// ---------------------------------------------------------------------------------------- views

export function previewUrlOf(row: repo.DesignRow, side: SideName): string | null {
  return side === 'front' ? row.previewFrontUrl : row.previewBackUrl;
}

/** A stored sales channel as the API shows it: 'brand' is the brand slug. */
export function salesChannelOut(stored: string): string {
  return stored === 'brand' ? env().BRAND_SLUG : stored;
}

function toView(row: repo.DesignRow): DesignView {
  return {
    designId: row.designId,
    createTime: row.createTime,
    memberNo: row.memberNo,
    guest: row.memberNo === null,
    name: row.name,
    productNo: row.productNo,
    templateId: row.templateId as TemplateId,
    shape: row.shape,
    frontBackSame: row.frontBackSame,
    status: row.status as CustomOrderStatus | null,
    // a design made at a counter shows the store as its channel
    salesChannel: row.storeNo === null ? salesChannelOut(row.salesChannel) : 'store',
    material: row.material,
    optionNo: row.optionNo,
    previewUrls: { front: row.previewFrontUrl, back: row.previewBackUrl },
    optionInput: optionInputOf(row.designId),
    document: JSON.parse(row.document) as DesignDocument,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

// ---------------------------------------------------------------------------------- validation

/** Checks an untrusted document for a product (its design config) and makes its image URLs canonical. */
async function checkDocument(
  db: Db,
  owner: Owner,
  payload: unknown,
  config: ProductDesignConfig | null,
  previousImages: ReadonlySet<string>,
): Promise<DesignDocument> {
  const parsed = parseDesign(payload);
  if (!parsed.ok) throw designError(parsed.code, parsed.message);
  const doc = normalizeSides(parsed.document);
  if (!templatesOfProduct(config).includes(doc.templateId)) {
    throw designError('DESIGN_TEMPLATE_MISMATCH', '이 상품에 쓸 수 없는 디자인 템플릿입니다.');
  }
  const folders = await allowedFolders(db, owner);
  const port = storage();
  for (const side of ['front', 'back'] as const) {
    for (const node of doc.sides[side].nodes) {
      if (node.type !== 'image') continue;
      const key = port.keyOfUrl(node.src);
      const allowed =
        key !== null &&
        (previousImages.has(node.src) ||
          key.startsWith('catalog/') ||
          folders.some((f) => key.startsWith(`${f}/`)));
      if (!allowed) {
        throw designError(
          'DESIGN_IMAGE_FORBIDDEN',
          '직접 올린 이미지만 디자인에 넣을 수 있습니다. 이미지를 다시 올려 주세요.',
        );
      }
      node.src = port.publicUrl(key);
    }
  }
  return doc;
}

async function allowedFolders(db: Db, owner: Owner): Promise<string[]> {
  if (owner.kind === 'guest') return [ownerFolder({ kind: 'guest', guestToken: owner.guestToken })];
  return [
    ownerFolder({ kind: 'member', memberNo: owner.memberNo }),
    ...(await repo.uploadFolders(db, owner.memberNo)),
  ];
}

function imagesOf(doc: DesignDocument): Set<string> {
  const out = new Set<string>();
  for (const side of ['front', 'back'] as const) {
    for (const n of doc.sides[side].nodes) if (n.type === 'image') out.add(n.src);
  }
  return out;
}

/**
 * The design config of a product from its catalogue data, or null when the catalogue no longer
 * shows it or names no template it can be designed on.
 */
async function productConfig(db: Db, productNo: number): Promise<ProductDesignConfig | null> {
  const product = await getProduct(db, productNo);
  return designConfigOf(productNo, product?.extra.designTemplateId ?? null);
}

/** A new design's product must be on sale, customisable and have a design template. */
export async function designableProduct(db: Db, productNo: number): Promise<ProductDesignConfig> {
  const product = await getProduct(db, productNo);
  const config = product?.extra.customizable
    ? designConfigOf(productNo, product.extra.designTemplateId)
    : null;
  if (!config) throw designError('DESIGN_PRODUCT_INVALID', '디자인할 수 없는 상품입니다.');
  return config;
}

/** The cushioning material must be a value of the product's material option. */
async function checkMaterial(
  db: Db,
  productNo: number,
  config: ProductDesignConfig | null,
  material: string | null | undefined,
): Promise<string | null> {
  if (material === undefined || material === null || material === '') return null;
  const label = config?.materialOption;
  const options = label ? await getProductOptions(db, productNo) : null;
  const index = options?.labels.indexOf(label!) ?? -1;
  const values = new Set(
    index < 0 ? [] : (options?.flatOptions ?? []).map((o) => String(o.value ?? '').split('|')[index]),
  );
  if (!values.has(material)) throw designError('DESIGN_MATERIAL_INVALID', '선택할 수 없는 재질입니다.');
  return material;
}

/**
 * The product option a design is saved with (decision 020): an option of the product whose size
 * gives the design's template. Its material is the design's material; a material sent beside it
 * must be the same.
 */
async function checkOption(
  db: Db,
  productNo: number,
  config: ProductDesignConfig | null,
  templateId: string,
  optionNo: number,
  material: string | null | undefined,
): Promise<{ optionNo: number; material: string | null }> {
  const options = await getProductOptions(db, productNo);
  const option = options?.flatOptions.find((o) => o.optionNo === optionNo);
  if (!options || !option) {
    throw designError('DESIGN_OPTION_INVALID', '이 상품의 옵션이 아닙니다. 옵션을 다시 골라 주세요.');
  }
  const candidate = { optionNo, value: String(option.value ?? '') };
  if (!optionFitsDesign(config, options.labels, candidate, { templateId, material: null })) {
    throw designError(
      'DESIGN_OPTION_INVALID',
      '고른 옵션의 크기가 디자인 템플릿과 다릅니다. 옵션을 다시 골라 주세요.',
    );
  }
  const label = config?.materialOption;
  const index = label ? options.labels.indexOf(label) : -1;
  if (index < 0) return { optionNo, material: await checkMaterial(db, productNo, config, material) };
  const own = candidate.value.split('|')[index] ?? null;
  if (material !== undefined && material !== null && material !== '' && material !== own) {
    throw designError('DESIGN_MATERIAL_INVALID', '재질이 고른 옵션의 재질과 다릅니다.');
  }
  return { optionNo, material: own };
}

function salesChannelIn(owner: Owner, given: string | undefined): string {
  if (given === undefined || given === env().BRAND_SLUG || given === 'brand') return 'brand';
  if (!['smartstore', 'administrator', 'none'].includes(given)) {
    throw designError('DESIGN_CHANNEL_INVALID', '판매 채널이 올바르지 않습니다.');
  }
  if (owner.kind !== 'member' || !owner.isAdmin) {
    throw designError('DESIGN_CHANNEL_FORBIDDEN', '판매 채널은 관리자만 바꿀 수 있습니다.');
  }
  return given;
}

// ------------------------------------------------------------------------------------- previews

/** Renders and stores the preview of each side under the design's revision; old revisions are removed. */
export async function storePreviews(
  designId: string,
  revision: number,
  doc: DesignDocument,
): Promise<{ front: string; back: string }> {
  const port = storage();
  const folder = `designs/${designId}/r${revision}`;
  const front = await renderPreviewPng(doc, 'front');
  await port.put(`${folder}/front.png`, front.png, 'image/png');
  let backKey = `${folder}/front.png`;
  if (!doc.frontBackSame) {
    const back = await renderPreviewPng(doc, 'back');
    backKey = `${folder}/back.png`;
    await port.put(backKey, back.png, 'image/png');
  }
  return { front: port.publicUrl(`${folder}/front.png`), back: port.publicUrl(backKey) };
}

async function dropPreviews(designId: string, revision: number): Promise<void> {
  await storage()
    .deleteFolder(`designs/${designId}/r${revision}`)
    .catch(() => undefined);
}

// ---------------------------------------------------------------------------------------- CRUD

export type DesignRef = { designId: string } | { createTime: string };

async function findOwned(db: Db, owner: Owner, ref: DesignRef, adminMay = false): Promise<repo.DesignRow> {
  const row =
    'designId' in ref
      ? await repo.findById(db, ref.designId)
      : await repo.findByCreateTime(db, filterOf(owner), ref.createTime);
  if (!row) throw notFound();
  if (owns(owner, row) || (adminMay && owner.kind === 'member' && owner.isAdmin)) return row;
  throw notFound();
}

/** POST: saves a new design; the answer carries its id, create_time and preview URLs. */
export async function createDesign(
  db: Db,
  actor: DesignActor,
  input: DampenerPostData,
  now = new Date(),
): Promise<DesignView> {
  const owner = ownerOf(actor);
  if ((await repo.countByOwner(db, filterOf(owner))) >= MAX_DESIGNS_PER_OWNER) {
    throw designError(
      'DESIGN_LIMIT',
      `디자인은 ${MAX_DESIGNS_PER_OWNER}개까지 저장할 수 있습니다. 쓰지 않는 디자인을 지워 주세요.`,
    );
  }
  const config = await designableProduct(db, input.productNo);
  const doc = await checkDocument(db, owner, input.design, config, new Set());
  if (input.templateId && input.templateId !== doc.templateId) {
    throw designError('DESIGN_TEMPLATE_MISMATCH', '디자인 템플릿이 디자인 데이터와 다릅니다.');
  }
  const { optionNo, material } =
    input.optionNo !== undefined
      ? await checkOption(db, input.productNo, config, doc.templateId, input.optionNo, input.material)
      : {
          optionNo: null,
          material: await checkMaterial(db, input.productNo, config, input.material),
        };
  const salesChannel = salesChannelIn(owner, input.salesChannel);
  const designId = newDesignId();
  const previews = await storePreviews(designId, 1, doc);
  const at = now.toISOString();
  const base = {
    designId,
    memberNo: owner.kind === 'member' ? owner.memberNo : null,
    guestTokenHash: owner.kind === 'guest' ? owner.guestTokenHash : null,
    productNo: input.productNo,
    templateId: doc.templateId,
    shape: doc.shape,
    frontBackSame: doc.frontBackSame,
    name: input.name ?? `${template(doc.templateId).label} 디자인`,
    document: JSON.stringify(doc),
    documentVersion: DESIGN_VERSION,
    previewFrontUrl: previews.front,
    previewBackUrl: previews.back,
    salesChannel,
    material,
    optionNo,
    at,
  };
  // create_time is unique per owner: two saves in the same millisecond take the next one
  let time = now.getTime();
  for (let attempt = 0; ; attempt++) {
    try {
      await repo.insertDesign(db, { ...base, createTime: formatCreateTime(new Date(time)) });
      break;
    } catch (err) {
      if (attempt >= 5 || !/UNIQUE/i.test(String((err as Error).message))) throw err;
      time += 1;
    }
  }
  const row = await repo.findById(db, designId);
  return toView(row!);
}

/** GET: the caller's designs, newest first. */
export async function listDesigns(db: Db, actor: DesignActor): Promise<DesignView[]> {
  const rows = await repo.listByOwner(db, filterOf(ownerOf(actor)));
  return rows.map(toView);
}

/** One design of the caller (administrators: any design when asked by id). */
export async function getDesign(db: Db, actor: DesignActor, ref: DesignRef): Promise<DesignView> {
  return toView(await findOwned(db, ownerOf(actor), ref, true));
}

/** A design row for rendering: its owner or an administrator. */
export async function getDesignRow(db: Db, actor: DesignActor, designId: string): Promise<repo.DesignRow> {
  return findOwned(db, ownerOf(actor), { designId }, true);
}

/** PATCH: rename, change option, material or channel, or save a new document (new previews). */
export async function updateDesign(
  db: Db,
  actor: DesignActor,
  ref: DesignRef,
  patch: DampenerPatchData,
  now = new Date(),
): Promise<DesignView> {
  const owner = ownerOf(actor);
  const row = await findOwned(db, owner, ref);
  const changes: repo.DesignChanges = {};
  // a saved design stays editable while its product has a template, customisable or not any more
  const config =
    patch.material !== undefined || patch.design !== undefined || patch.optionNo !== undefined
      ? await productConfig(db, row.productNo)
      : null;
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.salesChannel !== undefined) changes.salesChannel = salesChannelIn(owner, patch.salesChannel);
  let doc: DesignDocument | null = null;
  if (patch.design !== undefined) {
    const previous = imagesOf(JSON.parse(row.document) as DesignDocument);
    doc = await checkDocument(db, owner, patch.design, config, previous);
  }
  // the option (given now, or kept) must still fit the design's template and material
  const optionNo = patch.optionNo ?? row.optionNo;
  if (optionNo !== null && (patch.optionNo !== undefined || doc || patch.material !== undefined)) {
    const checked = await checkOption(
      db,
      row.productNo,
      config,
      doc?.templateId ?? row.templateId,
      optionNo,
      patch.material,
    );
    changes.optionNo = checked.optionNo;
    changes.material = checked.material;
  } else if (patch.material !== undefined) {
    changes.material = await checkMaterial(db, row.productNo, config, patch.material);
  }
  if (doc) {
    changes.document = {
      json: JSON.stringify(doc),
      version: DESIGN_VERSION,
      templateId: doc.templateId,
      shape: doc.shape,
      frontBackSame: doc.frontBackSame,
    };
    changes.previews = await storePreviews(row.designId, row.revision + 1, doc);
  }
  const ok = await repo.updateDesign(db, row.designId, row.revision, changes, now.toISOString());
  if (!ok) {
    if (doc) await dropPreviews(row.designId, row.revision + 1);
    throw designError('DESIGN_CONFLICT', '다른 곳에서 디자인이 바뀌었습니다. 디자인을 다시 불러와 주세요.');
  }
  if (doc) await dropPreviews(row.designId, row.revision);
  return toView((await repo.findById(db, row.designId))!);
}

/** DELETE: the design leaves the owner's list; orders made from it keep their own copy. */
export async function deleteDesign(
  db: Db,
  actor: DesignActor,
  ref: DesignRef,
  now = new Date(),
): Promise<void> {
  const row = await findOwned(db, ownerOf(actor), ref);
  if (!(await repo.softDelete(db, row.designId, now.toISOString()))) throw notFound();
}

/**
 * At login: the guest identity's designs move to the member, and the member may keep using the
 * images that guest uploaded. Call after the session is created, with the `guestToken` the browser
 * sent. Returns how many designs moved.
 */
export async function adoptGuestDesigns(
  db: Db,
  guestToken: string,
  memberNo: number,
  now = new Date(),
): Promise<number> {
  if (!guestToken || guestToken.length < MIN_GUEST_TOKEN_LENGTH) return 0;
  const at = now.toISOString();
  const tx = await db.transaction('write');
  try {
    const moved = await repo.adoptGuestDesigns(tx, guestTokenHash(guestToken), memberNo, at, (t) =>
      formatCreateTime(new Date(parseCreateTime(t)!.getTime() + 1)),
    );
    if (moved.length > 0)
      await repo.addUploadFolder(tx, memberNo, ownerFolder({ kind: 'guest', guestToken }), at);
    await tx.commit();
    return moved.length;
  } catch (err) {
    await tx.rollback().catch(() => undefined);
    throw err;
  } finally {
    tx.close();
  }
}

// --------------------------------------------------------------------------------------- admin

export interface AdminDesignList {
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  items: DesignView[];
}

export async function adminListDesigns(
  db: Db,
  query: Omit<repo.AdminDesignQuery, 'salesChannel'> & { salesChannel?: string | undefined },
): Promise<AdminDesignList> {
  const salesChannel = query.salesChannel === env().BRAND_SLUG ? 'brand' : query.salesChannel;
  const { rows, totalCount } = await repo.adminList(db, { ...query, salesChannel });
  return { totalCount, pageNumber: query.pageNumber, pageSize: query.pageSize, items: rows.map(toView) };
}

// ------------------------------------------------------------------------------ cart and order

/** Who a cart line or order belongs to (the digest of src/server/order/owner.ts for guests). */
export interface LineOwner {
  memberNo: number | null;
  guestTokenHash: string | null;
}

/** Why a design line cannot be ordered. */
export type DesignLineProblem =
  | 'unknown'
  | 'deleted'
  | 'not-owner'
  | 'other-product'
  | 'other-template'
  /** The line's option is not the one the design was saved with (`optionNo` says which it was). */
  | 'other-option'
  /** Saved before designs kept their option, and several options fit it: it must be chosen first. */
  | 'no-option'
  /** Its text is still the editor's placeholder ('문구를 입력하세요'). */
  | 'placeholder';

export type DesignLineState =
  | { orderable: true; summary: DesignSummary }
  | {
      orderable: false;
      problem: DesignLineProblem;
      summary: DesignSummary | null;
      /** The design's own option, for 'other-option'. */
      optionNo?: number;
    };

/** A design line as `designLineStates` checks it. */
export interface DesignLineCheck {
  designId: string;
  productNo: number;
  /** The templates the product uses now, when known (a manager may change them after a save). */
  templateIds?: readonly string[] | undefined;
  /** The line's option, checked against the design's own when given. */
  optionNo?: number | undefined;
  /**
   * The product's design config and options, for a design saved before designs kept their option
   * (the one option its template and material fit is then its option).
   */
  catalogue?:
    | {
        config: ProductDesignConfig | null;
        labels: readonly string[];
        options: readonly DesignOptionCandidate[];
      }
    | undefined;
}

function ownsRow(owner: LineOwner | null, row: repo.DesignRow): boolean {
  if (!owner) return false;
  return owner.memberNo !== null
    ? row.memberNo === owner.memberNo
    : row.memberNo === null && owner.guestTokenHash !== null && row.guestTokenHash === owner.guestTokenHash;
}

function summaryOf(r: repo.DesignRow): DesignSummary {
  return {
    designId: r.designId,
    name: r.name,
    productNo: r.productNo,
    material: r.material,
    previewUrl: r.previewFrontUrl,
    previewUrls: { front: r.previewFrontUrl, back: r.previewBackUrl },
  };
}

/**
 * The design lines of a cart or order sheet (option input '디자인 번호'), checked in one query: a
 * design can be ordered when it exists, is not deleted, belongs to the line's owner (the member, or
 * the guest identity while no member holds it), was made for the line's product, on one of the
 * templates the product uses now (`templateIds`, when given: a manager may change a product's
 * template after a design was saved), is ordered with its own option (`optionNo`, when given:
 * the one it was saved with, or for an older design the one option it fits) and has no text left
 * at the editor's placeholder. The summary (name, previews) is given for the owner's own designs
 * only, deleted ones included.
 */
export async function designLineStates(
  db: Db,
  owner: LineOwner | null,
  lines: readonly DesignLineCheck[],
): Promise<DesignLineState[]> {
  const ids = [...new Set(lines.map((l) => l.designId).filter((id) => DESIGN_ID_PATTERN.test(id)))];
  const rows = new Map((await repo.findByIds(db, ids)).map((r) => [r.designId, r]));
  return lines.map((line): DesignLineState => {
    const row = rows.get(line.designId);
    if (!row) return { orderable: false, problem: 'unknown', summary: null };
    if (!ownsRow(owner, row)) return { orderable: false, problem: 'not-owner', summary: null };
    const summary = summaryOf(row);
    if (row.deletedAt !== null) return { orderable: false, problem: 'deleted', summary };
    if (row.productNo !== line.productNo) return { orderable: false, problem: 'other-product', summary };
    if (line.templateIds && !line.templateIds.includes(row.templateId))
      return { orderable: false, problem: 'other-template', summary };
    if (line.optionNo !== undefined) {
      const own = line.catalogue
        ? designOptionOf(line.catalogue.config, line.catalogue.labels, line.catalogue.options, row)
        : row.optionNo;
      if (own === null) return { orderable: false, problem: 'no-option', summary };
      if (own !== line.optionNo) return { orderable: false, problem: 'other-option', summary, optionNo: own };
    }
    if (placeholderSides(JSON.parse(row.document) as DesignDocument).length > 0)
      return { orderable: false, problem: 'placeholder', summary };
    return { orderable: true, summary };
  });
}

/**
 * One design line (design id as option input '디자인 번호'): the design must exist, belong to the
 * shopper (member, or the guest identity of `guestTokenHash`), and be of this product.
 * Throws 400 `DESIGN_NOT_ORDERABLE` otherwise.
 */
export async function assertDesignOrderable(
  db: Db,
  owner: LineOwner,
  designId: string,
  productNo: number,
): Promise<void> {
  const [state] = await designLineStates(db, owner, [{ designId, productNo }]);
  if (!state?.orderable) {
    throw designError(
      'DESIGN_NOT_ORDERABLE',
      '디자인 상품을 장바구니에 담지 못했습니다. 디자인을 다시 저장해 주세요.',
    );
  }
}

export type { DesignSummary };

/** Name and previews of designs (cart lines, my page, order detail), deleted ones included. */
export async function designSummaries(
  db: Db,
  designIds: readonly string[],
): Promise<Map<string, DesignSummary>> {
  const ids = [...new Set(designIds.filter((id) => DESIGN_ID_PATTERN.test(id)))];
  const rows = await repo.findByIds(db, ids);
  return new Map(rows.map((r) => [r.designId, summaryOf(r)]));
}
