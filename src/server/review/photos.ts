import { REVIEW_PHOTOS_MAX } from '../../lib/review-rules.ts';
import { appError } from '../platform/errors.ts';
import { storage } from '../storage/index.ts';
import { THUMBNAIL_SUFFIX, ownerFolder, thumbnailKey } from '../storage/index.ts';

/**
 * Review photos are images the author uploaded through `GET /api/upload` (their own folder,
 * already checked and re-encoded by the upload route). Anything else — another member's file, an
 * outside address, a thumbnail instead of the image — is refused, and what is kept is the storage's
 * own address of the file (no query string, no foreign origin).
 */

const photoError = (message: string) => appError('REVIEW_PHOTO_INVALID', message);

/** The photos' canonical addresses, or a 400 naming the problem. */
export function checkReviewPhotos(memberNo: number, urls: readonly string[]): string[] {
  if (urls.length > REVIEW_PHOTOS_MAX)
    throw photoError(`사진은 ${REVIEW_PHOTOS_MAX}장까지 올릴 수 있습니다.`);
  const port = storage();
  const own = `${ownerFolder({ kind: 'member', memberNo })}/`;
  const out: string[] = [];
  for (const url of urls) {
    const key = port.keyOfUrl(url.trim());
    if (!key || !key.startsWith(own)) throw photoError('내가 올린 사진만 후기에 첨부할 수 있습니다.');
    if (new RegExp(`${THUMBNAIL_SUFFIX}\\.[a-z]+$`).test(key))
      throw photoError('썸네일이 아닌 원본 사진을 첨부해 주세요.');
    const canonical = port.publicUrl(key);
    if (out.includes(canonical)) throw photoError('같은 사진을 두 번 첨부할 수 없습니다.');
    out.push(canonical);
  }
  return out;
}

/** The 100 px wide `_small` thumbnail of a stored photo (the photo itself when it is not ours). */
export function thumbnailOf(url: string): string {
  const port = storage();
  const key = port.keyOfUrl(url);
  return key ? port.publicUrl(thumbnailKey(key)) : url;
}
