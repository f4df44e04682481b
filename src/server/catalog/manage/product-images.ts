import type { Db, Executor } from '../../db/client.ts';
import { placeholders } from '../../db/sql.ts';
import { writeTx } from '../../db/write-tx.ts';
import { appError } from '../../platform/errors.ts';
import { deleteImageFiles, storeImageLadder } from '../../storage/index.ts';
import { PRODUCT_IMAGE_WIDTHS } from '../../../lib/images.ts';
import type { ManagedImage } from './products.ts';

/**
 * A product's photos: uploaded one request per file (the editor shows each file's progress),
 * stored at every width the storefront's srcset uses; reordered as a whole list; one main image;
 * alt text for screen readers; deleting a photo deletes its files unless another product's copy
 * still shows them.
 */

export const MAX_IMAGES_PER_PRODUCT = 20;
/** The widths of pictures inside the detail content (their own proportions). */
const CONTENT_IMAGE_WIDTHS = [720, 1440] as const;

const tooMany = () =>
  appError('PRODUCT_INVALID', `상품 이미지는 ${MAX_IMAGES_PER_PRODUCT}장까지 올릴 수 있습니다.`);

async function assertProduct(db: Db, productNo: number): Promise<void> {
  const rs = await db.execute({
    sql: 'SELECT 1 FROM products WHERE product_no = ? AND deleted_ymdt IS NULL',
    args: [productNo],
  });
  if (rs.rows.length === 0) throw appError('MANAGED_PRODUCT_NOT_FOUND');
}

export async function listImages(db: Executor, productNo: number): Promise<ManagedImage[]> {
  const rs = await db.execute({
    sql: `SELECT image_no, url, width, height, alt, is_main, variants FROM product_images WHERE product_no = ?
      ORDER BY is_main DESC, display_order, image_no`,
    args: [productNo],
  });
  return rs.rows.map((i) => ({
    imageNo: Number(i.image_no),
    url: String(i.url),
    width: Number(i.width),
    height: Number(i.height),
    alt: String(i.alt ?? ''),
    main: Number(i.is_main) === 1,
    variants: JSON.parse(String(i.variants ?? '[]')) as ManagedImage['variants'],
  }));
}

/** Adds one photo at the end (the first photo becomes the main one). */
export async function addImage(
  db: Db,
  productNo: number,
  bytes: Uint8Array,
  alt: string,
): Promise<ManagedImage> {
  await assertProduct(db, productNo);
  const count = await db.execute({
    sql: 'SELECT COUNT(*) AS n FROM product_images WHERE product_no = ?',
    args: [productNo],
  });
  if (Number(count.rows[0]?.n) >= MAX_IMAGES_PER_PRODUCT) throw tooMany();
  const stored = await storeImageLadder(bytes, {
    folder: `catalog/managed/products/${productNo}`,
    widths: PRODUCT_IMAGE_WIDTHS,
    aspect: 1,
    fit: 'contain',
  });
  try {
    return await writeTx(db, async (tx) => {
      // counted again inside the transaction: two uploads at once must not pass the limit together
      const now = await tx.execute({
        sql: 'SELECT COUNT(*) AS n FROM product_images WHERE product_no = ?',
        args: [productNo],
      });
      if (Number(now.rows[0]?.n) >= MAX_IMAGES_PER_PRODUCT) throw tooMany();
      const rs = await tx.execute({
        sql: `INSERT INTO product_images (product_no, display_order, is_main, url, width, height, alt, variants)
          SELECT ?, COALESCE(MAX(display_order), 0) + 1, COUNT(*) = 0, ?, ?, ?, ?, ? FROM product_images WHERE product_no = ?
          RETURNING image_no, is_main`,
        args: [
          productNo,
          stored.url,
          stored.width,
          stored.height,
          alt.trim().slice(0, 200),
          JSON.stringify(stored.variants),
          productNo,
        ],
      });
      const r = rs.rows[0]!;
      return {
        imageNo: Number(r.image_no),
        url: stored.url,
        width: stored.width,
        height: stored.height,
        alt: alt.trim().slice(0, 200),
        main: Number(r.is_main) === 1,
        variants: stored.variants,
      };
    });
  } catch (err) {
    await deleteImageFiles(stored.variants.map((v) => v.url));
    throw err;
  }
}

