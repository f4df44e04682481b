import { DEFAULT_BACKGROUND, DEFAULT_TEXT_COLOUR, type ColourId } from './palette.ts';
import { DEFAULT_FONT, type FontId } from './fonts.ts';
import { designAreas } from './geometry.ts';
import {
  DESIGN_VERSION,
  type DesignDocument,
  type DesignNode,
  type DesignSide,
  type ImageNode,
  type TextNode,
} from './schema.ts';
import { template, type TemplateId } from './templates.ts';

/** Building and editing documents: pure functions the editor's actions are made of. */

/** A short random node id (unique per side in practice; the schema refuses duplicates). */
function newNodeId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
}

function emptySide(background: ColourId = DEFAULT_BACKGROUND): DesignSide {
  return { background, nodes: [] };
}

/** A blank design on a template, front and back the same. */
export function newDesign(templateId: TemplateId): DesignDocument {
  const t = template(templateId);
  return {
    version: DESIGN_VERSION,
    templateId,
    shape: t.shape,
    widthMm: t.widthMm,
    heightMm: t.heightMm,
    frontBackSame: true,
    sides: { front: emptySide(), back: emptySide() },
  };
}

/** A text node centred on the template, sized to a tenth of its height. */
export function newTextNode(
  templateId: TemplateId,
  init: Partial<Omit<TextNode, 'type'>> & { text: string },
): TextNode {
  const areas = designAreas(template(templateId));
  return {
    type: 'text',
    id: newNodeId(),
    x: areas.print.width / 2,
    y: areas.print.height / 2,
    rotation: 0,
    locked: false,
    hidden: false,
    fontFamily: DEFAULT_FONT satisfies FontId,
    fontSize: Math.round(areas.trim.height / 10),
    color: DEFAULT_TEXT_COLOUR,
    align: 'center',
    letterSpacing: 0,
    lineHeight: 1.2,
    scaleX: 1,
    scaleY: 1,
    arc: null,
    ...init,
  };
}

/** An uploaded image, centred and fitted inside the safe zone, keeping its aspect ratio. */
export function newImageNode(
  templateId: TemplateId,
  image: { src: string; naturalWidth: number; naturalHeight: number },
): ImageNode {
  const { safe, print } = designAreas(template(templateId));
  const fit = Math.min(safe.width / image.naturalWidth, safe.height / image.naturalHeight);
  return {
    type: 'image',
    id: newNodeId(),
    x: print.width / 2,
    y: print.height / 2,
    rotation: 0,
    locked: false,
    hidden: false,
    ...image,
    width: image.naturalWidth * fit,
    height: image.naturalHeight * fit,
  };
}

// ---------------------------------------------------------------------------------- side edits

export const addNode = (side: DesignSide, node: DesignNode): DesignSide => ({
  ...side,
  nodes: [...side.nodes, node],
});

export const removeNode = (side: DesignSide, id: string): DesignSide => ({
  ...side,
  nodes: side.nodes.filter((n) => n.id !== id),
});

/** Changes one node's fields (keeps its type). */
export function updateNode<N extends DesignNode>(
  side: DesignSide,
  id: string,
  patch: Partial<Omit<N, 'type' | 'id'>>,
): DesignSide {
  return { ...side, nodes: side.nodes.map((n) => (n.id === id ? ({ ...n, ...patch } as DesignNode) : n)) };
}

/** A copy just above the original, offset by `offsetMm` (Ctrl+D). */
export function duplicateNode(side: DesignSide, id: string, offsetMm = 3): DesignSide {
  const i = side.nodes.findIndex((n) => n.id === id);
  const original = side.nodes[i];
  if (!original) return side;
  const copy = {
    ...structuredClone(original),
    id: newNodeId(),
    x: original.x + offsetMm,
    y: original.y + offsetMm,
  };
  const nodes = [...side.nodes];
  nodes.splice(i + 1, 0, copy);
  return { ...side, nodes };
}

export type ZMove = 'forward' | 'backward' | 'front' | 'back';

/** Reorders a node (index 0 is the bottom). */
export function moveNode(side: DesignSide, id: string, move: ZMove): DesignSide {
  const i = side.nodes.findIndex((n) => n.id === id);
  if (i < 0) return side;
  const nodes = [...side.nodes];
  const [node] = nodes.splice(i, 1);
  const to =
    move === 'front'
      ? nodes.length
      : move === 'back'
        ? 0
        : move === 'forward'
          ? Math.min(nodes.length, i + 1)
          : Math.max(0, i - 1);
  nodes.splice(to, 0, node!);
  return { ...side, nodes };
}
