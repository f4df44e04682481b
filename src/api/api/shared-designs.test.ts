import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createShopper, type Shopper } from '../../../tests/fixtures/commerce.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { addNode, newDesign, newTextNode } from '../../lib/design/document.ts';
import { updateSide } from '../../lib/design/sides.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { sharedDesignStarter } from '../../server/design/index.ts';
import { createLocalStorage } from '../../server/storage/local.ts';
import { useStorageForTests } from '../../server/storage/index.ts';
import { createApiApp } from '../app.ts';

/** /shop/user's shared designs (decision 034): share, unshare, hide, copy. */

let t: TestDb;
let dir: string;
let alice: Shopper;
let bob: Shopper;
let admin: Shopper;
const api = apiClient(createApiApp());
const ROUND = 100005;

beforeAll(async () => {
  t = await createTestDb();
  dir = mkdtempSync(join(tmpdir(), 'podo-shared-'));
  useStorageForTests(createLocalStorage({ dir, bucket: 'podo-uploads', origins: ['http://localhost:4321'] }));
  await seedDemo(t.db, { images: false });
  alice = await createShopper(t.db, '김앨리스');
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

const roundDesign = (text: string) =>
  updateSide(newDesign('round-dampener-100'), 'front', (s) =>
    addNode({ ...s, background: 'mint' }, newTextNode('round-dampener-100', { text, fontFamily: 'doHyeon' })),
  );

async function save(who: Shopper, text: string): Promise<string> {
  const res = await api.post(
    '/api/custom/dampener',
    { dampenerPostData: { productNo: ROUND, design: roundDesign(text), name: text, material: '실리콘' } },
    who,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.designId as string;
}

const listed = async () =>
  ((await api.get('/api/custom/shared')).body.data as { designId: string }[]).map((d) => d.designId);

describe('sharing a design', () => {
  it('only the owner shares and stops sharing it; the page lists it with a masked name', async () => {
    const id = await save(alice, '세탁실 조용히');
    expect(await listed()).not.toContain(id);

    expect((await api.put(`/api/custom/shared/${id}`, { shared: true })).status).toBe(401);
    const other = await api.put(`/api/custom/shared/${id}`, { shared: true }, bob);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('DESIGN_NOT_FOUND');
    expect(await listed()).not.toContain(id);

    expect((await api.put(`/api/custom/shared/${id}`, { shared: true }, alice)).status).toBe(200);
    const list = (await api.get('/api/custom/shared')).body.data as Record<string, unknown>[];
    const card = list.find((d) => d.designId === id)!;
    expect(card).toMatchObject({ name: '세탁실 조용히', sharedBy: '김**스', hidden: false });
    expect(card.orderHref).toBe(`/products/custom-round-dampener/customize?shared=${id}`);
    expect(JSON.stringify(card)).not.toMatch(/memberNo|김앨리스|document/);

    // another member cannot stop it either
    expect((await api.put(`/api/custom/shared/${id}`, { shared: false }, bob)).status).toBe(404);
    expect(await listed()).toContain(id);
    expect((await api.put(`/api/custom/shared/${id}`, { shared: false }, alice)).status).toBe(200);
    expect(await listed()).not.toContain(id);
  });

  it('refuses a malformed body with a Korean message', async () => {
    const id = await save(alice, '형식');
    const res = await api.put(`/api/custom/shared/${id}`, { shared: 'yes' }, alice);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[가-힣]/);
  });
});

describe('hiding a shared design (back office)', () => {
  it('is for administrators: visitor 401, member 403; hidden designs are not listed nor copied', async () => {
    const id = await save(alice, '숨길 디자인');
    await api.put(`/api/custom/shared/${id}`, { shared: true }, alice);

    expect((await api.put(`/api/manager/shared-designs/${id}/hidden`, { hidden: true })).status).toBe(401);
    expect((await api.put(`/api/manager/shared-designs/${id}/hidden`, { hidden: true }, bob)).status).toBe(
      403,
    );
    expect((await api.get('/api/manager/shared-designs')).status).toBe(401);
    expect((await api.get('/api/manager/shared-designs', bob)).status).toBe(403);

    expect((await api.put(`/api/manager/shared-designs/${id}/hidden`, { hidden: true }, admin)).status).toBe(
      200,
    );
    expect(await listed()).not.toContain(id);
    expect(await sharedDesignStarter(t.db, id, ROUND)).toBeNull();
    const all = (await api.get('/api/manager/shared-designs', admin)).body.data as Record<string, unknown>[];
    expect(all.find((d) => d.designId === id)).toMatchObject({ hidden: true });
    const audit = await t.db.execute({
      sql: "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'custom.shareHide' AND target_id = ? AND actor_member_no = ?",
      args: [id, admin.memberNo],
    });
    expect(Number(audit.rows[0]!.n)).toBeGreaterThan(0);

    // the owner sharing again does not undo the administrator's hiding
    await api.put(`/api/custom/shared/${id}`, { shared: true }, alice);
    expect(await listed()).not.toContain(id);
    await api.put(`/api/manager/shared-designs/${id}/hidden`, { hidden: false }, admin);
    expect(await listed()).toContain(id);
  });
});

describe('ordering a shared design', () => {
  it('starts the viewer from a copy: saving it makes their own design and never changes the owner’s', async () => {
    const id = await save(alice, '원본 문구');
    await api.put(`/api/custom/shared/${id}`, { shared: true }, alice);
    const starter = await sharedDesignStarter(t.db, id, ROUND);
    expect(starter?.name).toBe('원본 문구');
    expect(await sharedDesignStarter(t.db, id, 100006)).toBeNull();

    // bob saves the copy, changed: a new design of his
    const changed = updateSide(starter!.document, 'front', (s) => ({
      ...s,
      nodes: s.nodes.map((n) => (n.type === 'text' ? { ...n, text: '밥의 문구' } : n)),
    }));
    const copy = await api.post(
      '/api/custom/dampener',
      { dampenerPostData: { productNo: ROUND, design: changed, name: '복사본', material: '실리콘' } },
      bob,
    );
    expect(copy.status).toBe(201);
    expect(copy.body.data.designId).not.toBe(id);
    expect(copy.body.data.memberNo).toBe(bob.memberNo);

    const original = await api.get(`/api/custom/designs/${id}`, alice);
    expect(JSON.stringify(original.body.data.document)).toContain('원본 문구');
    expect(JSON.stringify(original.body.data.document)).not.toContain('밥의 문구');
    // bob still cannot open or change alice's design itself
    expect((await api.get(`/api/custom/designs/${id}`, bob)).status).toBe(404);
  });
});
