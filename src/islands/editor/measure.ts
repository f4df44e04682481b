import { measurerFor, measureTextNode, type Canvas2D } from '../../lib/design/draw.ts';
import type { MeasureMm, TextLayout } from '../../lib/design/geometry.ts';
import type { TextNode } from '../../lib/design/schema.ts';

/**
 * One off-screen 2D context for measuring text in the browser (selection boxes, hit areas, the
 * in-place editor's size). Layouts come from the shared geometry, so they match the print file.
 */
let ctx: CanvasRenderingContext2D | null = null;

function context(): Canvas2D | null {
  if (!ctx && typeof document !== 'undefined') ctx = document.createElement('canvas').getContext('2d');
  return ctx;
}

export function textLayout(node: TextNode): TextLayout {
  const c = context();
  if (!c) return { runs: [], bounds: { x: 0, y: 0, width: 0, height: 0 } };
  return measureTextNode(c, node);
}

/** A text node's measurer (millimetres in its font), for the print checks. */
export function measureFor(node: TextNode): MeasureMm {
  const c = context();
  return c ? measurerFor(c, node) : () => 0;
}
