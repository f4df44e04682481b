import Konva from 'konva/lib/Core';
import 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Transformer';
import type { KonvaEventObject } from 'konva/lib/Node';
import type { Transformer as KonvaTransformer } from 'konva/lib/shapes/Transformer';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Group, Layer, Line, Rect, Stage, Transformer } from 'react-konva/lib/ReactKonvaCore';
import { designAreas, type DesignAreas } from '../../lib/design/geometry.ts';
import { colourHex } from '../../lib/design/palette.ts';
import type { DesignDocument, DesignNode, ImageNode, SideName, TextNode } from '../../lib/design/schema.ts';
import { sideToRender } from '../../lib/design/sides.ts';
import { template } from '../../lib/design/templates.ts';
import { AreaGuides, ImageShape, TextShape } from './canvas-shapes.tsx';
import { GUIDE } from './guides.ts';
import type { EditorAction } from './editor-state.ts';
import { snapBox, snapThreshold, type Guide } from './snapping.ts';
import { stageTransform, zoomAt, type Frame, type View } from './view.ts';

// two fingers on a node that is being dragged must still reach the stage (pinch, rotate)
Konva.hitOnDragEnabled = true;

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
  const pinchEndedAt = useRef(0);
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

  /** Where two fingers are: their distance, angle and midpoint (canvas pixels). */
  function twoFingers(e: KonvaEventObject<TouchEvent>) {
    const touches = e.evt.touches;
    const stage = stageRef.current;
    if (touches.length !== 2 || !stage) return null;
    const box = stage.container().getBoundingClientRect();
    const [a, b] = [touches[0]!, touches[1]!];
    return {
      dist: Math.hypot(b.clientX - a.clientX, b.clientY - a.clientY),
      angle: (Math.atan2(b.clientY - a.clientY, b.clientX - a.clientX) * 180) / Math.PI,
      centre: { x: (a.clientX + b.clientX) / 2 - box.left, y: (a.clientY + b.clientY) / 2 - box.top },
    };
  }

  function startPinch(e: KonvaEventObject<TouchEvent>) {
    const f = twoFingers(e);
    const stage = stageRef.current;
    if (!f || !stage) return;
    e.evt.preventDefault();
    // a second finger ends any one-finger drag: from now on it is a pinch (and a twist)
    stage.stopDrag();
    for (const n of stage.find('.design-node')) if (n.isDragging()) n.stopDrag();
    const rotatable = selected && !selected.locked ? selected.rotation : null;
    pinch.current = { dist: f.dist, angle: f.angle, zoom: view.zoom, rotation: rotatable };
  }

  function onTouchMove(e: KonvaEventObject<TouchEvent>) {
    const f = twoFingers(e);
    if (!f) return;
    e.evt.preventDefault();
    const p = pinch.current;
    if (!p) return startPinch(e);
    onView(zoomAt(frame, view, (p.zoom * f.dist) / Math.max(p.dist, 1), f.centre));
    if (selected && p.rotation !== null) {
      const turn = f.angle - p.angle;
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
      pinchEndedAt.current = Date.now();
      dispatch({ type: 'end-gesture' });
    }
  }

  /** A tap on the background deselects, unless it is the end of a pinch. */
  function tapBackground() {
    if (pinch.current || Date.now() - pinchEndedAt.current < 500) return;
    select(null);
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
      onTouchStart={startPinch}
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
            onTap={tapBackground}
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
