import type { TextArc, TextNode } from './schema.ts';
import { printAreaMm, type DesignTemplate } from './templates.ts';

/**
 * Geometry shared by the editor and the server renderer, so both put every glyph in the same place.
 * Lengths in millimetres unless a name says px; angles in degrees, clockwise, 0 = 12 o'clock.
 */

export const MM_PER_INCH = 25.4;
/** The print file's resolution. */
export const PRINT_DPI = 300;
/** Longest side of a saved preview PNG. */
export const PREVIEW_SIZE_PX = 600;
/**
 * Where a line's alphabetic baseline sits below the middle of its line box, as a fraction of the font
 * size: puts Hangul and capitals visually centred in the box in every font of the list.
 */
export const BASELINE_SHIFT = 0.35;
/** Approximate ascent and descent (fractions of the font size) for bounds and hit areas. */
const ASCENT = 0.88;
const DESCENT = 0.24;

export const pxPerMm = (dpi: number) => dpi / MM_PER_INCH;
export const mmToPx = (mm: number, dpi: number) => (mm * dpi) / MM_PER_INCH;
export const ptToMm = (pt: number) => (pt * MM_PER_INCH) / 72;
export const mmToPt = (mm: number) => (mm * 72) / MM_PER_INCH;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

export interface RectMm {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DesignAreas {
  /** Everything printed (trim plus bleed); the coordinate origin is its top-left corner. */
  print: RectMm;
  /** The finished product's outline (cut line). */
  trim: RectMm;
  /** Keep text and faces inside it. */
  safe: RectMm;
  /** The printed surface: a circle (round shapes) or the print rectangle. */
  clip: { kind: 'circle'; cx: number; cy: number; r: number } | { kind: 'rect'; rect: RectMm };
}

/** The guides the editor draws and the server clips to. */
export function designAreas(t: DesignTemplate): DesignAreas {
  const { widthMm, heightMm } = printAreaMm(t);
  const print = { x: 0, y: 0, width: widthMm, height: heightMm };
  const trim = { x: t.bleedMm, y: t.bleedMm, width: t.widthMm, height: t.heightMm };
  const inset = t.bleedMm + t.safeMm;
  const safe = { x: inset, y: inset, width: t.widthMm - 2 * t.safeMm, height: t.heightMm - 2 * t.safeMm };
  const clip: DesignAreas['clip'] =
    t.shape === 'circle'
      ? { kind: 'circle', cx: widthMm / 2, cy: heightMm / 2, r: Math.min(widthMm, heightMm) / 2 }
      : { kind: 'rect', rect: print };
  return { print, trim, safe, clip };
}

/** Pixel size of the print area at a resolution (300 DPI for the print file). */
export function printPixelSize(t: DesignTemplate, dpi = PRINT_DPI): { width: number; height: number } {
  const { widthMm, heightMm } = printAreaMm(t);
  return { width: Math.round(mmToPx(widthMm, dpi)), height: Math.round(mmToPx(heightMm, dpi)) };
}

/** Pixels per millimetre for a preview whose longer side is `sizePx`. */
export function previewScale(t: DesignTemplate, sizePx = PREVIEW_SIZE_PX): number {
  const { widthMm, heightMm } = printAreaMm(t);
  return sizePx / Math.max(widthMm, heightMm);
}

// ---------------------------------------------------------------------------------- text layout

/** One piece of text to draw with `textAlign = 'left'` and `textBaseline = 'alphabetic'`. */
export interface TextRun {
  text: string;
  /** Baseline-left origin in node-local millimetres (origin = node x/y, before rotation and scale). */
  x: number;
  y: number;
  /** Rotation of this run about its origin (arc text), degrees. */
  rotation: number;
}

export interface TextLayout {
  runs: TextRun[];
  /** Node-local bounds, for selection boxes and hit areas. */
  bounds: RectMm;
}

/**
 * Width in millimetres of a string in the node's font at the node's font size. The renderer measures
 * at a fixed reference size and scales, so the layout does not depend on the zoom (see draw.ts).
 */
export type MeasureMm = (text: string) => number;

/** Characters as the user sees them (code points; Hangul syllables are single code points). */
export const characters = (s: string): string[] => Array.from(s);

type LayoutNode = Pick<TextNode, 'text' | 'fontSize' | 'align' | 'letterSpacing' | 'lineHeight' | 'arc'>;

/** Lays out a text node: straight lines, or one line along an arc. */
export function layoutText(node: LayoutNode, measure: MeasureMm): TextLayout {
  return node.arc ? layoutArcText(node, node.arc, measure) : layoutStraightText(node, measure);
}

function layoutStraightText(node: LayoutNode, measure: MeasureMm): TextLayout {
  const lines = node.text.split('\n');
  const spacing = node.letterSpacing;
  const lineBox = node.fontSize * node.lineHeight;
  const measured = lines.map((line) => {
    if (spacing === 0) return { line, width: measure(line), chars: null };
    const chars = characters(line).map((ch) => ({ ch, w: measure(ch) }));
    const width = chars.reduce((sum, c) => sum + c.w, 0) + spacing * Math.max(0, chars.length - 1);
    return { line, width, chars };
  });
  const boxWidth = Math.max(0, ...measured.map((m) => m.width));
  const boxHeight = lines.length * lineBox;
  const runs: TextRun[] = [];
  measured.forEach((m, i) => {
    const left =
      -boxWidth / 2 +
      (node.align === 'left' ? 0 : node.align === 'right' ? boxWidth - m.width : (boxWidth - m.width) / 2);
    const baseline = -boxHeight / 2 + i * lineBox + lineBox / 2 + BASELINE_SHIFT * node.fontSize;
    if (!m.chars) {
      if (m.line) runs.push({ text: m.line, x: left, y: baseline, rotation: 0 });
      return;
    }
    let x = left;
    for (const c of m.chars) {
      if (c.ch.trim()) runs.push({ text: c.ch, x, y: baseline, rotation: 0 });
      x += c.w + spacing;
    }
  });
  return { runs, bounds: { x: -boxWidth / 2, y: -boxHeight / 2, width: boxWidth, height: boxHeight } };
}

function layoutArcText(node: LayoutNode, arc: TextArc, measure: MeasureMm): TextLayout {
  const chars = characters(node.text.replace(/\n/g, ' ')).map((ch) => ({ ch, w: measure(ch) }));
  const spacing = node.letterSpacing;
  const total = chars.reduce((s, c) => s + c.w, 0) + spacing * Math.max(0, chars.length - 1);
  const r = arc.radius;
  const sign = arc.direction === 'inside' ? -1 : 1;
  const runs: TextRun[] = [];
  const corners: Array<[number, number]> = [];
  let along = 0;
  for (const c of chars) {
    const centreAlong = along + c.w / 2 - total / 2;
    const theta = arc.angle + sign * deg(centreAlong / r);
    // the glyph's baseline centre on the circle, and its upright direction
    const px = r * Math.sin(rad(theta));
    const py = -r * Math.cos(rad(theta));
    const rotation = arc.direction === 'inside' ? theta - 180 : theta;
    const cos = Math.cos(rad(rotation));
    const sin = Math.sin(rad(rotation));
    const x = px - (c.w / 2) * cos;
    const y = py - (c.w / 2) * sin;
    if (c.ch.trim()) runs.push({ text: c.ch, x, y, rotation });
    // glyph box corners (local: 0..w along, -ascent..descent across) for the bounds
    for (const [u, v] of [
      [0, -ASCENT * node.fontSize],
      [c.w, -ASCENT * node.fontSize],
      [0, DESCENT * node.fontSize],
      [c.w, DESCENT * node.fontSize],
    ] as const) {
      corners.push([x + u * cos - v * sin, y + u * sin + v * cos]);
    }
    along += c.w + spacing;
  }
  return { runs, bounds: boundsOf(corners) };
}

function boundsOf(points: Array<[number, number]>): RectMm {
  if (points.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * Where a text node puts ink: the corners of each run's glyph box (its advance width, from the
 * ascent to the descent), in node-local millimetres before the node's scale and rotation. For
 * checks of what crosses the cut line (print-checks.ts); an arc's glyphs are boxed one by one.
 */
export function textInkCorners(node: LayoutNode, measure: MeasureMm): Array<{ x: number; y: number }> {
  const top = -ASCENT * node.fontSize;
  const bottom = DESCENT * node.fontSize;
  return layoutText(node, measure).runs.flatMap((run) => {
    const w = measure(run.text);
    const cos = Math.cos(rad(run.rotation));
    const sin = Math.sin(rad(run.rotation));
    return (
      [
        [0, top],
        [w, top],
        [w, bottom],
        [0, bottom],
      ] as const
    ).map(([u, v]) => ({ x: run.x + u * cos - v * sin, y: run.y + u * sin + v * cos }));
  });
}

/** Node-local points in print-area millimetres, after the node's scale and rotation. */
export function toPrintArea(
  node: { x: number; y: number; rotation: number; scaleX?: number; scaleY?: number },
  points: ReadonlyArray<{ x: number; y: number }>,
): Array<{ x: number; y: number }> {
  const sx = node.scaleX ?? 1;
  const sy = node.scaleY ?? 1;
  const cos = Math.cos(rad(node.rotation));
  const sin = Math.sin(rad(node.rotation));
  return points.map(({ x, y }) => {
    const a = x * sx;
    const b = y * sy;
    return { x: node.x + a * cos - b * sin, y: node.y + a * sin + b * cos };
  });
}

/**
 * The four corners (print-area millimetres) of a node-local rectangle after the node's scale and
 * rotation: for snapping and "keep inside the print area" checks.
 */
export function transformedCorners(
  node: { x: number; y: number; rotation: number; scaleX?: number; scaleY?: number },
  local: RectMm,
): Array<{ x: number; y: number }> {
  const sx = node.scaleX ?? 1;
  const sy = node.scaleY ?? 1;
  const cos = Math.cos(rad(node.rotation));
  const sin = Math.sin(rad(node.rotation));
  return [
    [local.x, local.y],
    [local.x + local.width, local.y],
    [local.x + local.width, local.y + local.height],
    [local.x, local.y + local.height],
  ].map(([u, v]) => {
    const a = u! * sx;
    const b = v! * sy;
    return { x: node.x + a * cos - b * sin, y: node.y + a * sin + b * cos };
  });
}
