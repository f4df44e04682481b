import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  createShopper,
  guestToken,
  type Shopper,
  type Who,
} from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { addNode, newDesign, newImageNode, newTextNode } from '../../lib/design/document.ts';
import type { DesignDocument } from '../../lib/design/schema.ts';
import { DESIGN_LIMITS } from '../../lib/design/schema.ts';
import { setFrontBackSame, updateSide } from '../../lib/design/sides.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { adoptGuestDesigns } from '../../server/design/service.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { storage, useStorageForTests } from '../../server/storage/index.ts';
import { ownerFolder } from '../../server/storage/upload.ts';
import { createApiApp } from '../app.ts';

let t: TestDb;
let dir: string;
let alice: Shopper & { memberId: string };
let bob: Shopper;
let admin: Shopper;
const api = apiClient(createApiApp());

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-designs-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads', origins: ['http://localhost:4321'] }));
  await seedDemo(t.db, { images: false });
  const a = await createShopper(t.db, '앨리스');
  await t.db.execute({
    sql: "UPDATE members SET member_id = 'alice01' WHERE member_no = ?",
    args: [a.memberNo],
  });
  alice = { ...a, memberId: 'alice01' };
  bob = await createShopper(t.db, '밥');
  admin = await createShopper(t.db, '관리자');
  await t.db.execute({
    sql: "INSERT INTO member_group_members (group_no, member_no, added_at) VALUES (1, ?, '2026-01-01T00:00:00Z')",
    args: [admin.memberNo],
  });
}, 120_000);
afterAll(() => {
  useStorageForTests(undefined);
  rmSync(dir, { recursive: true, force: true });
  t.close();
});

const ROUND = 100005;

function roundDesign(text = '우리집 세탁기'): DesignDocument {
  return updateSide(newDesign('round-dampener-100'), 'front', (s) =>
    addNode(
      { ...s, background: 'mint' },
      newTextNode('round-dampener-100', {
        text,
        fontFamily: 'doHyeon',
        arc: { radius: 40, angle: 0, direction: 'outside' },
      }),
    ),
  );
}

async function putImage(key: string): Promise<string> {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
  await storage().put(key, png, 'image/png');
  return storage().publicUrl(key);
}

const withImage = (src: string, doc = roundDesign()) =>
  updateSide(doc, 'front', (s) =>
    addNode(s, newImageNode('round-dampener-100', { src, naturalWidth: 400, naturalHeight: 300 })),
  );

const post = (who: Who, design: unknown, extra: Record<string, unknown> = {}, query = '') =>
  api.post(`/api/custom/dampener${query}`, { dampenerPostData: { productNo: ROUND, design, ...extra } }, who);

