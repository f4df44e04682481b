import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { UPLOAD_FAILED_MESSAGE } from '../../lib/board-rules.ts';
import { db } from '../../server/db/client.ts';
import { appError } from '../../server/platform/errors.ts';
import {
  PUT_PATH,
  UPLOAD_MAX_BYTES,
  deleteUploadFolder,
  signUpload,
  storeUpload,
  verifySignedPut,
  type Uploader,
} from '../../server/storage/index.ts';
import { noStore, type AuthEnv } from '../middleware/auth.ts';
import { requestSite } from '../middleware/csrf.ts';
import { validate } from '../middleware/validate.ts';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const UploadQuery = z.object({
  fileName: z.string({ error: '파일 이름(fileName)을 입력해 주세요.' }).min(1).max(255),
  fileType: z.string({ error: '파일 형식(fileType)을 입력해 주세요.' }).min(1).max(100),
  bucket: z.string().max(63).optional(),
  path: z.string().max(300).optional(),
  createName: flag,
});

const DeleteFolderQuery = z.object({
  bucket: z.string().max(63).optional(),
  folderPath: z.string({ error: '삭제할 폴더(folderPath)를 입력해 주세요.' }).min(1).max(300),
});

/** Who is uploading: the signed-in member, else the guest of the `guestToken` header. */
function uploaderOf(c: Context<AuthEnv>): Uploader {
  const member = c.get('member');
  if (member) return { kind: 'member', memberNo: member.memberNo };
  const guestToken = c.get('guestToken');
  if (guestToken) return { kind: 'guest', guestToken };
  throw appError('login-required', `${UPLOAD_FAILED_MESSAGE} (로그인하거나 비회원 주문을 시작해 주세요)`);
}

/**
 * `/upload`: `GET /` hands out a signed PUT URL; `PUT /put/<key>?expires&signature` takes the
 * file (10 MB at most), checks it is an image and stores it re-encoded with its `_small`
 * thumbnail. `GET /put/<key>` sends clients that strip the query off the signed URL to the file.
 */
export const uploadRoutes = new Hono<AuthEnv>()
  .use(noStore())
  .get('/', validate('query', UploadQuery), async (c) => {
    const signed = await signUpload(await db(), uploaderOf(c), c.req.valid('query'));
    return c.json({
      url: signed.url,
      fileUrl: signed.fileUrl,
      thumbnailUrl: signed.thumbnailUrl,
      expiresAt: signed.expiresAt,
    });
  })
  .put(
    '/put/*',
    bodyLimit({
      maxSize: UPLOAD_MAX_BYTES,
      onError: (c) =>
        c.json(
          {
            code: 'UPLOAD_TOO_LARGE',
            message: `${UPLOAD_FAILED_MESSAGE} (10MB 이하의 파일만 올릴 수 있습니다)`,
          },
          413,
        ),
    }),
    async (c) => {
      const key = c.req.path.slice(c.req.path.indexOf(PUT_PATH) + PUT_PATH.length);
      await verifySignedPut(await db(), key, c.req.query('expires'), c.req.query('signature'));
      const stored = await storeUpload(key, new Uint8Array(await c.req.arrayBuffer()));
      return c.json({
        url: stored.url,
        fileUrl: stored.url,
        thumbnailUrl: stored.thumbnailUrl,
        width: stored.width,
        height: stored.height,
      });
    },
  )
  .get('/put/*', (c) => {
    const key = c.req.path.slice(c.req.path.indexOf(PUT_PATH) + PUT_PATH.length);
    if (!/^[A-Za-z0-9._/-]+$/.test(key) || key.includes('..'))
      throw appError('NOT_FOUND', '파일을 찾을 수 없습니다.');
    return c.redirect(`/uploads/${key}`, 301);
  });

/**
 * `/s3/delete`: the spec calls it with GET. A cookie-authenticated call must come from this site
 * (a link on another site must not delete a member's photos); header-authenticated callers and
 * guests (whose token is a header) cannot be forged by another site anyway.
 */
export const s3Routes = new Hono<AuthEnv>()
  .use(noStore())
  .on(['GET', 'DELETE'], '/delete', validate('query', DeleteFolderQuery), async (c) => {
    if (c.get('authVia') === 'cookie' && requestSite(c) !== 'same') {
      throw appError('csrf-origin', '다른 사이트에서 온 요청은 처리할 수 없습니다.');
    }
    const { folderPath, bucket } = c.req.valid('query');
    const deletedCount = await deleteUploadFolder(uploaderOf(c), folderPath, bucket);
    return c.json({ deletedCount });
  });

/** For the islands' typed client (src/lib/clients/upload.ts). */
export type UploadRoutes = typeof uploadRoutes;
