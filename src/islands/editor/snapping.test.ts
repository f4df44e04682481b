import { describe, expect, it } from 'vitest';
import { clampInside, snapBox, snapThreshold } from './snapping.ts';

const area = { x: 10, y: 10, width: 100, height: 100 };

describe('snapping inside the print area', () => {
  it('snaps the box centre to the area centre and reports both centre guides', () => {
    const r = snapBox({ x: 48, y: 54, width: 20, height: 10 }, area, 3);
    expect(r.box).toMatchObject({ x: 50, y: 55 });
    expect(r.guides).toEqual(
      expect.arrayContaining([
        { orientation: 'vertical', at: 60, kind: 'centre' },
        { orientation: 'horizontal', at: 60, kind: 'centre' },
      ]),
    );
  });

  it('snaps an edge to the nearest area edge', () => {
    const r = snapBox({ x: 12, y: 40, width: 20, height: 20 }, area, 3);
    expect(r.box.x).toBe(10);
    expect(r.dx).toBe(-2);
    expect(r.guides).toContainEqual({ orientation: 'vertical', at: 10, kind: 'edge' });
  });

  it('leaves the box where it is beyond the threshold (no guides)', () => {
    const r = snapBox({ x: 30, y: 30, width: 10, height: 10 }, area, 2);
    expect(r.box).toMatchObject({ x: 30, y: 30 });
    expect(r.guides).toEqual([]);
  });

  it('never lets the box leave the area', () => {
    expect(snapBox({ x: -50, y: 200, width: 20, height: 20 }, area, 2).box).toMatchObject({ x: 10, y: 90 });
  });

  it('centres a box larger than the area', () => {
    expect(clampInside({ x: 0, y: 0, width: 120, height: 50 }, area)).toMatchObject({ x: 0, y: 10 });
    expect(clampInside({ x: 70, y: 0, width: 140, height: 50 }, area).x).toBe(-10);
  });

  it('only clamps when snapping is off', () => {
    const r = snapBox({ x: 49, y: 49, width: 22, height: 22 }, area, 5, false);
    expect(r.box).toMatchObject({ x: 49, y: 49 });
    expect(r.guides).toEqual([]);
  });

  it('turns screen pixels into design units by the zoom', () => {
    expect(snapThreshold(2)).toBe(3);
    expect(snapThreshold(4, 8)).toBe(2);
  });
});
