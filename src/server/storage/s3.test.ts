import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createApiApp } from '../../api/app.ts';
import { testMember, type TestMember } from '../../api/board.test-helper.ts';
import { useStorageForTests } from './index.ts';
import { createS3Storage, type S3Storage } from './s3.ts';
import { isOwnUpload } from './upload.ts';

/**
 * The `s3` adapter against s3rver, a local S3-compatible server on a random port: the same port
 * as the `local` adapter (put, folder delete, public URLs without a query string, our-URL check),
 * presigned PUT URLs, and the whole upload flow of /api/upload with S3 behind it.
 */

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const BUCKET = 'podo-test-uploads';
let server: S3rverInstance;
let dir: string;
let endpoint: string;
let s3: S3Storage;
let t: TestDb;
let alice: TestMember;
const api = createApiApp();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'podo-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  s3 = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  t = await createTestDb();
  alice = await testMember(t.db);
});

afterAll(async () => {
  useStorageForTests(undefined);
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the s3 storage adapter', () => {
  it('stores an object that its public URL (no query string) serves', async () => {
    await s3.put('members/7/review/a.png', bytes('first'), 'image/png');
    const url = s3.publicUrl('members/7/review/a.png');
    expect(url).toBe(`${endpoint}/${BUCKET}/members/7/review/a.png`);
    expect(url).not.toContain('?');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await res.text()).toBe('first');
    // put replaces
    await s3.put('members/7/review/a.png', bytes('second'), 'image/png');
    expect(await (await fetch(url)).text()).toBe('second');
  });

  it('reads an object back, and null for one that is not there', async () => {
    await s3.put('members/7/design/read.png', bytes('read me'), 'image/png');
    expect(new TextDecoder().decode((await s3.get('members/7/design/read.png'))!)).toBe('read me');
    expect(await s3.get('members/7/design/missing.png')).toBeNull();
  });

  it('tells its own public URLs from others', () => {
    const url = s3.publicUrl('members/7/review/a.png');
    expect(s3.keyOfUrl(url)).toBe('members/7/review/a.png');
    expect(s3.keyOfUrl(`${url}?x=1`)).toBeNull();
    expect(s3.keyOfUrl(`${url}#top`)).toBeNull();
    expect(s3.keyOfUrl('https://evil.example/members/7/review/a.png')).toBeNull();
    expect(s3.keyOfUrl(`${endpoint}/other-bucket/members/7/review/a.png`)).toBeNull();
    expect(s3.keyOfUrl(`${endpoint}/${BUCKET}/members/7/../8/a.png`)).toBeNull();
    expect(s3.keyOfUrl('/uploads/members/7/review/a.png')).toBeNull();
  });

  it('deletes a folder and nothing beside it', async () => {
    for (const key of [
      'members/9/inquiry/a.png',
      'members/9/inquiry/b.png',
      'members/9/inquiry/c_small.png',
    ]) {
      await s3.put(key, bytes(key), 'image/png');
    }
    await s3.put('members/9/review/keep.png', bytes('keep'), 'image/png');
    await s3.put('members/99/inquiry/keep.png', bytes('keep'), 'image/png');
    await s3.put('members/9/inquiry-old/keep.png', bytes('keep'), 'image/png');
    expect(await s3.deleteFolder('members/9/inquiry')).toBe(3);
    expect((await fetch(s3.publicUrl('members/9/inquiry/a.png'))).status).toBe(404);
    for (const key of [
      'members/9/review/keep.png',
      'members/99/inquiry/keep.png',
      'members/9/inquiry-old/keep.png',
    ]) {
      expect((await fetch(s3.publicUrl(key))).status, key).toBe(200);
    }
    expect(await s3.deleteFolder('members/9/empty')).toBe(0);
  });

  it('refuses unsafe keys', async () => {
    await expect(s3.put('../escape.png', bytes('x'), 'image/png')).rejects.toThrow(/잘못된 저장 경로/);
    await expect(s3.deleteFolder('members/1/..')).rejects.toThrow(/잘못된 저장 경로/);
    expect(() => s3.publicUrl('a//b.png')).toThrow(/잘못된 저장 경로/);
  });

  it('presigns PUT URLs the bucket accepts', async () => {
    const signed = await s3.presignPut('exports/designs/1.png', 'image/png', 60);
    expect(signed).toContain('X-Amz-Signature=');
    const res = await fetch(signed, {
      method: 'PUT',
      body: bytes('exported'),
      headers: { 'Content-Type': 'image/png' },
    });
    expect(res.status).toBe(200);
    expect(await (await fetch(s3.publicUrl('exports/designs/1.png'))).text()).toBe('exported');
  });

  it('carries the whole /api/upload flow: signed URL, checked PUT, image and thumbnail in the bucket, folder delete', async () => {
    useStorageForTests(s3);
    try {
      const qs = new URLSearchParams({
        fileName: 'photo.png',
        fileType: 'image/png',
        path: 'review',
        bucket: BUCKET,
      });
      const sign = await api.request(`/api/upload?${qs}`, { headers: alice.headers });
      expect(sign.status, await sign.clone().text()).toBe(200);
      const signed = (await sign.json()) as { url: string; fileUrl: string; thumbnailUrl: string };
      expect(signed.fileUrl.startsWith(`${endpoint}/${BUCKET}/members/${alice.memberNo}/review/`)).toBe(true);
      expect(signed.fileUrl).not.toContain('?');

      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#5b2a86' } })
        .png()
        .toBuffer();
      const put = await api.request(signed.url, {
        method: 'PUT',
        body: new Uint8Array(png),
        headers: { ...alice.headers, 'Content-Type': 'image/png' },
      });
      expect(put.status, await put.clone().text()).toBe(200);

      const image = await fetch(signed.fileUrl);
      expect(image.status).toBe(200);
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(300);
      const thumb = await fetch(signed.thumbnailUrl);
      expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(100);
      expect(isOwnUpload({ kind: 'member', memberNo: alice.memberNo }, signed.fileUrl)).toBe(true);
      expect(isOwnUpload({ kind: 'member', memberNo: alice.memberNo + 1 }, signed.fileUrl)).toBe(false);

      const del = await api.request(`/api/s3/delete?folderPath=review&bucket=${BUCKET}`, {
        headers: alice.headers,
      });
      expect(del.status).toBe(200);
      expect(await del.json()).toEqual({ deletedCount: 2 });
      expect((await fetch(signed.fileUrl)).status).toBe(404);
    } finally {
      useStorageForTests(undefined);
    }
  });
});
