import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';
import { ownerFolder, signUpload, UPLOAD_MAX_BYTES } from '../../server/storage/upload.ts';
import { createApiApp } from '../app.ts';
import { ACCESS_TOKEN_COOKIE } from '../middleware/auth.ts';
import { SHOP_HEADERS, testMember, type TestMember } from '../board.test-helper.ts';

let t: TestDb;
let dir: string;
const api = createApiApp();
let alice: TestMember;
let bob: TestMember;
const BUCKET = 'podo-uploads';

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-uploads-'));
  useStorageForTests(createLocalStorage({ dir, bucket: BUCKET }));
  alice = await testMember(t.db);
  bob = await testMember(t.db);
});
afterAll(() => {
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

type Who = TestMember | { guestToken: string } | null;
const headersOf = (who: Who): Record<string, string> =>
  who === null
    ? { ...SHOP_HEADERS }
    : 'guestToken' in who
      ? { ...SHOP_HEADERS, guestToken: who.guestToken }
      : who.headers;

async function sign(who: Who, query: Record<string, string>) {
  const qs = new URLSearchParams({ fileName: 'photo.jpg', fileType: 'image/jpeg', ...query });
  return api.request(`/api/upload?${qs}`, { headers: headersOf(who) });
}

async function signed(who: Who, query: Record<string, string> = {}) {
  const res = await sign(who, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { url: string; fileUrl: string; thumbnailUrl: string };
}

const put = (url: string, body: Uint8Array, who: Who = null, contentType = 'image/jpeg') =>
  api.request(url, {
    method: 'PUT',
    body: new Uint8Array(body),
    headers: { ...headersOf(who), 'Content-Type': contentType },
  });

const fileOf = (url: string) => join(dir, url.replace(/^\/uploads\//, ''));

/** A 640x480 JPEG that carries EXIF (a camera model and a GPS-ish comment). */
async function photo(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Model: 'Podo Camera', ImageDescription: 'GPS 37.5665,126.9780' } })
    .toBuffer();
}

describe('GET /api/upload', () => {
  it('gives a member a signed PUT URL in their own folder, and the file URL without a query string', async () => {
    const body = await signed(alice, { path: 'inquiry', bucket: BUCKET });
    expect(body.url).toMatch(
      new RegExp(
        `^/api/upload/put/members/${alice.memberNo}/inquiry/[a-z0-9-]+\\.jpg\\?expires=\\d+&signature=[\\w-]{43}$`,
      ),
    );
    expect(body.fileUrl).toBe(`/uploads/${body.url.slice('/api/upload/put/'.length).split('?')[0]}`);
    expect(body.fileUrl).not.toContain('?');
    expect(body.thumbnailUrl).toBe(body.fileUrl.replace(/\.jpg$/, '_small.jpg'));
  });

  it('gives a guest with a guest token a folder named by a digest of the token', async () => {
    const guest = { guestToken: 'guest:0123456789abcdef0123456789abcdef' };
    const body = await signed(guest);
    expect(
      body.fileUrl.startsWith(`/uploads/${ownerFolder({ kind: 'guest', guestToken: guest.guestToken })}/`),
    ).toBe(true);
    expect(body.fileUrl).not.toContain('0123456789abcdef');
  });

  it('refuses visitors with neither, other folders, other buckets and types that are not images', async () => {
    const nobody = await sign(null, {});
    expect(nobody.status).toBe(401);
    expect((await nobody.json()).message).toContain('파일 업로드에 실패했습니다. 다시 시도해 주세요.');
    for (const path of [
      '../members/1',
      `members/${bob.memberNo}/x`,
      'guests/abc',
      'a/../../b',
      'a b',
      '%2e%2e',
    ]) {
      expect((await sign(alice, { path })).status, path).toBe(403);
    }
    expect((await sign(alice, { bucket: 'someone-elses-bucket' })).status).toBe(400);
    for (const fileType of ['text/html', 'image/svg+xml', 'application/pdf']) {
      const res = await sign(alice, { fileType, fileName: 'x' });
      expect(res.status, fileType).toBe(400);
      expect((await res.json()).message).toContain('파일 업로드에 실패했습니다');
    }
    expect((await sign(alice, { fileName: '' })).status).toBe(400);
  });
});

describe('PUT to the signed URL', () => {
  it('stores the re-encoded image without metadata and a 100 px wide `_small` thumbnail', async () => {
    const target = await signed(alice, { path: 'review' });
    const res = await put(target.url, await photo(), alice);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body.url).toBe(target.fileUrl);
    expect(body.url).not.toContain('?');
    expect(body.thumbnailUrl).toBe(target.thumbnailUrl);

    const stored = await sharp(fileOf(body.url)).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(stored.exif).toBeUndefined();
    const thumb = await sharp(fileOf(body.thumbnailUrl)).metadata();
    expect(thumb.width).toBe(100);
    expect(thumb.height).toBe(75);
    expect(body.thumbnailUrl).toMatch(/_small\.jpg$/);
  });

  it('re-encodes by the signed type whatever the bytes were (a PNG sent for a .webp name)', async () => {
    const target = await signed(alice, { fileName: 'a.webp', fileType: 'image/webp' });
    const png = await sharp({ create: { width: 50, height: 50, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    expect((await put(target.url, png, alice, 'image/png')).status).toBe(200);
    expect((await sharp(fileOf(target.fileUrl)).metadata()).format).toBe('webp');
    expect((await sharp(fileOf(target.thumbnailUrl)).metadata()).width).toBe(100);
  });

  it('refuses content that is not an image, whatever its name and declared type', async () => {
    const cases: [string, Uint8Array][] = [
      ['text', new TextEncoder().encode('hello, this is not a picture at all')],
      ['html', new TextEncoder().encode('<html><script>alert(1)</script></html>')],
      [
        'svg',
        new TextEncoder().encode(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
        ),
      ],
      ['truncated jpeg', (await photo()).subarray(0, 200)],
      ['empty', new Uint8Array()],
    ];
    for (const [label, bytes] of cases) {
      const target = await signed(alice);
      const res = await put(target.url, bytes, alice);
      expect(res.status, label).toBe(400);
      expect((await res.json()).message, label).toContain('파일 업로드에 실패했습니다. 다시 시도해 주세요.');
      expect(existsSync(fileOf(target.fileUrl)), label).toBe(false);
    }
  });

  it('refuses files over 10 MB with 413', async () => {
    const target = await signed(alice);
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    big.set(await photo());
    const res = await put(target.url, big, alice);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toContain('파일 업로드에 실패했습니다');
    expect(existsSync(fileOf(target.fileUrl))).toBe(false);
  });

  it('refuses a tampered signature, a changed key or expiry, and an expired URL (403)', async () => {
    const target = await signed(alice);
    const image = await photo(120, 80);
    const [path, query] = target.url.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const sig = params.get('signature')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      `${path}?expires=${params.get('expires')}&signature=${flipped}`,
      `${path}?expires=${Number(params.get('expires')) + 3600}&signature=${sig}`,
      `${path.replace(`members/${alice.memberNo}/`, `members/${bob.memberNo}/`)}?${query}`,
      `${path.replace(/\.jpg$/, '.png')}?${query}`,
      `${path}?expires=${params.get('expires')}`,
      path,
    ];
    for (const url of tampered) {
      const res = await put(url, image, alice);
      expect(res.status, url).toBe(403);
      expect((await res.json()).message).toContain('파일 업로드에 실패했습니다');
    }
    const old = await signUpload(
      t.db,
      { kind: 'member', memberNo: alice.memberNo },
      { fileName: 'a.jpg', fileType: 'image/jpeg' },
      new Date(Date.now() - 11 * 60_000),
    );
    const expired = await put(old.url, image, alice);
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toContain('유효 시간');
    expect((await put(target.url, image, alice)).status).toBe(200);
  });

  it('sends a client that strips the query off the signed URL to the file', async () => {
    const target = await signed(alice);
    const res = await api.request(target.url.split('?')[0]!);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(target.fileUrl);
  });
});

describe('GET /api/s3/delete', () => {
  async function upload(who: TestMember, path: string) {
    const target = await signed(who, { path });
    expect((await put(target.url, await photo(64, 64), who)).status).toBe(200);
    return target.fileUrl;
  }

  it("removes a folder of the caller's own uploads only", async () => {
    const mine = await upload(alice, 'review/42');
    const theirs = await upload(bob, 'review/42');
    const del = (who: TestMember, folderPath: string) =>
      api.request(`/api/s3/delete?${new URLSearchParams({ bucket: BUCKET, folderPath })}`, {
        headers: who.headers,
      });

    for (const folderPath of [
      `members/${alice.memberNo}/review`,
      '../../members',
      `members/${alice.memberNo}`,
      '/',
      '',
    ]) {
      expect((await del(bob, folderPath)).status, folderPath).toBeGreaterThanOrEqual(400);
    }
    // bob's own "review/42" is his, not alice's
    const own = await del(bob, 'review/42');
    expect(own.status).toBe(200);
    expect((await own.json()).deletedCount).toBe(2);
    expect(existsSync(fileOf(theirs))).toBe(false);
    expect(existsSync(fileOf(mine))).toBe(true);

    const res = await del(alice, `members/${alice.memberNo}/review/42`);
    expect((await res.json()).deletedCount).toBe(2);
    expect(existsSync(fileOf(mine))).toBe(false);
  });

  it('refuses a cookie-authenticated call from another site, and visitors', async () => {
    await upload(alice, 'design');
    const cross = await api.request('/api/s3/delete?folderPath=design', {
      headers: { Cookie: `${ACCESS_TOKEN_COOKIE}=${alice.token}`, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
    const same = await api.request('/api/s3/delete?folderPath=design', {
      headers: { Cookie: `${ACCESS_TOKEN_COOKIE}=${alice.token}`, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(same.status).toBe(200);
    expect((await api.request('/api/s3/delete?folderPath=design')).status).toBe(401);
  });
});
