import { describe, expect, it } from 'vitest';
import { designAreas, layoutText, printPixelSize, transformedCorners } from './geometry.ts';
import { template } from './templates.ts';

const monospace = (s: string) => Array.from(s).length * 5; // 5 mm per character

describe('geometry', () => {
  it('gives print, trim and safe areas and the 300 DPI pixel size', () => {
    const t = template('square-cushion-400');
    const a = designAreas(t);
    expect(a.print).toEqual({ x: 0, y: 0, width: 420, height: 420 });
    expect(a.trim).toEqual({ x: 10, y: 10, width: 400, height: 400 });
    expect(a.safe).toEqual({ x: 35, y: 35, width: 350, height: 350 });
    expect(printPixelSize(t)).toEqual({ width: 4961, height: 4961 });
    expect(designAreas(template('round-dampener-100')).clip).toEqual({
      kind: 'circle',
      cx: 52,
      cy: 52,
      r: 52,
    });
  });

  it('aligns straight lines in a box centred on the node', () => {
    const base = { fontSize: 10, letterSpacing: 0, lineHeight: 1.2, arc: null };
    const left = layoutText({ ...base, text: 'abcd\nab', align: 'left' }, monospace);
    expect(left.bounds).toEqual({ x: -10, y: -12, width: 20, height: 24 });
    expect(left.runs.map((r) => r.x)).toEqual([-10, -10]);
    const right = layoutText({ ...base, text: 'abcd\nab', align: 'right' }, monospace);
    expect(right.runs.map((r) => r.x)).toEqual([-10, 0]);
    const spaced = layoutText({ ...base, text: '가나', align: 'center', letterSpacing: 2 }, monospace);
    expect(spaced.runs.map((r) => [r.text, r.x])).toEqual([
      ['가', -6],
      ['나', 1],
    ]);
  });

  it('puts arc text on the circle, centred on its angle, reading clockwise on top', () => {
    const top = layoutText(
      {
        text: 'ab',
        fontSize: 10,
        letterSpacing: 0,
        lineHeight: 1,
        align: 'center',
        arc: { radius: 40, angle: 0, direction: 'outside' },
      },
      monospace,
    );
    const [a, b] = top.runs;
    expect(a!.rotation).toBeLessThan(0);
    expect(b!.rotation).toBeGreaterThan(0);
    expect(a!.rotation).toBeCloseTo(-b!.rotation, 6);
    // each glyph's baseline centre lies on the circle
    for (const r of top.runs) {
      const cx = r.x + 2.5 * Math.cos((r.rotation * Math.PI) / 180);
      const cy = r.y + 2.5 * Math.sin((r.rotation * Math.PI) / 180);
      expect(Math.hypot(cx, cy)).toBeCloseTo(40, 6);
    }
    const bottom = layoutText(
      {
        text: 'ab',
        fontSize: 10,
        letterSpacing: 0,
        lineHeight: 1,
        align: 'center',
        arc: { radius: 40, angle: 180, direction: 'inside' },
      },
      monospace,
    );
    // reads left to right along the bottom, upright
    expect(bottom.runs[0]!.x).toBeLessThan(bottom.runs[1]!.x);
    expect(Math.abs(bottom.runs[0]!.rotation)).toBeLessThan(10);
    expect(bottom.runs[0]!.y).toBeGreaterThan(35);
  });

  it('transforms a node-local box', () => {
    const corners = transformedCorners(
      { x: 50, y: 50, rotation: 90, scaleX: 2 },
      { x: -5, y: -1, width: 10, height: 2 },
    );
    expect(corners[0]!.x).toBeCloseTo(51);
    expect(corners[0]!.y).toBeCloseTo(40);
  });
});
