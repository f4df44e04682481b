/**
 * The canvas view: zoom and pan over the print area. `zoom` multiplies the scale that fits the print
 * area into the canvas (1 = fit); `panX`/`panY` move it from the centred position in screen pixels.
 */

export interface View {
  zoom: number;
  panX: number;
  panY: number;
}

export const FIT_VIEW: View = { zoom: 1, panX: 0, panY: 0 };
const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 8;
export const ZOOM_STEP = 1.25;
/** Of the canvas's shorter side, what the print area takes at zoom 1. */
const FIT_FRACTION = 0.86;

const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

export interface Frame {
  /** Canvas size in CSS pixels. */
  width: number;
  height: number;
  /** Print area in millimetres. */
  areaWidth: number;
  areaHeight: number;
}

/** Pixels per millimetre at zoom 1. */
function fitScale(f: Frame): number {
  return (Math.min(f.width, f.height) * FIT_FRACTION) / Math.max(f.areaWidth, f.areaHeight, 1);
}

/** The stage transform for a view: scale (px per mm) and the print area's top-left in pixels. */
export function stageTransform(f: Frame, v: View): { scale: number; x: number; y: number } {
  const scale = fitScale(f) * v.zoom;
  return {
    scale,
    x: (f.width - f.areaWidth * scale) / 2 + v.panX,
    y: (f.height - f.areaHeight * scale) / 2 + v.panY,
  };
}

/** Zooms to `zoom` keeping the design point under `at` (canvas pixels) where it is. */
export function zoomAt(f: Frame, v: View, zoom: number, at: { x: number; y: number }): View {
  const next = clampZoom(zoom);
  const before = stageTransform(f, v);
  const mmX = (at.x - before.x) / before.scale;
  const mmY = (at.y - before.y) / before.scale;
  const centred = stageTransform(f, { zoom: next, panX: 0, panY: 0 });
  return {
    zoom: next,
    panX: at.x - mmX * centred.scale - centred.x,
    panY: at.y - mmY * centred.scale - centred.y,
  };
}

/** Zoom by a factor about the canvas centre (toolbar buttons, keyboard). */
export function zoomBy(f: Frame, v: View, factor: number): View {
  return zoomAt(f, v, v.zoom * factor, { x: f.width / 2, y: f.height / 2 });
}
