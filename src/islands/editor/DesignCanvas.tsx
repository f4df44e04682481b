import Konva from 'konva/lib/Core';
import 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Transformer';
import type { KonvaEventObject } from 'konva/lib/Node';
import type { Transformer as KonvaTransformer } from 'konva/lib/shapes/Transformer';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  Circle,
  Group,
  Image as KonvaImage,
  Layer,
  Line,
  Rect,
  Shape,
  Stage,
  Transformer,
} from 'react-konva/lib/ReactKonvaCore';
import { drawTextLocal } from '../../lib/design/draw.ts';
import { designAreas, type DesignAreas } from '../../lib/design/geometry.ts';
import { colourHex } from '../../lib/design/palette.ts';
import type { DesignDocument, DesignNode, ImageNode, SideName, TextNode } from '../../lib/design/schema.ts';
import { sideToRender } from '../../lib/design/sides.ts';
import { template } from '../../lib/design/templates.ts';
import { isFontReady, loadedImage } from './assets.ts';
import type { EditorAction } from './editor-state.ts';
import { textLayout } from './measure.ts';
import { snapBox, snapThreshold, type Guide } from './snapping.ts';
import { stageTransform, zoomAt, type Frame, type View } from './view.ts';

// two fingers on a node that is being dragged must still reach the stage (pinch, rotate)
Konva.hitOnDragEnabled = true;

/** Text is drawn at this many pixels per millimetre and scaled down: crisp at any zoom. */
const TEXT_PX_PER_MM = 10;
const GUIDE = { bleed: '#d6336c', trim: '#495057', safe: '#1c7ed6', snap: '#e8590c' } as const;

export interface DesignCanvasProps {
  doc: DesignDocument;
  side: SideName;
  selectedId: string | null;
  /** The text being edited in place: hidden on the canvas while its textarea is open. */
  editingId: string | null;
  /** Changes when fonts or images finished loading: redraw and re-measure. */
  assetsVersion: number;
  view: View;
  onView: (view: View) => void;
  size: { width: number; height: number };
  dispatch: (action: EditorAction) => void;
  onEditText: (id: string) => void;
  stageRef: RefObject<Konva.Stage | null>;
}

function frameOf(areas: DesignAreas, size: { width: number; height: number }): Frame {
  return { ...size, areaWidth: areas.print.width, areaHeight: areas.print.height };
}