const call = async (method: string, path: string, who: Who, body?: unknown) => {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (who.accessToken) headers.accessToken = who.accessToken;
  if (who.guestToken) headers.guestToken = who.guestToken;
  const res = await api.raw(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
};

describe('saving designs (/api/custom/dampener)', () => {
  it('creates, lists, reads, renames, re-saves and deletes a member design with previews', async () => {
    const created = await post(
      alice,
      roundDesign(),
      { name: '세탁기 패드', material: '실리콘' },
      '?memberId=alice01',
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const view = created.body.data;
    expect(view.designId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(view.createTime).toMatch(/^\d{4}-\d{2}-\d{2}@\d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(view).toMatchObject({
      memberNo: alice.memberNo,
      guest: false,
      name: '세탁기 패드',
      productNo: ROUND,
      templateId: 'round-dampener-100',
      shape: 'circle',
      frontBackSame: true,
      status: null,
      salesChannel: 'podo',
      material: '실리콘',
      optionInput: { inputLabel: '디자인 번호', inputValue: view.designId },
    });
    // one preview PNG per side (the same file while front and back are the same)
    const key = storage().keyOfUrl(view.previewUrls.front)!;
    const preview = await storage().get(key);
    expect((await sharp(preview!).metadata()).width).toBe(600);
    expect(view.previewUrls.back).toBe(view.previewUrls.front);

    const list = await api.get('/api/custom/dampener', alice);
    expect(list.body.data.map((d: { designId: string }) => d.designId)).toContain(view.designId);
    const one = await api.get(
      `/api/custom/dampener?createTime=${encodeURIComponent(view.createTime)}`,
      alice,
    );
    expect(one.body.data.designId).toBe(view.designId);

    const twoSides = setFrontBackSame(roundDesign('새 문구'), false);
    const patched = await call('PATCH', `/api/custom/dampener?memberId=${alice.memberNo}`, alice, {
      createTime: view.createTime,
      dampenerPatchData: { name: '이름 바꿈', design: JSON.stringify(twoSides) },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data).toMatchObject({ name: '이름 바꿈', frontBackSame: false });
    expect(patched.body.data.previewUrls.back).not.toBe(patched.body.data.previewUrls.front);
    expect(patched.body.data.previewUrls.front).not.toBe(view.previewUrls.front);
    expect(await storage().get(key)).toBeNull(); // the old revision's previews are gone

    const deleted = await call('DELETE', '/api/custom/dampener', alice, { createTime: view.createTime });
    expect(deleted.status).toBe(200);
    const after = await api.get('/api/custom/dampener', alice);
    expect(after.body.data.map((d: { designId: string }) => d.designId)).not.toContain(view.designId);
    expect(
      (await call('DELETE', '/api/custom/dampener', alice, { createTime: view.createTime })).status,
    ).toBe(404);
  });

  it("refuses another member's id with 403 and never shows another member's designs", async () => {
    const mine = (await post(alice, roundDesign())).body.data;
    expect((await api.get(`/api/custom/dampener?memberId=${bob.memberNo}`, alice)).status).toBe(403);
    expect((await post(alice, roundDesign(), {}, `?memberId=${bob.memberNo}`)).status).toBe(403);
    expect((await post(bob, roundDesign(), {}, '?memberId=alice01')).status).toBe(403);
    const patch = await call('PATCH', '/api/custom/dampener?memberId=alice01', bob, {
      createTime: mine.createTime,
      dampenerPatchData: { name: 'x' },
    });
    expect(patch.status).toBe(403);
    // bob addressing alice's design by its create time only finds his own (none)
    const own = await call('PATCH', '/api/custom/dampener', bob, {
      createTime: mine.createTime,
      dampenerPatchData: { name: 'x' },
    });
    expect(own.status).toBe(404);
    expect((await api.get(`/api/custom/designs/${mine.designId}`, bob)).status).toBe(404);
    expect((await api.get(`/api/custom/designs/${mine.designId}/preview/front.png`, bob)).status).toBe(404);
    expect((await api.get(`/api/custom/designs/${mine.designId}/preview/front.png`, alice)).status).toBe(200);
    const list = await api.get('/api/custom/dampener', bob);
    expect(list.body.data.map((d: { designId: string }) => d.designId)).not.toContain(mine.designId);
    expect((await api.get('/api/custom/dampener?memberId=alice01', {})).status).toBe(403);
    expect((await api.get('/api/custom/dampener', {})).status).toBe(401);
  });

  it('validates every design as untrusted input', async () => {
    const badFont = roundDesign();
    Object.assign(badFont.sides.front.nodes[0]!, { fontFamily: 'comicSans' });
    expect((await post(alice, badFont)).body).toMatchObject({
      code: 'DESIGN_INVALID',
      message: '지원하지 않는 글꼴입니다.',
    });
    const badColour = {
      ...roundDesign(),
      sides: { ...roundDesign().sides, back: { background: '#123456', nodes: [] } },
    };
    expect((await post(alice, badColour)).body.code).toBe('DESIGN_INVALID');
    const extraKey = { ...roundDesign(), onload: 'x' };
    expect((await post(alice, extraKey)).status).toBe(400);
    let many = newDesign('round-dampener-100');
    for (let i = 0; i <= DESIGN_LIMITS.maxNodes; i++) {
      many = updateSide(many, 'front', (s) =>
        addNode(s, newTextNode('round-dampener-100', { text: `${i}` })),
      );
    }
    expect((await post(alice, many)).body.code).toBe('DESIGN_INVALID');
    expect((await post(alice, '{"version":1,')).body).toMatchObject({ code: 'DESIGN_MALFORMED' });
    const malformed = await api.raw('/api/custom/dampener', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', accessToken: alice.accessToken },
      body: '{"dampenerPostData": {',
    });
    expect(malformed.status).toBe(400);
    expect((await post(alice, roundDesign(), { unknown: 1 })).status).toBe(400);
    expect((await post(alice, roundDesign(), { productNo: 100001 })).body.code).toBe(
      'DESIGN_PRODUCT_INVALID',
    );
    const square = newDesign('square-dampener-100');
    expect((await post(alice, square)).body.code).toBe('DESIGN_TEMPLATE_MISMATCH');
    expect((await post(alice, roundDesign(), { material: '황금' })).body.code).toBe(
      'DESIGN_MATERIAL_INVALID',
    );
    expect((await post(alice, roundDesign(), { salesChannel: 'administrator' })).status).toBe(403);
    const huge = await api.raw('/api/custom/dampener', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', accessToken: alice.accessToken },
      body: JSON.stringify({ dampenerPostData: { productNo: ROUND, design: 'x'.repeat(300 * 1024) } }),
    });
    expect(huge.status).toBe(413);
  });

  it("takes images only from the caller's own uploads or the catalogue", async () => {
    const own = await putImage(`${ownerFolder({ kind: 'member', memberNo: alice.memberNo })}/design/cat.png`);
    const ok = await post(alice, withImage(own));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.document.sides.front.nodes[1].src).toBe(own);
    // plain http is never an image address, even the shop's own
    expect((await post(alice, withImage(`http://localhost:4321${own}`))).body.code).toBe('DESIGN_INVALID');
    const bobs = await putImage(`${ownerFolder({ kind: 'member', memberNo: bob.memberNo })}/design/dog.png`);
    expect((await post(alice, withImage(bobs))).body.code).toBe('DESIGN_IMAGE_FORBIDDEN');
    expect((await post(alice, withImage('https://evil.example/x.png'))).body.code).toBe(
      'DESIGN_IMAGE_FORBIDDEN',
    );
    const missing = `${ownerFolder({ kind: 'member', memberNo: alice.memberNo })}/design/none.png`;
    expect((await post(alice, withImage(`/uploads/${missing}`))).body.code).toBe('DESIGN_IMAGE_MISSING');
    const catalogue = await putImage('catalog/products/100005-1-test-400w.webp');
    expect((await post(bob, withImage(catalogue))).status).toBe(201);
  });

  it('keeps guest designs with the guest identity and moves them to the member at login', async () => {
    const guest = guestToken();
    const image = await putImage(`${ownerFolder({ kind: 'guest', guestToken: guest })}/design/photo.png`);
    const saved = await post({ guestToken: guest }, withImage(image));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({ guest: true, memberNo: null });
    const designId = saved.body.data.designId;
    expect((await api.get('/api/custom/dampener', { guestToken: guest })).body.data).toHaveLength(1);
    expect((await api.get('/api/custom/dampener', { guestToken: guestToken() })).body.data).toHaveLength(0);
    expect((await api.get(`/api/custom/designs/${designId}`, { guestToken: guestToken() })).status).toBe(404);
    expect((await post({ guestToken: 'short' }, roundDesign())).status).toBe(401);
    expect((await post({ guestToken: guest }, roundDesign(), {}, '?memberId=alice01')).status).toBe(403);

    const member = await createShopper(t.db, '전환회원');
    expect(await adoptGuestDesigns(t.db, guest, member.memberNo)).toBe(1);
    expect((await api.get('/api/custom/dampener', { guestToken: guest })).body.data).toHaveLength(0);
    const mine = await api.get(`/api/custom/designs/${designId}`, member);
    expect(mine.body.data).toMatchObject({ memberNo: member.memberNo, guest: false });
    // the guest's upload stays usable for the member
    const again = await post(member, withImage(image));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await adoptGuestDesigns(t.db, guest, member.memberNo)).toBe(0);
  });
});

describe('administration', () => {
  it('lists designs with filters and paging for administrators only', async () => {
    await post(bob, roundDesign('관리자 목록'), { name: '밥의 디자인' });
    const res = await api.get(`/api/custom/admin?memberNo=${bob.memberNo}&pageSize=1&status=none`, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pageSize).toBe(1);
    expect(res.body.data.items).toHaveLength(1);
    expect(res.body.data.totalCount).toBeGreaterThanOrEqual(1);
    expect(res.body.data.items[0].memberNo).toBe(bob.memberNo);
    const byName = await api.get(`/api/custom/admin?keyword=${encodeURIComponent('밥의')}`, admin);
    expect(byName.body.data.items.every((d: { name: string }) => d.name.includes('밥의'))).toBe(true);
    expect((await api.get('/api/custom/admin', bob)).status).toBe(403);
    expect((await api.get('/api/custom/admin', {})).status).toBe(401);
    // an administrator may read a member's designs by id, not change them
    expect((await api.get(`/api/custom/dampener?memberId=${bob.memberNo}`, admin)).status).toBe(200);
    expect((await post(admin, roundDesign(), {}, `?memberId=${bob.memberNo}`)).status).toBe(403);
  });

  it('serves the 300 DPI print file and the design JSON to administrators', async () => {
    const design = (await post(alice, roundDesign())).body.data;
    const res = await api.raw(`/api/custom/designs/${design.designId}/print/front.png`, {
      headers: { accessToken: admin.accessToken },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([1228, 1228, 300]);
    const json = await api.get(`/api/custom/designs/${design.designId}/print/design.json`, admin);
    expect(json.body.templateId).toBe('round-dampener-100');
    expect((await api.get(`/api/custom/designs/${design.designId}/print/front.png`, alice)).status).toBe(403);
    expect((await api.get(`/api/custom/designs/${design.designId}/print/left.png`, admin)).status).toBe(404);
  });
});

describe('brand custom-order routes (/api/podo/custom-order…)', () => {
  it('map onto the same designs', async () => {
    const created = await api.post(
      `/api/podo/custom-order/user/${alice.memberId}`,
      { data: { productNo: ROUND, design: roundDesign() } },
      alice,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const design = created.body.data.message;
    const list = await api.get(`/api/podo/custom-order/user/${alice.memberNo}`, alice);
    expect(list.body.data.message.map((d: { designId: string }) => d.designId)).toContain(design.designId);
    expect(
      (await api.get(`/api/podo?url=/custom-order/${design.designId}`, alice)).body.data.message.designId,
    ).toBe(design.designId);
    const time = encodeURIComponent(design.createTime);
    const patched = await call('PATCH', `/api/podo/custom-order/user/alice01/create-time/${time}`, alice, {
      data: { name: '브랜드 경로' },
    });
    expect(patched.body.data.message.name).toBe('브랜드 경로');
    expect((await api.get(`/api/podo/custom-order/user/${alice.memberId}`, bob)).status).toBe(403);
    expect((await api.get(`/api/podo/custom-order/${design.designId}`, bob)).status).toBe(404);
    expect((await call('DELETE', `/api/podo/custom-order/${design.designId}`, alice)).status).toBe(200);
    expect((await api.get(`/api/podo/custom-order/${design.designId}`, alice)).status).toBe(404);
    // other brands and other commands are not answered here
    expect((await api.get(`/api/other/custom-order/${design.designId}`, alice)).status).toBe(404);
  });
});
