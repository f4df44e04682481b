import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { appError } from '../platform/errors.ts';
import type { ErrorCode } from '../../lib/errors/index.ts';
import { UPLOAD_FAILED_MESSAGE } from '../../lib/board-rules.ts';
import { ACCEPTED_TYPES, CONTENT_TYPE, FORMAT_OF_EXT, NotAnImageError, processImage } from './image.ts';
import { storage, type StoragePort } from './index.ts';
import { isSafeKey } from './port.ts';

/**
 * Uploads (spec section 7: GET /api/upload, then PUT to the signed URL; GET /api/s3/delete).
 * Every upload lands in its uploader's own folder: `members/<memberNo>/…` or
 * `guests/<hash of the guest token>/…`. The signed URL names the object key and an expiry and is
 * checked with an HMAC; the PUT it allows is served by the app, which checks the bytes and
 * re-encodes them before anything is stored (docs/decisions/005-uploads-through-the-app.md).
 */

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const UPLOAD_URL_TTL_SECONDS = 10 * 60;
export const THUMBNAIL_SUFFIX = '_small';
export const PUT_PATH = '/api/upload/put/';

export type Uploader = { kind: 'member'; memberNo: number } | { kind: 'guest'; guestToken: string };

const uploadError = (code: ErrorCode, detail?: string) =>
  appError(code, detail ? `${UPLOAD_FAILED_MESSAGE} (${detail})` : undefined);

/** The uploader's own folder. A guest's is named by a digest: the token itself is a secret. */
export function ownerFolder(uploader: Uploader): string {
  if (uploader.kind === 'member') return `members/${uploader.memberNo}`;
  const digest = createHash('sha256')
    .update(`guest-upload:${uploader.guestToken}`)
    .digest('hex')
    .slice(0, 24);
  return `guests/${digest}`;
}

/**
 * A folder path the client asked for, inside the uploader's folder: either relative
 * (`inquiry/2026`) or already starting with the uploader's own folder. Another owner's folder,
 * `..`, or odd characters → null.
 */
function confineFolder(uploader: Uploader, path: string | undefined): string | null {
  const own = ownerFolder(uploader);
  const cleaned = (path ?? '')
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .replace(/^uploads\//, '');
  if (cleaned === '' || cleaned === own) return own;
  if (cleaned.startsWith(`${own}/`)) return isSafeKey(cleaned) ? cleaned : null;
  if (/^(members|guests)(\/|$)/.test(cleaned)) return null;
  const folder = `${own}/${cleaned}`;
  return isSafeKey(folder) && folder.split('/').length <= 8 ? folder : null;
}

// ------------------------------------------------------------------------------------ signing

const KEY_ID = 'upload-v1';
let secretCache: { db: Db; secret: Buffer } | undefined;

/** The signing secret, created once in the database so that every process agrees on it. */
async function signingSecret(db: Db): Promise<Buffer> {
  if (secretCache?.db === db) return secretCache.secret;
  await db.execute({
    sql: 'INSERT OR IGNORE INTO storage_signing_keys (key_id, secret, created_at) VALUES (?, ?, ?)',
    args: [KEY_ID, randomBytes(32).toString('base64url'), new Date().toISOString()],
  });
  const r = await db.execute({
    sql: 'SELECT secret FROM storage_signing_keys WHERE key_id = ?',
    args: [KEY_ID],
  });
  const secret = Buffer.from(String(r.rows[0]?.secret), 'base64url');
  secretCache = { db, secret };
  return secret;
}

function signature(secret: Buffer, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`PUT\n${key}\n${expires}`).digest('base64url');
}

export interface UploadRequest {
  fileName: string;
  fileType: string;
  bucket?: string | undefined;
  path?: string | undefined;
  /** Generate a fresh file name (default); `false` keeps the (cleaned) file name. */
  createName?: boolean | undefined;
}

export interface SignedUpload {
  /** Signed PUT URL, valid UPLOAD_URL_TTL_SECONDS. */
  url: string;
  /** Where the image will be: no query string. */
  fileUrl: string;
  thumbnailUrl: string;
  key: string;
  /** Epoch seconds. */
  expiresAt: number;
}

