import { atom } from 'nanostores';
import { DRAFT_DESIGN_KEY, DRAFT_LOGIN_STASH_KEY } from './draft-keys.ts';

/**
 * The draft custom design (spec section 3, stored client state): what the editor autosaves so a
 * reload, or a login started from the editor, brings the work back. One draft per browser, in
 * localStorage under 'podo:draft-design'; logout and expiry clear it with every other `podo:` key,
 * and the login flow drops it (auth.ts `prepareLogin`) — except the draft the editor itself handed
 * over to that login (`stashDraftForLogin`), which `takeStashedDraft` gives back afterwards.
 *
 * The design document is kept as it is (`unknown` here): the editor validates it with the shared
 * schema before using it, so a stale or tampered draft is dropped, never drawn.
 */

export const DRAFT_VERSION = 1;
/** sessionStorage: the draft carried through a login the editor's guest guide started. */
export { DRAFT_LOGIN_STASH_KEY };
/** A draft older than this is not offered again. */
export const DRAFT_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface DraftDesign {
  version: typeof DRAFT_VERSION;
  /** The design document (src/lib/design/schema.ts), validated by whoever reads it. */
  design: unknown;
  productNo: number;
  /** Small PNG/JPEG data URL of the front, for "continue where you left off". */
  preview: string | null;
  /** The background colour id of the front. */
  colour: string;
  shapeType: 'circle' | 'square';
  /** The product template's id (templates.ts). */
  shapeId: string;
  frontBackSame: boolean;
  /** The editor page the draft belongs to ('/custom/dampener', '/products/…/customize'). */
  editorPath: string;
  /** The product option chosen in the editor (material, size). */
  optionNo?: number | null | undefined;
  /** Set once the design was saved on the server: its id, `createTime` (date@time) and name. */
  designId?: string | null | undefined;
  createTime?: string | null | undefined;
  name?: string | null | undefined;
  createdAt: number;
  updatedAt: number;
}

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether a stored value has the draft's shape (the design itself is checked by the editor). */
export function isDraftDesign(value: unknown, now = Date.now()): value is DraftDesign {
  if (!value || typeof value !== 'object') return false;
  const d = value as Partial<DraftDesign>;
  return (
    d.version === DRAFT_VERSION &&
    d.design !== undefined &&
    typeof d.productNo === 'number' &&
    Number.isInteger(d.productNo) &&
    (d.shapeType === 'circle' || d.shapeType === 'square') &&
    typeof d.shapeId === 'string' &&
    typeof d.colour === 'string' &&
    typeof d.frontBackSame === 'boolean' &&
    typeof d.editorPath === 'string' &&
    d.editorPath.startsWith('/') &&
    (d.preview === null || (typeof d.preview === 'string' && d.preview.startsWith('data:image/'))) &&
    typeof d.createdAt === 'number' &&
    typeof d.updatedAt === 'number' &&
    now - d.updatedAt < DRAFT_TTL_MS
  );
}

function read(storage: Storage | null, key: string): DraftDesign | null {
  const raw = storage?.getItem(key);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isDraftDesign(parsed)) return parsed;
  } catch {
    // not JSON: dropped below
  }
  storage?.removeItem(key);
  return null;
}

export const $draftDesign = atom<DraftDesign | null>(null);

/** Reads the stored draft into the store (once per page, at editor start). */
export function loadDraft(): DraftDesign | null {
  const draft = read(local(), DRAFT_DESIGN_KEY);
  $draftDesign.set(draft);
  return draft;
}

/** Writes storage; a full quota first drops the preview, then gives up quietly (the store keeps it). */
function write(storage: Storage | null, key: string, draft: DraftDesign): boolean {
  if (!storage) return false;
  for (const candidate of [draft, { ...draft, preview: null }]) {
    try {
      storage.setItem(key, JSON.stringify(candidate));
      return true;
    } catch {
      // QuotaExceededError: try without the preview
    }
  }
  return false;
}

export type DraftInput = Omit<DraftDesign, 'version' | 'createdAt' | 'updatedAt'>;

/**
 * Saves the editor's current work. The first save of a product's draft sets `createdAt`; later
 * ones keep it. Returns whether it reached storage.
 */
export function saveDraft(input: DraftInput, now = Date.now()): boolean {
  const previous = $draftDesign.get();
  const same = previous && previous.productNo === input.productNo && previous.editorPath === input.editorPath;
  const draft: DraftDesign = {
    ...input,
    version: DRAFT_VERSION,
    createdAt: same ? previous.createdAt : now,
    updatedAt: now,
  };
  $draftDesign.set(draft);
  return write(local(), DRAFT_DESIGN_KEY, draft);
}

export function clearDraft(): void {
  $draftDesign.set(null);
  local()?.removeItem(DRAFT_DESIGN_KEY);
}

/**
 * Before the guest guide sends the shopper to log in: the login flow clears the draft (spec
 * section 4), so this tab keeps a copy for the editor page the login returns to.
 */
export function stashDraftForLogin(): void {
  const draft = $draftDesign.get() ?? read(local(), DRAFT_DESIGN_KEY);
  if (draft) write(session(), DRAFT_LOGIN_STASH_KEY, draft);
}

/** After that login: the stashed draft becomes the draft again (once). */
export function takeStashedDraft(): DraftDesign | null {
  const s = session();
  const draft = read(s, DRAFT_LOGIN_STASH_KEY);
  s?.removeItem(DRAFT_LOGIN_STASH_KEY);
  if (!draft) return null;
  $draftDesign.set(draft);
  write(local(), DRAFT_DESIGN_KEY, draft);
  return draft;
}

/** Debounces autosave: the last call within `ms` wins; `flush` writes at once (page hide). */
export function debounced<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  const run = () => {
    timer = undefined;
    if (!pending) return;
    const args = pending;
    pending = null;
    fn(...args);
  };
  return {
    call(...args: A) {
      pending = args;
      clearTimeout(timer);
      timer = setTimeout(run, ms);
    },
    flush() {
      clearTimeout(timer);
      run();
    },
    cancel() {
      clearTimeout(timer);
      pending = null;
    },
  };
}
