import { canvasFont } from './fonts.ts';
import { designAreas, layoutText, type MeasureMm, type TextLayout } from './geometry.ts';
import { colourHex } from './palette.ts';
import type { DesignDocument, DesignNode, ImageNode, SideName, TextNode } from './schema.ts';
import { template } from './templates.ts';
import { sideToRender } from './sides.ts';

/**
 * Drawing a design on any 2D canvas: the browser's (inside a Konva `Shape`'s sceneFunc, through
 * `context._context`) and @napi-rs/canvas on the server. Both call these functions, so the preview
 * the shopper sees and the file the print shop gets are laid out by the same code.
 */

/** The part of CanvasRenderingContext2D used here (satisfied by the browser's and @napi-rs/canvas's). */
export interface Canvas2D {
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  scale(x: number, y: number): void;
  beginPath(): void;
  arc(x: number, y: number, r: number, start: number, end: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  clip(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  font: string;
  fillStyle: unknown;
  textAlign: string;
  textBaseline: string;
}

/** Reference size for measuring: layout does not change with zoom or output resolution. */
const MEASURE_PX = 200;

/** Measures in millimetres with the node's font, at the reference size. */
export function measurerFor(ctx: Canvas2D, node: Pick<TextNode, 'fontFamily' | 'fontSize'>): MeasureMm {
  const cache = new Map<string, number>();
  return (text) => {
    let w = cache.get(text);
    if (w === undefined) {
      ctx.font = canvasFont(node.fontFamily, MEASURE_PX);
      w = ctx.measureText(text).width;
      cache.set(text, w);
    }
    return (w * node.fontSize) / MEASURE_PX;
  };
}

/** A text node's layout measured on this context (editor: for bounds and the hit area). */
export function measureTextNode(ctx: Canvas2D, node: TextNode): TextLayout {
  return layoutText(node, measurerFor(ctx, node));
}

/**
 * Draws a text node in node-local coordinates: origin at the node's x/y, before its rotation and
 * scale (Konva applies those to the Shape; `drawDesignSide` applies them itself).
 */
export function drawTextLocal(ctx: Canvas2D, node: TextNode, pxPerMm: number, layout?: TextLayout): void {
  const { runs } = layout ?? measureTextNode(ctx, node);
  ctx.save();
  ctx.font = canvasFont(node.fontFamily, node.fontSize * pxPerMm);
  ctx.fillStyle = colourHex(node.color);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  for (const run of runs) {
    if (run.rotation === 0) {
      ctx.fillText(run.text, run.x * pxPerMm, run.y * pxPerMm);
      continue;
    }
    ctx.save();
    ctx.translate(run.x * pxPerMm, run.y * pxPerMm);
    ctx.rotate((run.rotation * Math.PI) / 180);
    ctx.fillText(run.text, 0, 0);
    ctx.restore();
  }
  ctx.restore();
}

export interface DrawSideOptions<I> {
  /** Output pixels per millimetre of the print area. */
  pxPerMm: number;
  /** The decoded image for an image node's `src`; a missing one is skipped. */
  image: (src: string) => I | undefined;
  /** Draw only nodes (no background or clip), e.g. for an editor layer. */
  nodesOnly?: boolean;
}

/**
 * Draws one side of a design in print-area pixels (origin top-left of the print area): clip to the
 * printed surface, background, then the visible nodes in z-order. The caller translates first to
 * draw a strip of a large print file.
 */
export function drawDesignSide<I>(
  ctx: Canvas2D & { drawImage(image: I, dx: number, dy: number, dw: number, dh: number): void },
  doc: DesignDocument,
  side: SideName,
  { pxPerMm, image, nodesOnly = false }: DrawSideOptions<I>,
): void {
  const content = sideToRender(doc, side);
  const areas = designAreas(template(doc.templateId));
  ctx.save();
  if (!nodesOnly) {
    ctx.beginPath();
    if (areas.clip.kind === 'circle') {
      ctx.arc(areas.clip.cx * pxPerMm, areas.clip.cy * pxPerMm, areas.clip.r * pxPerMm, 0, Math.PI * 2);
    } else {
      const r = areas.clip.rect;
      ctx.rect(r.x * pxPerMm, r.y * pxPerMm, r.width * pxPerMm, r.height * pxPerMm);
    }
    ctx.clip();
    ctx.fillStyle = colourHex(content.background);
    ctx.fillRect(0, 0, areas.print.width * pxPerMm, areas.print.height * pxPerMm);
  }
  for (const node of content.nodes) {
    if (node.hidden) continue;
    drawNode(ctx, node, pxPerMm, image);
  }
  ctx.restore();
}

function drawNode<I>(
  ctx: Canvas2D & { drawImage(image: I, dx: number, dy: number, dw: number, dh: number): void },
  node: DesignNode,
  pxPerMm: number,
  image: (src: string) => I | undefined,
): void {
  ctx.save();
  ctx.translate(node.x * pxPerMm, node.y * pxPerMm);
  ctx.rotate((node.rotation * Math.PI) / 180);
  if (node.type === 'text') {
    ctx.scale(node.scaleX, node.scaleY);
    drawTextLocal(ctx, node, pxPerMm);
  } else {
    drawImageLocal(ctx, node, pxPerMm, image);
  }
  ctx.restore();
}

function drawImageLocal<I>(
  ctx: { drawImage(image: I, dx: number, dy: number, dw: number, dh: number): void },
  node: ImageNode,
  pxPerMm: number,
  image: (src: string) => I | undefined,
): void {
  const source = image(node.src);
  if (source === undefined) return;
  const w = node.width * pxPerMm;
  const h = node.height * pxPerMm;
  ctx.drawImage(source, -w / 2, -h / 2, w, h);
}
