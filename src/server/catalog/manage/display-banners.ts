import type { InValue } from '@libsql/client';
import type { Db } from '../../db/client.ts';
import { writeTx } from '../../db/write-tx.ts';
import { appError } from '../../platform/errors.ts';
import { UPLOAD_MAX_BYTES, deleteImageFiles, storeImageLadder } from '../../storage/index.ts';
import { BANNER_IMAGE_WIDTHS, imageUrlAtWidth } from '../../../lib/images.ts';
import * as repo from './display-manage-repo.ts';
import type { BannerCreate, BannerImageKind, BannerPatch, BannerReorder } from './display-schema.ts';
import {
  DISPLAY_STATE_LABELS,
  displayState,
  fieldProblem,
  periodProblem,
  staleOrGone,
  type DisplayState,
} from './display-state.ts';

/**
 * Home banners as the manager edits them: per group (the home page shows MAIN), each with a link,
 * a period, a visible flag and its place in the group; a desktop image (3:1, filling the frame) and
 * an optional phone image (4:3), each stored at every width of the banner ladder. Replacing or
 * deleting a banner deletes the files it no longer uses.
 */

/** The shop's carousel is 3:1 on wide screens and 4:3 on phones when a banner has a phone image. */
export const DESKTOP_BANNER_ASPECT = 3;
export const MOBILE_BANNER_ASPECT = 4 / 3;
const BANNER_FOLDER = 'catalog/managed/banners';
/** The group the home page's carousel shows. */
export const HOME_BANNER_GROUP = 'MAIN';

export interface ManagedBanner {
  bannerNo: number;
  groupNo: number;
  name: string;
  description: string;
  landingUrl: string;
  newWindow: boolean;
  visible: boolean;
  displayOrder: number;
  /** UTC ISO; null: no limit. */
  displayStart: string | null;
  displayEnd: string | null;
  /** The largest width's address; null until the desktop image is uploaded. */
  imageUrl: string | null;
  thumbnailUrl: string | null;
  mobileImageUrl: string | null;
  mobileThumbnailUrl: string | null;
  version: number;
  state: DisplayState;
  stateLabel: string;
}

export interface BannerGroup {
  groupNo: number;
  code: string;
  name: string;
  bannerCount: number;
  /** The home page shows this group. */
  onHome: boolean;
}

export interface BannerList {
  groups: BannerGroup[];
  /** The group listed (the one asked for, else the home page's). */
  groupNo: number | null;
  banners: ManagedBanner[];
}

const thumb = (url: string | null) => (url ? imageUrlAtWidth(url, BANNER_IMAGE_WIDTHS[0]) : null);

function toBanner(row: repo.ManagedBannerRow, now: string): ManagedBanner {
  const state = displayState(row, now, row.image_url !== '');
  return {
    bannerNo: row.banner_no,
    groupNo: row.banner_group_no,
    name: row.name,
    description: row.description,
    landingUrl: row.landing_url,
    newWindow: row.browser_target === 'NEW',
    visible: row.visible === 1,
    displayOrder: row.display_order,
    displayStart: row.display_start_ymdt,
    displayEnd: row.display_end_ymdt,
    imageUrl: row.image_url || null,
    thumbnailUrl: thumb(row.image_url || null),
    mobileImageUrl: row.mobile_image_url,
    mobileThumbnailUrl: thumb(row.mobile_image_url),
    version: row.version,
    state,
    stateLabel: DISPLAY_STATE_LABELS[state],
  };
}

export async function listBanners(db: Db, groupNo?: number): Promise<BannerList> {
  const groups = (await repo.selectBannerGroups(db)).map((g) => ({
    groupNo: g.banner_group_no,
    code: g.code,
    name: g.name,
    bannerCount: g.banner_cnt,
    onHome: g.code === HOME_BANNER_GROUP,
  }));
  const group =
    groupNo === undefined
      ? (groups.find((g) => g.onHome) ?? groups[0])
      : groups.find((g) => g.groupNo === groupNo);
  if (groupNo !== undefined && !group) throw appError('BANNER_GROUP_NOT_FOUND');
  const now = new Date().toISOString();
  const banners = group ? await repo.selectBanners(db, group.groupNo) : [];
  return { groups, groupNo: group?.groupNo ?? null, banners: banners.map((b) => toBanner(b, now)) };
}

