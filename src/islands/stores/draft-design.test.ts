import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Storage over a Map, optionally refusing values longer than `quota` characters. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  constructor(private quota = Infinity) {}
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    if (value.length > this.quota) throw new Error('QuotaExceededError');
    this.map.set(key, value);
  }
}

let localStore: MemoryStorage;
let sessionStore: MemoryStorage;

async function load() {
  vi.resetModules();
  return import('./draft-design.ts');
}

const input = {
  design: { version: 1, sides: {} },
  productNo: 100005,
  preview: 'data:image/png;base64,AAAA',
  colour: 'mint',
  shapeType: 'circle' as const,
  shapeId: 'round-dampener',
  frontBackSame: true,
  editorPath: '/custom/dampener',
};

beforeEach(() => {
  localStore = new MemoryStorage();
  sessionStore = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: localStore, sessionStorage: sessionStore });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('draft design store', () => {
  it('saves under podo:draft-design and comes back after a reload', async () => {
    const a = await load();
    const now = Date.now();
    expect(a.saveDraft(input, now)).toBe(true);
    const stored = JSON.parse(localStore.getItem('podo:draft-design')!);
    expect(stored).toMatchObject({ ...input, version: 1, createdAt: now, updatedAt: now });

    const b = await load(); // a new page
    expect(b.$draftDesign.get()).toBeNull();
    const draft = b.loadDraft();
    expect(draft?.design).toEqual(input.design);
    expect(b.$draftDesign.get()).toEqual(draft);
  });

  it('keeps createdAt across saves of the same product and restarts it for another', async () => {
    const a = await load();
    a.saveDraft(input, 1000);
    a.saveDraft({ ...input, colour: 'red' }, 2000);
    expect(a.$draftDesign.get()).toMatchObject({ createdAt: 1000, updatedAt: 2000, colour: 'red' });
    a.saveDraft({ ...input, productNo: 100006, editorPath: '/custom/dampener1' }, 3000);
    expect(a.$draftDesign.get()).toMatchObject({ createdAt: 3000, productNo: 100006 });
  });

  it('drops malformed, foreign-shaped and expired drafts', async () => {
    const a = await load();
    localStore.setItem('podo:draft-design', '{not json');
    expect(a.loadDraft()).toBeNull();
    expect(localStore.getItem('podo:draft-design')).toBeNull();

    localStore.setItem(
      'podo:draft-design',
      JSON.stringify({ ...input, version: 1, preview: 'javascript:1' }),
    );
    expect(a.loadDraft()).toBeNull();

    const old = Date.now() - a.DRAFT_TTL_MS - 1;
    localStore.setItem(
      'podo:draft-design',
      JSON.stringify({ ...input, version: 1, createdAt: old, updatedAt: old }),
    );
    expect(a.loadDraft()).toBeNull();
  });

  it('drops the preview when the storage quota is full', async () => {
    localStore = new MemoryStorage(400);
    vi.stubGlobal('window', { localStorage: localStore, sessionStorage: sessionStore });
    const a = await load();
    expect(a.saveDraft({ ...input, preview: `data:image/png;base64,${'A'.repeat(1000)}` })).toBe(true);
    expect(JSON.parse(localStore.getItem('podo:draft-design')!).preview).toBeNull();
  });

  it('survives the login flow only through the login stash', async () => {
    const a = await load();
    a.saveDraft(input);
    a.stashDraftForLogin();
    // what auth.ts prepareLogin does
    localStore.removeItem('podo:draft-design');
    sessionStore.removeItem('podo:draft-design');

    const b = await load();
    expect(b.loadDraft()).toBeNull();
    expect(b.takeStashedDraft()?.colour).toBe('mint');
    expect(localStore.getItem('podo:draft-design')).not.toBeNull();
    expect(sessionStore.getItem(b.DRAFT_LOGIN_STASH_KEY)).toBeNull();
    expect(b.takeStashedDraft()).toBeNull();
  });

  it('is cleared by logout with every other podo: key', async () => {
    const a = await load();
    a.saveDraft(input);
    a.stashDraftForLogin();
    const auth = await import('./auth.ts');
    auth.clearClientState();
    expect(localStore.getItem('podo:draft-design')).toBeNull();
    expect(sessionStore.getItem(a.DRAFT_LOGIN_STASH_KEY)).toBeNull();
  });

  it('debounces autosave: the last call wins, flush writes at once', async () => {
    vi.useFakeTimers();
    try {
      const { debounced } = await load();
      const calls: number[] = [];
      const d = debounced((n: number) => calls.push(n), 500);
      d.call(1);
      d.call(2);
      vi.advanceTimersByTime(499);
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual([2]);
      d.call(3);
      d.flush();
      expect(calls).toEqual([2, 3]);
      d.flush();
      expect(calls).toEqual([2, 3]);
    } finally {
      vi.useRealTimers();
    }
  });
});
