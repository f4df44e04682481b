import { describe, expect, it } from 'vitest';
import { newDesign, newImageNode, newTextNode } from './document.ts';
import type { MeasureMm } from './geometry.ts';
import { blocksOrder, PLACEHOLDER_TEXT, placeholderSides, printIssues } from './print-checks.ts';
import type { DesignDocument, DesignNode, TextNode } from './schema.ts';
import { setFrontBackSame } from './sides.ts';
import type { TemplateId } from './templates.ts';

/** Every character one em wide: widths a test can work out by hand. */
const emWide =
  (node: TextNode): MeasureMm =>
  (text) =>
    Array.from(text).length * node.fontSize;

function designWith(templateId: TemplateId, nodes: DesignNode[], back: DesignNode[] = []): DesignDocument {
  const doc = newDesign(templateId);
  if (back.length === 0)
    return { ...doc, sides: { front: { ...doc.sides.front, nodes }, back: { ...doc.sides.back, nodes } } };
  const apart = setFrontBackSame(doc, false);
  return {
    ...apart,
    sides: { front: { ...apart.sides.front, nodes }, back: { ...apart.sides.back, nodes: back } },
  };
}

const text = (templateId: TemplateId, init: Partial<TextNode> & { text: string }) =>
  newTextNode(templateId, { fontFamily: 'jua', ...init });

