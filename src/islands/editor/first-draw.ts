import { designAreas, type DesignAreas } from '../../lib/design/geometry.ts';
import { colourHex, DEFAULT_BACKGROUND, isColourId, type ColourId } from '../../lib/design/palette.ts';
import {
  isTemplateId,
  template,
  templateForProduct,
  templatesOfProduct,
  type TemplateId,
} from '../../lib/design/templates.ts';
import { toPickerOptions } from '../catalog/option-model.ts';
import { DRAFT_DESIGN_KEY, DRAFT_LOGIN_STASH_KEY } from '../stores/draft-keys.ts';
import { GUIDE } from './guides.ts';
import type { DesignEditorProps } from './types.ts';
import { FIT_VIEW, stageTransform } from './view.ts';

/**
 * The editor's first draw (issue 16): the template the design starts on — its printed surface in the
 * design's background colour and the bleed, trim and safe guides — on a plain 2D canvas at the
 * workspace's fit view, before Konva, the design schema (zod) and the tools have loaded. The
 * workspace (`EditorWorkspace.tsx`) then draws the whole design in the same place.
 *
 * Only the template and the front background are read here, and nothing is trusted: an id that is
 * not a known template of this product or a known colour is ignored. The draft itself is validated
 * by the workspace (`bootstrap.ts`), as before.
 */

export interface FirstFrame {
  templateId: TemplateId;
  background: ColourId;
}

interface DocLike {
  templateId?: unknown;
  sides?: { front?: { background?: unknown } };
}

function docLike(value: unknown): DocLike | null {
  return value && typeof value === 'object' ? (value as DocLike) : null;
}

