import type { KonvaEventObject } from 'konva/lib/Node';
import { useMemo } from 'react';
import { Circle, Image as KonvaImage, Rect, Shape } from 'react-konva/lib/ReactKonvaCore';
import { drawTextLocal } from '../../lib/design/draw.ts';
import type { DesignAreas } from '../../lib/design/geometry.ts';
import type { ImageNode, TextNode } from '../../lib/design/schema.ts';
import { isFontReady, loadedImage } from './assets.ts';
import { GUIDE } from './guides.ts';
import { textLayout } from './measure.ts';

/** The canvas's shapes: a design text, a design image, and the print-area guides. */

/** Text is drawn at this many pixels per millimetre and scaled down: crisp at any zoom. */
const TEXT_PX_PER_MM = 10;

interface ShapeHandlers {
  onSelect: () => void;
  onDragMove: (e: KonvaEventObject<DragEvent>) => void;
  onDragEnd: (e: KonvaEventObject<DragEvent>) => void;
  onTransformEnd: (e: KonvaEventObject<Event>) => void;
}

export function TextShape({
  node,
  editing,
  assetsVersion,
  onSelect,
  onEdit,
  ...handlers
}: ShapeHandlers & { node: TextNode; editing: boolean; assetsVersion: number; onEdit: () => void }) {
  const ready = isFontReady(node.fontFamily, node.text);
  // measured again when the font arrives (assetsVersion), since the fallback's widths differ
  const layout = useMemo(
    () => textLayout(node),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the browser loads fonts outside React: `ready` and `assetsVersion` say when
    [node, ready, assetsVersion],
  );
  const b = layout.bounds;
  const width = Math.max(b.width, 1);
  const height = Math.max(b.height, 1);
  return (
    <Shape
      id={node.id}
      name="design-node"
      x={node.x}
      y={node.y}
      rotation={node.rotation}
      scaleX={node.scaleX}
      scaleY={node.scaleY}
      width={width}
      height={height}
      offsetX={-b.x}
      offsetY={-b.y}
      opacity={editing ? 0 : 1}
      draggable={!node.locked && !editing}
      sceneFunc={(ctx) => {
        // never draw with a fallback font: nothing until the real one is loaded, then a redraw
        if (!ready) return;
        const c = ctx._context;
        c.save();
        c.translate(-b.x, -b.y);
        c.scale(1 / TEXT_PX_PER_MM, 1 / TEXT_PX_PER_MM);
        drawTextLocal(c, node, TEXT_PX_PER_MM, layout);
        c.restore();
      }}
      hitFunc={(ctx, shape) => {
        ctx.beginPath();
        ctx.rect(0, 0, width, height);
        ctx.closePath();
        ctx.fillStrokeShape(shape);
      }}
      onMouseDown={onSelect}
      onTap={onSelect}
      onDblClick={onEdit}
      onDblTap={onEdit}
      onDragStart={onSelect}
      {...handlers}
    />
  );
}

export function ImageShape({ node, onSelect, ...handlers }: ShapeHandlers & { node: ImageNode }) {
  // the image cache, read at each render: the canvas renders again when an image has loaded
  const image = loadedImage(node.src);
  return (
    <KonvaImage
      id={node.id}
      name="design-node"
      image={image}
      x={node.x}
      y={node.y}
      rotation={node.rotation}
      width={node.width}
      height={node.height}
      offsetX={node.width / 2}
      offsetY={node.height / 2}
      draggable={!node.locked}
      onMouseDown={onSelect}
      onTap={onSelect}
      onDragStart={onSelect}
      {...handlers}
    />
  );
}

/** Bleed (outer edge of the print), trim (the cut) and safe zone, never hit by the pointer. */
export function AreaGuides({ areas }: { areas: DesignAreas }) {
  const common = { strokeWidth: 1.5, strokeScaleEnabled: false, listening: false } as const;
  if (areas.clip.kind === 'circle') {
    const { cx, cy, r } = areas.clip;
    const trimR = areas.trim.width / 2;
    const safeR = areas.safe.width / 2;
    return (
      <>
        <Circle x={cx} y={cy} radius={r} stroke={GUIDE.bleed} dash={[4, 4]} {...common} />
        <Circle x={cx} y={cy} radius={trimR} stroke={GUIDE.trim} {...common} />
        <Circle x={cx} y={cy} radius={safeR} stroke={GUIDE.safe} dash={[6, 4]} {...common} />
      </>
    );
  }
  const rect = (r: DesignAreas['print'], stroke: string, dash?: number[]) => (
    <Rect x={r.x} y={r.y} width={r.width} height={r.height} stroke={stroke} dash={dash} {...common} />
  );
  return (
    <>
      {rect(areas.print, GUIDE.bleed, [4, 4])}
      {rect(areas.trim, GUIDE.trim)}
      {rect(areas.safe, GUIDE.safe, [6, 4])}
    </>
  );
}