describe('what a design would print wrongly', () => {
  it('finds nothing in a short text in the middle', () => {
    const doc = designWith('round-dampener-100', [
      text('round-dampener-100', { text: '포도', fontSize: 10 }),
    ]);
    expect(printIssues(doc, emWide)).toEqual([]);
  });

  it('text wider than the pad crosses the cut line: a warning, ordering stays possible', () => {
    const node = text('round-dampener-100', { text: '포도 방진패드', fontSize: 20 });
    const issues = printIssues(designWith('round-dampener-100', [node]), emWide);
    expect(issues).toEqual([
      {
        kind: 'text-over-cut',
        side: 'front',
        nodeId: node.id,
        blocksOrder: false,
        message: "문구 '포도 방진패드'가 재단선을 넘었습니다. 넘은 부분은 잘려서 인쇄됩니다.",
      },
    ]);
    expect(blocksOrder(issues)).toBe(false);
  });

  it('checks against the cut line, not the bleed: text only in the bleed is still cut off', () => {
    // square 100 mm with 2 mm bleed: the cut line is at x = 102; "AB" at 10 mm is 20 mm wide
    const inside = text('square-dampener-100', { text: 'AB', fontSize: 10, x: 91.5, y: 52 });
    const over = text('square-dampener-100', { text: 'AB', fontSize: 10, x: 93, y: 52 });
    expect(printIssues(designWith('square-dampener-100', [inside]), emWide)).toEqual([]);
    expect(printIssues(designWith('square-dampener-100', [over]), emWide).map((i) => i.kind)).toEqual([
      'text-over-cut',
    ]);
  });

  it('a turned text is checked where its corners go', () => {
    // two lines of 35 mm glyphs, 70 x 81 mm: fits the 100 mm square level, not turned by 45°
    const level = text('square-dampener-100', { text: '가나\n다라', fontSize: 35 });
    expect(printIssues(designWith('square-dampener-100', [level]), emWide)).toEqual([]);
    const turned = { ...level, rotation: 45 };
    expect(printIssues(designWith('square-dampener-100', [turned]), emWide)).toHaveLength(1);
  });

  it('text on an arc is checked glyph by glyph against the round cut line', () => {
    const arc = (radius: number) =>
      text('round-dampener-100', {
        text: '우리 집 세탁기',
        fontSize: 9,
        x: 52,
        y: 52,
        arc: { radius, angle: 0, direction: 'outside' },
      });
    // baseline at 36 mm, glyph tops near 44 mm: inside the 50 mm cut circle
    expect(printIssues(designWith('round-dampener-100', [arc(36)]), emWide)).toEqual([]);
    expect(printIssues(designWith('round-dampener-100', [arc(47)]), emWide).map((i) => i.kind)).toEqual([
      'text-over-cut',
    ]);
  });

  it("the editor's placeholder text blocks ordering; a hidden one prints nothing and is left alone", () => {
    const placeholder = text('round-dampener-100', { text: PLACEHOLDER_TEXT, fontSize: 8 });
    const issues = printIssues(designWith('round-dampener-100', [placeholder]), emWide);
    expect(issues).toEqual([
      {
        kind: 'placeholder',
        side: 'front',
        nodeId: placeholder.id,
        blocksOrder: true,
        message: "기본 문구 '문구를 입력하세요'를 바꾸지 않았습니다. 인쇄할 문구로 바꾸거나 지워 주세요.",
      },
    ]);
    expect(blocksOrder(issues)).toBe(true);
    const hidden = { ...placeholder, hidden: true, fontSize: 80 };
    expect(printIssues(designWith('round-dampener-100', [hidden]), emWide)).toEqual([]);
  });

  it('images: inside is fine, a full-bleed background is fine, one half over the edge is cut', () => {
    const t: TemplateId = 'square-dampener-100';
    const fitted = newImageNode(t, { src: '/uploads/a.png', naturalWidth: 1000, naturalHeight: 800 });
    const cover = { ...fitted, x: 52, y: 52, width: 104, height: 104 };
    const half = { ...fitted, x: 95, width: 40, height: 40 };
    expect(printIssues(designWith(t, [fitted]), emWide)).toEqual([]);
    expect(printIssues(designWith(t, [cover]), emWide)).toEqual([]);
    expect(printIssues(designWith(t, [half]), emWide)).toEqual([
      {
        kind: 'image-over-cut',
        side: 'front',
        nodeId: half.id,
        blocksOrder: false,
        message: '이미지가 재단선을 넘었습니다. 넘은 부분은 잘려서 인쇄됩니다.',
      },
    ]);
    // round: a photo covering the whole circle is a background, one poking over the rim is cut
    const round: TemplateId = 'round-dampener-100';
    const disc = { ...fitted, x: 52, y: 52, width: 100, height: 100 };
    expect(printIssues(designWith(round, [disc]), emWide)).toEqual([]);
    const corner = { ...fitted, x: 85, y: 85, width: 20, height: 20 };
    expect(printIssues(designWith(round, [corner]), emWide).map((i) => i.kind)).toEqual(['image-over-cut']);
  });

  it('names the side when front and back differ, and checks a shared side once', () => {
    const t: TemplateId = 'round-dampener-100';
    const front = text(t, { text: PLACEHOLDER_TEXT, fontSize: 8 });
    expect(printIssues(designWith(t, [front]), emWide)).toHaveLength(1);
    const back = text(t, { text: '뒷면 문구가 아주 길어요', fontSize: 15 });
    const issues = printIssues(designWith(t, [front], [back]), emWide);
    expect(issues.map((i) => [i.side, i.message])).toEqual([
      [
        'front',
        "앞면: 기본 문구 '문구를 입력하세요'를 바꾸지 않았습니다. 인쇄할 문구로 바꾸거나 지워 주세요.",
      ],
      // long texts are shortened to their first 12 characters
      ['back', "뒷면: 문구 '뒷면 문구가 아주 길어…'가 재단선을 넘었습니다. 넘은 부분은 잘려서 인쇄됩니다."],
    ]);
  });

  it('placeholderSides needs no measuring (the server checks it before an order)', () => {
    const t: TemplateId = 'round-dampener-100';
    const doc = designWith(t, [text(t, { text: '포도' })], [text(t, { text: ` ${PLACEHOLDER_TEXT} ` })]);
    expect(placeholderSides(doc)).toEqual(['back']);
    expect(placeholderSides(designWith(t, [text(t, { text: '포도' })]))).toEqual([]);
  });
});
