import { env } from '../platform/env.ts';
import { createLocalStorage } from './local.ts';
import type { StoragePort } from './port.ts';
import { createS3Storage } from './s3.ts';

export type { StoragePort } from './port.ts';
export { deleteImageFiles, storeImageLadder } from './image-ladder.ts';
export type { LadderImage, LadderOptions } from './image-ladder.ts';

let current: StoragePort | undefined;

/** The process's object storage: the built-in `local` adapter, or `s3` when STORAGE_DRIVER=s3. */
export function storage(): StoragePort {
  if (!current) {
    const e = env();
    current =
      e.STORAGE_DRIVER === 's3' && e.S3_BUCKET
        ? createS3Storage({
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicBaseUrl: e.S3_PUBLIC_BASE_URL,
          })
        : createLocalStorage({
            dir: e.STORAGE_DIR,
            bucket: `${e.BRAND_SLUG}-uploads`,
            origins: [new URL(e.PUBLIC_BASE_URL).origin],
          });
  }
  return current;
}

/** For tests: replace the adapter. `undefined` restores the default. */
export function useStorageForTests(port: StoragePort | undefined): void {
  current = port;
}
export {
  PUT_PATH,
  THUMBNAIL_SUFFIX,
  UPLOAD_MAX_BYTES,
  deleteUploadFolder,
  isOwnUpload,
  ownerFolder,
  signUpload,
  storeUpload,
  thumbnailKey,
  verifySignedPut,
} from './upload.ts';
export type { Uploader } from './upload.ts';
