import { josa } from 'es-hangul';
import { designAreas, textInkCorners, toPrintArea, type DesignAreas, type MeasureMm } from './geometry.ts';
import type { DesignDocument, ImageNode, SideName, TextNode } from './schema.ts';
import { SIDE_LABELS } from './sides.ts';
import { template } from './templates.ts';

/**
 * What a design would print wrongly, checked before it is saved and before it is ordered
 * (decision 020): text or an image crossing the cut line (what crosses is cut off, a glyph
 * halved), and the editor's placeholder text left in. Pure: text is measured by the caller's
 * `measureFor` (the editor's canvas; tests pass fixed widths). Hidden nodes print nothing and are
 * not checked; with front and back the same only the front is.
 */

/** The text "문구 추가" starts with: printing it is never what a shopper wants. */
export const PLACEHOLDER_TEXT = '문구를 입력하세요';

export type PrintIssueKind = 'placeholder' | 'text-over-cut' | 'image-over-cut';

export interface PrintIssue {
  kind: PrintIssueKind;
  side: SideName;
  /** The node at fault, to select when the shopper goes back to fix it. */
  nodeId: string;
  /** What is wrong, in Korean, for the warning list. */
  message: string;
  /** True when the design must not be ordered like this (the placeholder); the rest are warnings. */
  blocksOrder: boolean;
}

/** Millimetres a point may sit past a line before it counts as over it (rounding of the layout). */
const TOLERANCE_MM = 0.05;

type Point = { x: number; y: number };

const isPlaceholder = (node: TextNode) => node.text.trim() === PLACEHOLDER_TEXT;

/** The sides a design prints with its own content: the front only when front and back are the same. */
const printedSides = (doc: DesignDocument): SideName[] => (doc.frontBackSame ? ['front'] : ['front', 'back']);

/** Every issue of a design, side by side, in z-order. */
export function printIssues(doc: DesignDocument, measureFor: (node: TextNode) => MeasureMm): PrintIssue[] {
  const areas = designAreas(template(doc.templateId));
  const issues: PrintIssue[] = [];
  for (const side of printedSides(doc)) {
    const prefix = doc.frontBackSame ? '' : `${SIDE_LABELS[side]}: `;
    const nodes = doc.sides[side].nodes.filter((n) => !n.hidden);
    const images = nodes.filter((n) => n.type === 'image');
    const issue = (kind: PrintIssueKind, nodeId: string, message: string) =>
      issues.push({ kind, side, nodeId, message: prefix + message, blocksOrder: kind === 'placeholder' });
    for (const node of nodes) {
      if (node.type === 'text') {
        if (isPlaceholder(node)) {
          issue(
            'placeholder',
            node.id,
            `기본 문구 '${PLACEHOLDER_TEXT}'${josa.pick(PLACEHOLDER_TEXT, '을/를')} 바꾸지 않았습니다. 인쇄할 문구로 바꾸거나 지워 주세요.`,
          );
        } else if (!allInside(toPrintArea(node, textInkCorners(node, measureFor(node))), areas)) {
          const shown = shortText(node.text);
          issue(
            'text-over-cut',
            node.id,
            `문구 '${shown}'${josa.pick(shown.replace(/…$/, ''), '이/가')} 재단선을 넘었습니다. 넘은 부분은 잘려서 인쇄됩니다.`,
          );
        }
      } else if (imageIsCut(node, areas)) {
        const name = images.length > 1 ? `이미지 ${images.indexOf(node) + 1}` : '이미지';
        issue(
          'image-over-cut',
          node.id,
          `${name}${josa.pick(name, '이/가')} 재단선을 넘었습니다. 넘은 부분은 잘려서 인쇄됩니다.`,
        );
      }
    }
  }
  return issues;
}

/** Whether any issue keeps the design from being ordered. */
export const blocksOrder = (issues: readonly PrintIssue[]) => issues.some((i) => i.blocksOrder);

/**
 * The sides whose visible text is still the placeholder: what the server refuses to order. Needs
 * no measuring, so the server checks it without fonts.
 */
export function placeholderSides(doc: DesignDocument): SideName[] {
  return printedSides(doc).filter((side) =>
    doc.sides[side].nodes.some((n) => n.type === 'text' && !n.hidden && isPlaceholder(n)),
  );
}

/** The first line of a text, shortened for a message. */
function shortText(text: string): string {
  const line = text.split('\n')[0]!.trim();
  const chars = Array.from(line);
  return chars.length > 12 ? `${chars.slice(0, 12).join('')}…` : line;
}

/** Whether a print-area point is on the product (inside the cut line: a circle or a rectangle). */
function insideCut(p: Point, areas: DesignAreas): boolean {
  const { trim } = areas;
  if (areas.clip.kind === 'circle') {
    const r = trim.width / 2 + TOLERANCE_MM;
    return Math.hypot(p.x - (trim.x + trim.width / 2), p.y - (trim.y + trim.height / 2)) <= r;
  }
  return (
    p.x >= trim.x - TOLERANCE_MM &&
    p.x <= trim.x + trim.width + TOLERANCE_MM &&
    p.y >= trim.y - TOLERANCE_MM &&
    p.y <= trim.y + trim.height + TOLERANCE_MM
  );
}

const allInside = (points: readonly Point[], areas: DesignAreas) => points.every((p) => insideCut(p, areas));

/**
 * An image is cut when part of it lies past the cut line, unless it covers the whole product
 * (a full-bleed background is meant to run past the cut).
 */
function imageIsCut(node: ImageNode, areas: DesignAreas): boolean {
  const w = node.width / 2;
  const h = node.height / 2;
  const corners = toPrintArea(node, [
    { x: -w, y: -h },
    { x: w, y: -h },
    { x: w, y: h },
    { x: -w, y: h },
  ]);
  if (allInside(corners, areas)) return false;
  return !coversProduct(node, areas);
}

/** Whether the image covers everything inside the cut line. */
function coversProduct(node: ImageNode, areas: DesignAreas): boolean {
  const { trim } = areas;
  // in the image's own frame (origin at its centre, not turned)
  const local = (p: Point) => {
    const cos = Math.cos((-node.rotation * Math.PI) / 180);
    const sin = Math.sin((-node.rotation * Math.PI) / 180);
    const dx = p.x - node.x;
    const dy = p.y - node.y;
    return { x: dx * cos - dy * sin, y: dx * sin + dy * cos };
  };
  const w = node.width / 2 + TOLERANCE_MM;
  const h = node.height / 2 + TOLERANCE_MM;
  if (areas.clip.kind === 'circle') {
    const r = trim.width / 2;
    const c = local({ x: trim.x + r, y: trim.y + trim.height / 2 });
    return Math.abs(c.x) + r <= w && Math.abs(c.y) + r <= h;
  }
  return [
    { x: trim.x, y: trim.y },
    { x: trim.x + trim.width, y: trim.y },
    { x: trim.x + trim.width, y: trim.y + trim.height },
    { x: trim.x, y: trim.y + trim.height },
  ]
    .map(local)
    .every((p) => Math.abs(p.x) <= w && Math.abs(p.y) <= h);
}
