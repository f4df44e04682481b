import { describe, expect, it } from 'vitest';
import { FIT_VIEW, MAX_ZOOM, stageTransform, zoomAt, zoomBy } from './view.ts';

const frame = { width: 500, height: 400, areaWidth: 104, areaHeight: 104 };

describe('canvas view', () => {
  it('fits and centres the print area at zoom 1', () => {
    const t = stageTransform(frame, FIT_VIEW);
    expect(t.scale).toBeCloseTo((400 * 0.86) / 104);
    expect(t.x + (104 * t.scale) / 2).toBeCloseTo(250);
    expect(t.y + (104 * t.scale) / 2).toBeCloseTo(200);
  });

  it('zooms about a point, keeping the design point under it', () => {
    const at = { x: 120, y: 90 };
    const before = stageTransform(frame, FIT_VIEW);
    const mm = { x: (at.x - before.x) / before.scale, y: (at.y - before.y) / before.scale };
    const v = zoomAt(frame, FIT_VIEW, 2, at);
    const after = stageTransform(frame, v);
    expect(after.x + mm.x * after.scale).toBeCloseTo(at.x);
    expect(after.y + mm.y * after.scale).toBeCloseTo(at.y);
  });

  it('keeps zoom within its limits', () => {
    let v = FIT_VIEW;
    for (let i = 0; i < 30; i++) v = zoomBy(frame, v, 1.25);
    expect(v.zoom).toBe(MAX_ZOOM);
  });
});