export async function getBanner(db: Db, bannerNo: number): Promise<ManagedBanner> {
  const row = await repo.selectBanner(db, bannerNo);
  if (!row) throw appError('BANNER_NOT_FOUND');
  return toBanner(row, new Date().toISOString());
}

async function checkGroup(db: Db, groupNo: number) {
  if (!(await repo.groupExists(db, groupNo)))
    throw fieldProblem('groupNo', '배너 그룹을 찾을 수 없습니다. 목록을 새로 불러와 주세요.');
}

/** A new banner, last in its group. It shows on the shop once its desktop image is uploaded. */
export async function createBanner(db: Db, input: BannerCreate): Promise<ManagedBanner> {
  await checkGroup(db, input.groupNo);
  const bannerNo = await repo.insertBanner(db, {
    banner_group_no: input.groupNo,
    name: input.name,
    description: input.description,
    landing_url: input.landingUrl,
    browser_target: input.newWindow ? 'NEW' : 'CURRENT',
    visible: input.visible ? 1 : 0,
    display_start_ymdt: input.displayStart,
    display_end_ymdt: input.displayEnd,
  });
  return getBanner(db, bannerNo);
}

/** Reads the banner an edit is about: 404 when gone, 409 when someone saved a newer version. */
async function bannerAt(db: Db, bannerNo: number, version: number): Promise<repo.ManagedBannerRow> {
  const row = await repo.selectBanner(db, bannerNo);
  if (!row) throw appError('BANNER_NOT_FOUND');
  if (row.version !== version) throw appError('VERSION_CONFLICT');
  return row;
}

async function saveBanner(db: Db, bannerNo: number, version: number, set: Record<string, InValue>) {
  if (!(await repo.updateBanner(db, bannerNo, version, set)))
    staleOrGone(Boolean(await repo.selectBanner(db, bannerNo)), 'BANNER_NOT_FOUND');
}

/** Changes the given fields of a banner still at `patch.version`. */
export async function updateBanner(db: Db, bannerNo: number, patch: BannerPatch): Promise<ManagedBanner> {
  const row = await bannerAt(db, bannerNo, patch.version);
  const start = patch.displayStart === undefined ? row.display_start_ymdt : patch.displayStart;
  const end = patch.displayEnd === undefined ? row.display_end_ymdt : patch.displayEnd;
  const period = periodProblem(start, end);
  if (period) throw fieldProblem(period.path, period.message);
  const set: Record<string, InValue> = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.landingUrl !== undefined) set.landing_url = patch.landingUrl;
  if (patch.newWindow !== undefined) set.browser_target = patch.newWindow ? 'NEW' : 'CURRENT';
  if (patch.visible !== undefined) set.visible = patch.visible ? 1 : 0;
  if (patch.displayStart !== undefined) set.display_start_ymdt = patch.displayStart;
  if (patch.displayEnd !== undefined) set.display_end_ymdt = patch.displayEnd;
  await saveBanner(db, bannerNo, patch.version, set);
  return getBanner(db, bannerNo);
}

/** Every file of a banner image: its ladder's widths (the stored variants, or by its naming). */
function imageFiles(url: string | null, variants?: string): string[] {
  if (!url) return [];
  let listed: { url?: unknown }[];
  try {
    listed = variants ? (JSON.parse(variants) as { url?: unknown }[]) : [];
  } catch {
    listed = [];
  }
  const urls = listed.flatMap((v) => (typeof v.url === 'string' ? [v.url] : []));
  return [url, ...urls, ...BANNER_IMAGE_WIDTHS.map((w) => imageUrlAtWidth(url, w))];
}

