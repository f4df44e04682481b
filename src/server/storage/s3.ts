import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { isSafeKey, type StoragePort } from './port.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, s3rver in tests); path-style addressing then. */
  endpoint?: string | undefined;
  /** Without these the SDK's default credential chain applies (instance role, AWS_* variables). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Where objects are publicly readable (a CDN or the bucket's website); default: the bucket's URL. */
  publicBaseUrl?: string | undefined;
}

/** The `s3` adapter: the storage port plus presigned PUT URLs for callers that upload straight to the bucket. */
export interface S3Storage extends StoragePort {
  readonly name: 's3';
  /**
   * A presigned PUT URL for one object. Not used by `GET /api/upload`, whose signed URLs stay the
   * app's own so every upload is checked and re-encoded (decision 005); it is for trusted
   * server-side producers (exports, generated files) that should not stream through the app.
   */
  presignPut(key: string, contentType: string, expiresInSeconds?: number): Promise<string>;
}

const safe = (key: string) => {
  if (!isSafeKey(key)) throw new Error(`잘못된 저장 경로입니다: ${key}`);
  return key;
};

function defaultPublicBaseUrl(o: Pick<S3StorageOptions, 'bucket' | 'region' | 'endpoint'>): string {
  return o.endpoint
    ? `${o.endpoint.replace(/\/+$/, '')}/${o.bucket}`
    : `https://${o.bucket}.s3.${o.region}.amazonaws.com`;
}

/**
 * The SDK, loaded on the first call that needs it (decision 077): its modules cost about 0.2 s of
 * CPU, paid by every app process's start before, although only a shop with STORAGE_DRIVER=s3 uses it.
 */
let sdk:
  Promise<[typeof import('@aws-sdk/client-s3'), typeof import('@aws-sdk/s3-request-presigner')]> | undefined;
const loadSdk = () =>
  (sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).catch(
    (err: unknown) => {
      sdk = undefined;
      throw err;
    },
  ));

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const config: S3ClientConfig = { region: options.region };
  if (options.endpoint) {
    config.endpoint = options.endpoint;
    config.forcePathStyle = true;
  }
  if (options.accessKeyId && options.secretAccessKey) {
    config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
  }
  let client: S3Client | undefined;
  const s3 = async () => {
    const [{ S3Client }] = await loadSdk();
    return (client ??= new S3Client(config));
  };
  const base = (options.publicBaseUrl ?? defaultPublicBaseUrl(options)).replace(/\/+$/, '');

  return {
    name: 's3',
    bucket,
    async put(key, body, contentType) {
      const [{ PutObjectCommand }] = await loadSdk();
      await (
        await s3()
      ).send(new PutObjectCommand({ Bucket: bucket, Key: safe(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      const [{ GetObjectCommand, NoSuchKey }] = await loadSdk();
      try {
        const found = await (await s3()).send(new GetObjectCommand({ Bucket: bucket, Key: safe(key) }));
        return found.Body ? await found.Body.transformToByteArray() : null;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async deleteObject(key) {
      const [{ DeleteObjectCommand }] = await loadSdk();
      await (await s3()).send(new DeleteObjectCommand({ Bucket: bucket, Key: safe(key) }));
      return true;
    },
    async deleteFolder(prefix) {
      const [{ ListObjectsV2Command, DeleteObjectsCommand }] = await loadSdk();
      const client = await s3();
      const folder = `${safe(prefix)}/`;
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          const done = await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          if (done.Errors?.length)
            throw new Error(`S3 삭제 실패: ${done.Errors[0]?.Key} ${done.Errors[0]?.Code}`);
          removed += keys.length;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return removed;
    },
    publicUrl: (key) => `${base}/${safe(key)}`,
    keyOfUrl(url) {
      if (!url.startsWith(`${base}/`)) return null;
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        return null;
      }
      if (u.search || u.hash || url.includes('?') || url.includes('#')) return null;
      const key = url.slice(base.length + 1);
      return isSafeKey(key) ? key : null;
    },
    async presignPut(key, contentType, expiresInSeconds = 600) {
      const [{ PutObjectCommand }, { getSignedUrl }] = await loadSdk();
      return getSignedUrl(
        await s3(),
        new PutObjectCommand({ Bucket: bucket, Key: safe(key), ContentType: contentType }),
        { expiresIn: expiresInSeconds },
      );
    },
  };
}