/**
 * The photos in a new order, the first being the main image. The list must name exactly the
 * product's photos: when another manager added or deleted one meanwhile, 409 and nothing moves.
 */
export async function reorderImages(db: Db, productNo: number, imageNos: readonly number[]): Promise<void> {
  await assertProduct(db, productNo);
  await writeTx(db, async (tx) => {
    const rs = await tx.execute({
      sql: 'SELECT image_no FROM product_images WHERE product_no = ?',
      args: [productNo],
    });
    const have = rs.rows.map((r) => Number(r.image_no)).sort((a, b) => a - b);
    const asked = [...imageNos].sort((a, b) => a - b);
    if (have.length !== asked.length || have.some((n, i) => n !== asked[i]))
      throw appError(
        'VERSION_CONFLICT',
        '그사이 이미지가 추가되거나 삭제되었습니다. 새로 불러온 뒤 다시 정렬해 주세요.',
      );
    for (const [order, imageNo] of imageNos.entries()) {
      await tx.execute({
        sql: 'UPDATE product_images SET display_order = ?, is_main = ? WHERE image_no = ?',
        args: [order + 1, order === 0 ? 1 : 0, imageNo],
      });
    }
  });
}

export async function setImageAlt(db: Db, productNo: number, imageNo: number, alt: string): Promise<void> {
  const rs = await db.execute({
    sql: 'UPDATE product_images SET alt = ? WHERE image_no = ? AND product_no = ?',
    args: [alt.trim().slice(0, 200), imageNo, productNo],
  });
  if (rs.rowsAffected !== 1) throw appError('IMAGE_NOT_OF_PRODUCT');
}

/** Makes one photo the main image (it moves to the front). */
export async function setMainImage(db: Db, productNo: number, imageNo: number): Promise<void> {
  const images = await listImages(db, productNo);
  if (!images.some((i) => i.imageNo === imageNo)) throw appError('IMAGE_NOT_OF_PRODUCT');
  await reorderImages(db, productNo, [imageNo, ...images.map((i) => i.imageNo).filter((n) => n !== imageNo)]);
}

/** Deletes a photo and its files (files another product still shows stay). */
export async function deleteImage(
  db: Db,
  productNo: number,
  imageNo: number,
): Promise<{ filesDeleted: number }> {
  const urls = await writeTx(db, async (tx) => {
    const rs = await tx.execute({
      sql: 'DELETE FROM product_images WHERE image_no = ? AND product_no = ? RETURNING url, variants, is_main',
      args: [imageNo, productNo],
    });
    const row = rs.rows[0];
    if (!row) throw appError('IMAGE_NOT_OF_PRODUCT');
    if (Number(row.is_main) === 1) {
      await tx.execute({
        sql: `UPDATE product_images SET is_main = 1 WHERE image_no = (
            SELECT image_no FROM product_images WHERE product_no = ? ORDER BY display_order, image_no LIMIT 1)`,
        args: [productNo],
      });
    }
    const variants = JSON.parse(String(row.variants ?? '[]')) as { url: string }[];
    const all = [String(row.url), ...variants.map((v) => v.url)];
    const stillUsed = await tx.execute({
      sql: `SELECT 1 FROM product_images WHERE url IN (${placeholders(all)}) LIMIT 1`,
      args: all,
    });
    return stillUsed.rows.length > 0 ? [] : all;
  });
  return { filesDeleted: await deleteImageFiles(urls) };
}

/** A picture for the detail content (Markdown `![설명](url)`): its own proportions, two widths. */
export async function addContentImage(
  db: Db,
  productNo: number,
  bytes: Uint8Array,
): Promise<{ url: string; width: number; height: number }> {
  await assertProduct(db, productNo);
  const stored = await storeImageLadder(bytes, {
    folder: `catalog/managed/products/${productNo}/content`,
    widths: CONTENT_IMAGE_WIDTHS,
    aspect: null,
    fit: 'inside',
  });
  const first = stored.variants[0]!;
  return {
    url: first.url,
    width: first.width,
    height: Math.round((first.width * stored.height) / stored.width),
  };
}