/**
 * Stores a new desktop or phone image for a banner still at `version` and deletes the files of the
 * one it replaces. The image is checked and re-encoded first; if someone saved the banner
 * meanwhile, the new files are deleted again and the answer is 409.
 */
export async function setBannerImage(
  db: Db,
  bannerNo: number,
  kind: BannerImageKind,
  bytes: Uint8Array,
  version: number,
): Promise<ManagedBanner> {
  if (bytes.byteLength === 0) throw appError('BANNER_IMAGE_MISSING');
  if (bytes.byteLength > UPLOAD_MAX_BYTES)
    throw fieldProblem('file', '이미지는 10MB 이하의 파일만 올릴 수 있습니다.');
  const row = await bannerAt(db, bannerNo, version);
  const image = await storeImageLadder(bytes, {
    folder: BANNER_FOLDER,
    widths: BANNER_IMAGE_WIDTHS,
    aspect: kind === 'desktop' ? DESKTOP_BANNER_ASPECT : MOBILE_BANNER_ASPECT,
    fit: 'cover',
  });
  const fresh = [image.url, ...image.variants.map((v) => v.url)];
  const set: Record<string, InValue> =
    kind === 'desktop'
      ? {
          image_url: image.url,
          image_width: image.width,
          image_height: image.height,
          variants: JSON.stringify(image.variants),
        }
      : { mobile_image_url: image.url };
  try {
    await saveBanner(db, bannerNo, version, set);
  } catch (err) {
    await deleteImageFiles(fresh);
    throw err;
  }
  // the version matched, so the row read above is what this save replaced
  await deleteImageFiles(
    kind === 'desktop' ? imageFiles(row.image_url || null, row.variants) : imageFiles(row.mobile_image_url),
  );
  return getBanner(db, bannerNo);
}

/** Takes the phone image off a banner (phones then show the desktop image) and deletes its files. */
export async function removeMobileImage(db: Db, bannerNo: number, version: number): Promise<ManagedBanner> {
  const row = await bannerAt(db, bannerNo, version);
  await saveBanner(db, bannerNo, version, { mobile_image_url: null });
  await deleteImageFiles(imageFiles(row.mobile_image_url));
  return getBanner(db, bannerNo);
}

/** Deletes a banner still at `version`, and every file of its images. */
export async function deleteBanner(
  db: Db,
  bannerNo: number,
  version: number,
): Promise<{ deletedFiles: number }> {
  const row = await bannerAt(db, bannerNo, version);
  if (!(await repo.deleteBanner(db, bannerNo, version)))
    staleOrGone(Boolean(await repo.selectBanner(db, bannerNo)), 'BANNER_NOT_FOUND');
  const deletedFiles = await deleteImageFiles([
    ...imageFiles(row.image_url || null, row.variants),
    ...imageFiles(row.mobile_image_url),
  ]);
  return { deletedFiles };
}

/**
 * Puts a group's banners in the order given. The list must be the group's whole list as it is now
 * (a banner added or deleted meanwhile: 409), and with `versions` each banner must still be at the
 * version the screen read.
 */
export async function reorderBanners(db: Db, input: BannerReorder): Promise<BannerList> {
  await writeTx(db, async (tx) => {
    if (!(await repo.groupExists(tx, input.groupNo))) throw appError('BANNER_GROUP_NOT_FOUND');
    const current = await repo.selectBanners(tx, input.groupNo);
    const byNo = new Map(current.map((b) => [b.banner_no, b]));
    if (current.length !== input.bannerNos.length || input.bannerNos.some((no) => !byNo.has(no)))
      throw appError('DISPLAY_LIST_CHANGED');
    if (input.versions?.some((v, i) => byNo.get(input.bannerNos[i]!)?.version !== v))
      throw appError('VERSION_CONFLICT');
    for (const [i, no] of input.bannerNos.entries()) {
      if (byNo.get(no)?.display_order !== i + 1) await repo.setBannerOrder(tx, no, i + 1);
    }
  });
  return listBanners(db, input.groupNo);
}