function fileStem(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  return base
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

function freshName(now: Date): string {
  return `${now.getTime().toString(36)}-${randomBytes(6).toString('hex')}`;
}

/** `photo.png` → `photo_small.png`. */
export const thumbnailKey = (key: string) => key.replace(/(\.[a-z]+)$/, `${THUMBNAIL_SUFFIX}$1`);

function checkBucket(port: StoragePort, bucket: string | undefined) {
  if (bucket && bucket !== port.bucket) throw uploadError('UPLOAD_BUCKET', '허용되지 않은 저장소');
}

/** Step 1: a signed PUT URL for one image in the uploader's folder. */
export async function signUpload(
  db: Db,
  uploader: Uploader,
  req: UploadRequest,
  now: Date = new Date(),
): Promise<SignedUpload> {
  const port = storage();
  checkBucket(port, req.bucket);
  const type = ACCEPTED_TYPES[req.fileType.trim().toLowerCase()];
  if (!type) throw uploadError('UPLOAD_NOT_IMAGE', '이미지 파일(JPG, PNG, WebP, GIF)만 올릴 수 있습니다');
  const folder = confineFolder(uploader, req.path);
  if (!folder) throw uploadError('UPLOAD_PATH', '내 폴더에만 올릴 수 있습니다');
  const stem = req.createName === false ? fileStem(req.fileName) || freshName(now) : freshName(now);
  const key = `${folder}/${stem.replace(/_small$/, '')}.${type.ext}`;
  const expiresAt = Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS;
  const sig = signature(await signingSecret(db), key, expiresAt);
  return {
    url: `${PUT_PATH}${key}?expires=${expiresAt}&signature=${sig}`,
    fileUrl: port.publicUrl(key),
    thumbnailUrl: port.publicUrl(thumbnailKey(key)),
    key,
    expiresAt,
  };
}

/** Step 2a: is this PUT allowed? Expired, altered or foreign URLs are refused with 403. */
export async function verifySignedPut(
  db: Db,
  key: string,
  expires: string | undefined,
  sig: string | undefined,
  now: Date = new Date(),
): Promise<void> {
  const deny = (detail: string) => uploadError('UPLOAD_SIGNATURE', detail);
  if (!isSafeKey(key) || !/^(members|guests)\//.test(key) || !FORMAT_OF_EXT[key.split('.').pop() ?? ''])
    throw deny('잘못된 업로드 주소');
  if (!expires || !/^\d{1,12}$/.test(expires) || !sig || !/^[A-Za-z0-9_-]{43}$/.test(sig))
    throw deny('잘못된 업로드 주소');
  const expected = Buffer.from(signature(await signingSecret(db), key, Number(expires)));
  if (!timingSafeEqual(expected, Buffer.from(sig))) throw deny('잘못된 업로드 주소');
  if (Number(expires) * 1000 <= now.getTime()) throw deny('업로드 주소의 유효 시간이 지났습니다');
}

export interface StoredUpload {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/** Step 2b: check the bytes are an image, re-encode, store it and its `_small` thumbnail. */
export async function storeUpload(key: string, bytes: Uint8Array): Promise<StoredUpload> {
  if (bytes.byteLength === 0) throw uploadError('UPLOAD_EMPTY', '빈 파일입니다');
  if (bytes.byteLength > UPLOAD_MAX_BYTES)
    throw uploadError('UPLOAD_TOO_LARGE', '10MB 이하의 파일만 올릴 수 있습니다');
  const format = FORMAT_OF_EXT[key.split('.').pop() ?? '']!;
  let processed;
  try {
    processed = await processImage(bytes, format);
  } catch (err) {
    if (err instanceof NotAnImageError)
      throw uploadError('UPLOAD_NOT_IMAGE', '이미지 파일(JPG, PNG, WebP, GIF)만 올릴 수 있습니다');
    throw err;
  }
  const port = storage();
  const small = thumbnailKey(key);
  await port.put(key, processed.image, CONTENT_TYPE[format]);
  await port.put(small, processed.thumbnail, CONTENT_TYPE[format]);
  return {
    url: port.publicUrl(key),
    thumbnailUrl: port.publicUrl(small),
    width: processed.width,
    height: processed.height,
  };
}

/** GET /api/s3/delete: removes a folder of the uploader's own uploads (never their whole root). */
export async function deleteUploadFolder(
  uploader: Uploader,
  folderPath: string,
  bucket?: string,
): Promise<number> {
  const port = storage();
  checkBucket(port, bucket);
  const folder = confineFolder(uploader, folderPath);
  if (!folder || folder === ownerFolder(uploader)) {
    throw appError('UPLOAD_DELETE_FORBIDDEN');
  }
  return port.deleteFolder(folder);
}

/** Whether `url` is one of the uploader's own uploaded images (for inquiry and board photos). */
export function isOwnUpload(uploader: Uploader, url: string): boolean {
  const key = storage().keyOfUrl(url);
  return key !== null && key.startsWith(`${ownerFolder(uploader)}/`);
}