function storedDraft(storage: Storage | null, key: string): Record<string, unknown> | null {
  try {
    const raw = storage?.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

/**
 * What the first frame shows, in the order `bootstrapEditor` starts from: the draft of this page
 * (the one a login carried first), the saved design, the starter, else the product's template for
 * the option the page asked for.
 */
export function firstFrameOf(
  props: Pick<DesignEditorProps, 'product' | 'editorPath' | 'saved' | 'starter' | 'templateId'>,
  optionValues?: Record<string, string>,
  stores: { local: Storage | null; session: Storage | null } = {
    local: storage('localStorage'),
    session: storage('sessionStorage'),
  },
): FirstFrame | null {
  const allowed = templatesOfProduct(props.product.design);
  const draft =
    storedDraft(stores.session, DRAFT_LOGIN_STASH_KEY) ?? storedDraft(stores.local, DRAFT_DESIGN_KEY);
  const ownDraft =
    draft && draft.productNo === props.product.productNo && draft.editorPath === props.editorPath
      ? docLike(draft.design)
      : null;
  const candidates = [ownDraft, docLike(props.saved?.document), docLike(props.starter?.design)];
  for (const doc of candidates) {
    const id = doc?.templateId;
    if (typeof id !== 'string' || !isTemplateId(id)) continue;
    // a starter may be on any template (bootstrap accepts it); a draft or saved design only on the product's
    if (doc !== candidates[2] && !allowed.includes(id)) continue;
    const bg = doc?.sides?.front?.background;
    return { templateId: id, background: typeof bg === 'string' && isColourId(bg) ? bg : DEFAULT_BACKGROUND };
  }
  const templateId =
    props.templateId && allowed.includes(props.templateId)
      ? props.templateId
      : (templateForProduct(props.product.design, optionValues) ?? allowed[0]);
  return templateId ? { templateId, background: DEFAULT_BACKGROUND } : null;
}

/**
 * `firstFrameOf` for an editor page's props: the option the page asked for (`optionNo`) picks the
 * size's template. The server calls it without storage (it cannot see the browser's draft), the
 * browser with its own.
 */
export function firstFrameOfPage(
  props: Pick<DesignEditorProps, 'product' | 'editorPath' | 'saved' | 'starter' | 'templateId' | 'optionNo'>,
  stores?: { local: Storage | null; session: Storage | null },
): FirstFrame | null {
  const { product } = props;
  const requested = toPickerOptions(product.options, product.labels.length).find(
    (o) => o.optionNo === props.optionNo,
  );
  const optionValues = requested
    ? Object.fromEntries(product.labels.map((l, i) => [l, requested.values[i] ?? '']))
    : undefined;
  return firstFrameOf(props, optionValues, stores);
}

/** The id of the first frame's image: the server's (EditorPage.astro), then the first draw's copy. */
export const FIRST_FRAME_IMAGE_ID = 'editor-first-frame';

export interface FirstFrameImage {
  src: string;
  width: number;
  height: number;
}

/**
 * The server's image of `frame`, read from the page before the island replaces it (decision 049), so
 * the first draw keeps showing it under its canvas: on a busy phone the island can replace the HTML
 * before the browser's first paint, and the image must still be what the page first paints. Null
 * when the page has none or it shows another frame (a draft the server could not see).
 */
export function serverFirstFrameImage(frame: FirstFrame | null): FirstFrameImage | null {
  if (!frame || typeof document === 'undefined') return null;
  const img = document.getElementById(FIRST_FRAME_IMAGE_ID);
  if (!(img instanceof HTMLImageElement)) return null;
  const src = img.getAttribute('src');
  if (!src || img.dataset.template !== frame.templateId || img.dataset.background !== frame.background)
    return null;
  return {
    src,
    width: img.width || Number(img.getAttribute('width')),
    height: img.height || Number(img.getAttribute('height')),
  };
}

/** The 2D context calls the first draw makes (a browser canvas's context has them all). */
export interface FirstDrawContext {
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  save(): void;
  restore(): void;
  beginPath(): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  clip(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  stroke(): void;
  setLineDash(segments: number[]): void;
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
}

/**
 * Draws the frame on a canvas of `width` × `height` CSS pixels with `pixelRatio` device pixels each,
 * where the workspace's Konva stage will draw it (the fit view, `view.ts`).
 */
export function drawFirstFrame(
  ctx: FirstDrawContext,
  frame: FirstFrame,
  size: { width: number; height: number; pixelRatio: number },
): DesignAreas {
  const areas = designAreas(template(frame.templateId));
  const t = stageTransform(
    { width: size.width, height: size.height, areaWidth: areas.print.width, areaHeight: areas.print.height },
    FIT_VIEW,
  );
  const px = size.pixelRatio;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, size.width * px, size.height * px);
  ctx.setTransform(t.scale * px, 0, 0, t.scale * px, t.x * px, t.y * px);

  const surface = () => {
    ctx.beginPath();
    const c = areas.clip;
    if (c.kind === 'circle') ctx.arc(c.cx, c.cy, c.r, 0, Math.PI * 2);
    else ctx.rect(c.rect.x, c.rect.y, c.rect.width, c.rect.height);
  };
  ctx.save();
  surface();
  ctx.clip();
  ctx.fillStyle = colourHex(frame.background);
  ctx.fillRect(areas.print.x, areas.print.y, areas.print.width, areas.print.height);
  ctx.restore();

  // the guides as the workspace draws them (`AreaGuides`): 1.5 px whatever the scale
  const mm = 1 / t.scale;
  ctx.lineWidth = 1.5 * mm;
  const guide = (colour: string, dash: number[], path: () => void) => {
    ctx.strokeStyle = colour;
    ctx.setLineDash(dash.map((d) => d * mm));
    ctx.beginPath();
    path();
    ctx.stroke();
  };
  if (areas.clip.kind === 'circle') {
    const { cx, cy, r } = areas.clip;
    guide(GUIDE.bleed, [4, 4], () => ctx.arc(cx, cy, r, 0, Math.PI * 2));
    guide(GUIDE.trim, [], () => ctx.arc(cx, cy, areas.trim.width / 2, 0, Math.PI * 2));
    guide(GUIDE.safe, [6, 4], () => ctx.arc(cx, cy, areas.safe.width / 2, 0, Math.PI * 2));
  } else {
    const rect = (r: DesignAreas['print']) => () => ctx.rect(r.x, r.y, r.width, r.height);
    guide(GUIDE.bleed, [4, 4], rect(areas.print));
    guide(GUIDE.trim, [], rect(areas.trim));
    guide(GUIDE.safe, [6, 4], rect(areas.safe));
  }
  ctx.setLineDash([]);
  return areas;
}
