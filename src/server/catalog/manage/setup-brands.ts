import type { Db, Executor } from '../../db/client.ts';
import { writeTx } from '../../db/write-tx.ts';
import { appError, fieldsError } from '../../platform/errors.ts';
import { deleteImageFiles, storeImageLadder } from '../../storage/index.ts';
import * as repo from './setup-repo.ts';
import type { BrandCreate, BrandPatch } from './setup-schema.ts';

/**
 * Brands as the manager edits them: names (unique, whatever the case), display order and a logo
 * stored at the brand ladder (160 and 320 px, square, the whole logo on white). A brand some
 * product uses, even a deleted one, stays.
 */

export const BRAND_LOGO_WIDTHS = [160, 320] as const;
const LOGO_FOLDER = 'catalog/managed/brands';

export interface AdminBrand {
  brandNo: number;
  name: string;
  nameKo: string | null;
  nameEn: string | null;
  logoImageUrl: string | null;
  displayOrder: number;
  version: number;
  productCount: number;
  /** Products that were deleted but still carry the brand (orders and carts point at them). */
  deletedProductCount: number;
}

const toBrand = (r: repo.BrandAdminRow): AdminBrand => ({
  brandNo: r.brand_no,
  name: r.brand_name,
  nameKo: r.brand_name_ko,
  nameEn: r.brand_name_en,
  logoImageUrl: r.logo_image_url,
  displayOrder: r.display_order,
  version: r.version,
  productCount: r.product_cnt,
  deletedProductCount: r.all_product_cnt - r.product_cnt,
});

export async function listBrands(db: Executor): Promise<AdminBrand[]> {
  return (await repo.selectBrands(db)).map(toBrand);
}

export async function getBrand(db: Executor, brandNo: number): Promise<AdminBrand> {
  const row = await repo.selectBrand(db, brandNo);
  if (!row) throw appError('BRAND_NOT_FOUND');
  return toBrand(row);
}

async function brandAt(ex: Executor, brandNo: number, version: number): Promise<repo.BrandAdminRow> {
  const row = await repo.selectBrand(ex, brandNo);
  if (!row) throw appError('BRAND_NOT_FOUND');
  if (row.version !== version) throw appError('VERSION_CONFLICT');
  return row;
}

async function assertNameFree(ex: Executor, name: string, exceptNo?: number) {
  const taken = await repo.brandNamed(ex, name, exceptNo);
  if (taken !== undefined)
    throw fieldsError('BRAND_NAME_TAKEN', [
      { path: 'name', message: `'${taken}' 브랜드가 이미 있습니다. 다른 이름을 입력해 주세요.` },
    ]);
}

export async function createBrand(db: Db, input: BrandCreate): Promise<AdminBrand> {
  const brandNo = await writeTx(db, async (tx) => {
    await assertNameFree(tx, input.name);
    return repo.insertBrand(tx, {
      name: input.name,
      nameKo: input.nameKo ?? null,
      nameEn: input.nameEn ?? null,
      displayOrder: input.displayOrder ?? (await repo.nextBrandOrder(tx)),
    });
  });
  return getBrand(db, brandNo);
}

/** PUT sends every field, PATCH some: what is left out stays as it is. */
export async function updateBrand(db: Db, brandNo: number, patch: BrandPatch): Promise<AdminBrand> {
  await writeTx(db, async (tx) => {
    const row = await brandAt(tx, brandNo, patch.version);
    const name = patch.name ?? row.brand_name;
    if (patch.name !== undefined) await assertNameFree(tx, name, brandNo);
    const ok = await repo.updateBrandRow(tx, brandNo, patch.version, {
      name,
      nameKo: patch.nameKo === undefined ? row.brand_name_ko : patch.nameKo,
      nameEn: patch.nameEn === undefined ? row.brand_name_en : patch.nameEn,
      displayOrder: patch.displayOrder ?? row.display_order,
    });
    if (!ok) throw appError('VERSION_CONFLICT');
  });
  return getBrand(db, brandNo);
}

/** Every file of a logo stored at the ladder (its URL names the largest width). */
function logoFiles(url: string): string[] {
  const m = /^(.*)-\d+w\.webp$/.exec(url);
  return m ? BRAND_LOGO_WIDTHS.map((w) => `${m[1]}-${w}w.webp`) : [url];
}

/**
 * Stores a new logo and points the brand at it; the old logo's files go once the brand no longer
 * shows them. The picture is stored before the transaction (no transaction waits on image work);
 * if the save then fails (someone saved first), the new files are deleted again.
 */
export async function setBrandLogo(
  db: Db,
  brandNo: number,
  version: number,
  bytes: Uint8Array,
): Promise<AdminBrand> {
  await brandAt(db, brandNo, version);
  const image = await storeImageLadder(bytes, {
    folder: LOGO_FOLDER,
    widths: BRAND_LOGO_WIDTHS,
    aspect: 1,
    fit: 'contain',
  });
  let old: string | null;
  try {
    old = await writeTx(db, async (tx) => {
      const before = (await brandAt(tx, brandNo, version)).logo_image_url;
      if (!(await repo.setBrandLogo(tx, brandNo, version, image.url))) throw appError('VERSION_CONFLICT');
      return before;
    });
  } catch (err) {
    await deleteImageFiles(image.variants.map((v) => v.url));
    throw err;
  }
  if (old) await deleteImageFiles(logoFiles(old));
  return getBrand(db, brandNo);
}

export async function removeBrandLogo(db: Db, brandNo: number, version: number): Promise<AdminBrand> {
  const old = await writeTx(db, async (tx) => {
    const before = (await brandAt(tx, brandNo, version)).logo_image_url;
    if (!(await repo.setBrandLogo(tx, brandNo, version, null))) throw appError('VERSION_CONFLICT');
    return before;
  });
  if (old) await deleteImageFiles(logoFiles(old));
  return getBrand(db, brandNo);
}

export async function deleteBrand(db: Db, brandNo: number, version: number): Promise<void> {
  const old = await writeTx(db, async (tx) => {
    const row = await brandAt(tx, brandNo, version);
    if (row.all_product_cnt > 0) {
      const deleted = row.all_product_cnt - row.product_cnt;
      const what =
        row.product_cnt > 0
          ? `상품 ${row.product_cnt}개${deleted > 0 ? `(삭제한 상품 ${deleted}개 별도)` : ''}`
          : `삭제한 상품 ${deleted}개(주문 내역에 남아 있는 상품)`;
      throw appError(
        'BRAND_IN_USE',
        `${what}가 '${row.brand_name}' 브랜드를 쓰고 있어 삭제할 수 없습니다. 상품의 브랜드를 먼저 바꿔 주세요.`,
      );
    }
    if (!(await repo.deleteBrandRow(tx, brandNo, version))) throw appError('VERSION_CONFLICT');
    return row.logo_image_url;
  });
  if (old) await deleteImageFiles(logoFiles(old));
}