export default function DesignCanvas(props: DesignCanvasProps) {
  const {
    doc,
    side,
    selectedId,
    editingId,
    assetsVersion,
    view,
    onView,
    size,
    dispatch,
    onEditText,
    stageRef,
  } = props;
  const areas = useMemo(() => designAreas(template(doc.templateId)), [doc.templateId]);
  const content = sideToRender(doc, side);
  const frame = frameOf(areas, size);
  const t = stageTransform(frame, view);
  const designRef = useRef<Konva.Group>(null);
  const trRef = useRef<KonvaTransformer>(null);
  const [guides, setGuides] = useState<Guide[]>([]);
  const pinch = useRef<{ dist: number; angle: number; zoom: number; rotation: number | null } | null>(null);
  const selected = content.nodes.find((n) => n.id === selectedId) ?? null;

  // the transformer follows the selection (not while the text is edited in place, not on hidden nodes)
  useEffect(() => {
    const tr = trRef.current;
    const stage = stageRef.current;
    if (!tr || !stage) return;
    const node =
      selected && !selected.hidden && selected.id !== editingId
        ? stage.findOne(`#${selected.id}`)
        : undefined;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selected, editingId, assetsVersion, stageRef, doc]);

  function select(id: string | null) {
    if (id !== selectedId) dispatch({ type: 'select', id });
  }

  function onDragMove(e: KonvaEventObject<DragEvent>) {
    const shape = e.target;
    const design = designRef.current;
    if (!design || shape === stageRef.current) return;
    const rect = shape.getClientRect({ relativeTo: design });
    const r = snapBox(rect, areas.print, snapThreshold(t.scale), !e.evt.altKey);
    if (r.dx !== 0 || r.dy !== 0) shape.position({ x: shape.x() + r.dx, y: shape.y() + r.dy });
    setGuides(r.guides);
  }

  function onDragEnd(e: KonvaEventObject<DragEvent>, node: DesignNode) {
    setGuides([]);
    dispatch({ type: 'update', id: node.id, patch: { x: e.target.x(), y: e.target.y() } });
    dispatch({ type: 'end-gesture' });
  }

  function onTransformEnd(e: KonvaEventObject<Event>, node: DesignNode) {
    const shape = e.target;
    const design = designRef.current;
    let patch: Partial<TextNode> | Partial<ImageNode>;
    if (node.type === 'image') {
      patch = {
        width: Math.max(1, node.width * Math.abs(shape.scaleX())),
        height: Math.max(1, node.height * Math.abs(shape.scaleY())),
        rotation: shape.rotation(),
      };
      shape.scale({ x: 1, y: 1 });
    } else {
      patch = { scaleX: shape.scaleX(), scaleY: shape.scaleY(), rotation: shape.rotation() };
    }
    // the resized box must still lie in the print area
    let { x, y } = shape.position();
    if (design) {
      const rect = shape.getClientRect({ relativeTo: design });
      const r = snapBox(rect, areas.print, 0, false);
      x += r.dx;
      y += r.dy;
    }
    dispatch({ type: 'update', id: node.id, patch: { ...patch, x, y } });
    dispatch({ type: 'end-gesture' });
  }

  function onWheel(e: KonvaEventObject<WheelEvent>) {
    e.evt.preventDefault();
    const stage = stageRef.current;
    const at = stage?.getPointerPosition();
    if ((e.evt.ctrlKey || e.evt.metaKey) && at) {
      onView(zoomAt(frame, view, view.zoom * Math.exp(-e.evt.deltaY / 300), at));
    } else {
      onView({ ...view, panX: view.panX - e.evt.deltaX, panY: view.panY - e.evt.deltaY });
    }
  }

  function onTouchMove(e: KonvaEventObject<TouchEvent>) {
    const touches = e.evt.touches;
    const stage = stageRef.current;
    if (touches.length !== 2 || !stage) return;
    e.evt.preventDefault();
    const box = stage.container().getBoundingClientRect();
    const [a, b] = [touches[0]!, touches[1]!];
    const dist = Math.hypot(b.clientX - a.clientX, b.clientY - a.clientY);
    const angle = (Math.atan2(b.clientY - a.clientY, b.clientX - a.clientX) * 180) / Math.PI;
    const centre = { x: (a.clientX + b.clientX) / 2 - box.left, y: (a.clientY + b.clientY) / 2 - box.top };
    if (!pinch.current) {
      stage.stopDrag();
      for (const n of stage.find('.design-node')) if (n.isDragging()) n.stopDrag();
      const rotatable = selected && !selected.locked ? selected.rotation : null;
      pinch.current = { dist, angle, zoom: view.zoom, rotation: rotatable };
      return;
    }
    const p = pinch.current;
    onView(zoomAt(frame, view, (p.zoom * dist) / Math.max(p.dist, 1), centre));
    if (selected && p.rotation !== null) {
      const turn = angle - p.angle;
      if (Math.abs(turn) > 2) {
        dispatch({
          type: 'update',
          id: selected.id,
          patch: { rotation: Math.round((p.rotation + turn) * 10) / 10 },
          coalesceKey: `rotate:${selected.id}`,
        });
      }
    }
  }

  function onTouchEnd(e: KonvaEventObject<TouchEvent>) {
    if (e.evt.touches.length < 2 && pinch.current) {
      pinch.current = null;
      dispatch({ type: 'end-gesture' });
    }
  }

  function onStageDragEnd(e: KonvaEventObject<DragEvent>) {
    const stage = stageRef.current;
    if (!stage || e.target !== stage) return;
    const centred = stageTransform(frame, { ...view, panX: 0, panY: 0 });
    onView({ ...view, panX: stage.x() - centred.x, panY: stage.y() - centred.y });
  }

  const clipFunc = (ctx: Konva.Context) => {
    const c = areas.clip;
    if (c.kind === 'circle') ctx.arc(c.cx, c.cy, c.r, 0, Math.PI * 2, false);
    else ctx.rect(c.rect.x, c.rect.y, c.rect.width, c.rect.height);
  };

  const isText = selected?.type === 'text';
  const locked = Boolean(selected?.locked);

  return (
    <Stage
      ref={stageRef}
      width={size.width}
      height={size.height}
      scaleX={t.scale}
      scaleY={t.scale}
      x={t.x}
      y={t.y}
      draggable
      onDragEnd={onStageDragEnd}
      onWheel={onWheel}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onMouseDown={(e) => {
        if (e.target === e.target.getStage()) select(null);
      }}
    >
      <Layer>
        <Group ref={designRef} clipFunc={clipFunc} name="design">
          <Rect
            x={0}
            y={0}
            width={areas.print.width}
            height={areas.print.height}
            fill={colourHex(content.background)}
            name="background"
            onClick={() => select(null)}
            onTap={() => select(null)}
          />
          {content.nodes.map((node) =>
            node.hidden ? null : node.type === 'text' ? (
              <TextShape
                key={node.id}
                node={node}
                editing={node.id === editingId}
                assetsVersion={assetsVersion}
                onSelect={() => select(node.id)}
                onEdit={() => !node.locked && onEditText(node.id)}
                onDragMove={onDragMove}
                onDragEnd={(e) => onDragEnd(e, node)}
                onTransformEnd={(e) => onTransformEnd(e, node)}
              />
            ) : (
              <ImageShape
                key={node.id}
                node={node}
                assetsVersion={assetsVersion}
                onSelect={() => select(node.id)}
                onDragMove={onDragMove}
                onDragEnd={(e) => onDragEnd(e, node)}
                onTransformEnd={(e) => onTransformEnd(e, node)}
              />
            ),
          )}
        </Group>
        <AreaGuides areas={areas} />
        {guides.map((g, i) => (
          <Line
            key={`${g.orientation}-${g.at}-${i}`}
            points={
              g.orientation === 'vertical'
                ? [g.at, areas.print.y, g.at, areas.print.y + areas.print.height]
                : [areas.print.x, g.at, areas.print.x + areas.print.width, g.at]
            }
            stroke={GUIDE.snap}
            strokeWidth={1}
            strokeScaleEnabled={false}
            dash={g.kind === 'centre' ? [6, 4] : undefined}
            listening={false}
          />
        ))}
        <Transformer
          ref={trRef}
          rotateEnabled={!locked}
          resizeEnabled={!locked}
          keepRatio={isText}
          enabledAnchors={
            isText
              ? ['top-left', 'top-right', 'bottom-left', 'bottom-right']
              : [
                  'top-left',
                  'top-center',
                  'top-right',
                  'middle-right',
                  'middle-left',
                  'bottom-left',
                  'bottom-center',
                  'bottom-right',
                ]
          }
          rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
          rotationSnapTolerance={4}
          anchorSize={
            typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches ? 18 : 10
          }
          borderStroke="#5b2a86"
          anchorStroke="#5b2a86"
          boundBoxFunc={(oldBox, newBox) =>
            Math.abs(newBox.width) < 8 || Math.abs(newBox.height) < 8 ? oldBox : newBox
          }
        />
      </Layer>
    </Stage>
  );
}

interface ShapeHandlers {
  onSelect: () => void;
  onDragMove: (e: KonvaEventObject<DragEvent>) => void;
  onDragEnd: (e: KonvaEventObject<DragEvent>) => void;
  onTransformEnd: (e: KonvaEventObject<Event>) => void;
}

function TextShape({
  node,
  editing,
  assetsVersion,
  onSelect,
  onEdit,
  ...handlers
}: ShapeHandlers & { node: TextNode; editing: boolean; assetsVersion: number; onEdit: () => void }) {
  const ready = isFontReady(node.fontFamily, node.text);
  // measured again when the font arrives (assetsVersion), since the fallback's widths differ
  const layout = useMemo(() => textLayout(node), [node, ready, assetsVersion]);
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

function ImageShape({
  node,
  assetsVersion,
  onSelect,
  ...handlers
}: ShapeHandlers & { node: ImageNode; assetsVersion: number }) {
  const image = useMemo(() => loadedImage(node.src), [node.src, assetsVersion]);
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
function AreaGuides({ areas }: { areas: DesignAreas }) {
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

export const GUIDE_COLOURS = GUIDE;
