/**
 * Keeping a node inside the print area while it is dragged: its box snaps to the area's edges and
 * centre lines when within a threshold (the guides to draw come back too), then is clamped so it
 * never leaves the area. Everything is in design units (millimetres of the product), axis-aligned
 * boxes (a rotated node is judged by its bounding box).
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Guide {
  orientation: 'vertical' | 'horizontal';
  /** x of a vertical guide, y of a horizontal one. */
  at: number;
  kind: 'edge' | 'centre';
}

export interface SnapResult {
  /** The moved box. */
  box: Box;
  /** How far the box moved from the proposed one. */
  dx: number;
  dy: number;
  guides: Guide[];
}

interface Line {
  at: number;
  kind: Guide['kind'];
}

function targets(area: Box, axis: 'x' | 'y'): Line[] {
  const start = axis === 'x' ? area.x : area.y;
  const size = axis === 'x' ? area.width : area.height;
  return [
    { at: start, kind: 'edge' },
    { at: start + size / 2, kind: 'centre' },
    { at: start + size, kind: 'edge' },
  ];
}

/** The best correction along one axis: the closest target to any of the box's three lines. */
function bestSnap(boxStart: number, boxSize: number, lines: Line[], threshold: number) {
  const own = [boxStart, boxStart + boxSize / 2, boxStart + boxSize];
  let best: { delta: number; line: Line } | null = null;
  for (const line of lines) {
    for (const point of own) {
      const delta = line.at - point;
      if (Math.abs(delta) <= threshold && (!best || Math.abs(delta) < Math.abs(best.delta))) {
        best = { delta, line };
      }
    }
  }
  return best;
}

/** Every target line that the (moved) box touches, so both edges show when they both align. */
function touching(boxStart: number, boxSize: number, lines: Line[]): Line[] {
  const own = [boxStart, boxStart + boxSize / 2, boxStart + boxSize];
  const eps = 1e-6;
  return lines.filter((l) => own.some((p) => Math.abs(l.at - p) < eps));
}

/** Moves `box` back inside `area`; a box larger than the area is centred on it along that axis. */
export function clampInside(box: Box, area: Box): Box {
  const fit = (start: number, size: number, aStart: number, aSize: number) => {
    if (size >= aSize) return aStart + (aSize - size) / 2;
    return Math.min(Math.max(start, aStart), aStart + aSize - size);
  };
  return {
    ...box,
    x: fit(box.x, box.width, area.x, area.width),
    y: fit(box.y, box.height, area.y, area.height),
  };
}

/**
 * Snaps then clamps. `threshold` is in design units (the caller turns its few screen pixels into
 * units with the zoom), `snap: false` (Alt held, say) only clamps.
 */
export function snapBox(proposed: Box, area: Box, threshold: number, snap = true): SnapResult {
  let { x, y } = proposed;
  if (snap) {
    const sx = bestSnap(x, proposed.width, targets(area, 'x'), threshold);
    const sy = bestSnap(y, proposed.height, targets(area, 'y'), threshold);
    if (sx) x += sx.delta;
    if (sy) y += sy.delta;
  }
  const box = clampInside({ ...proposed, x, y }, area);
  const guides: Guide[] = [
    ...touching(box.x, box.width, targets(area, 'x')).map((l) => ({
      orientation: 'vertical' as const,
      ...l,
    })),
    ...touching(box.y, box.height, targets(area, 'y')).map((l) => ({
      orientation: 'horizontal' as const,
      ...l,
    })),
  ];
  return { box, dx: box.x - proposed.x, dy: box.y - proposed.y, guides: snap ? guides : [] };
}

/** Screen pixels within which a node snaps, turned into design units at a zoom (px per unit). */
export function snapThreshold(zoom: number, pixels = 6): number {
  return pixels / Math.max(zoom, 1e-6);
}
