import { describe, expect, it } from 'vitest';
import { addNode, newDesign, newTextNode } from './document.ts';
import { copySideTo, normalizeSides, setFrontBackSame, sideToRender, updateSide } from './sides.ts';

const text = (t: string) => newTextNode('round-dampener-100', { text: t });

describe('front and back', () => {
  it('with "same" on, edits of either side change both', () => {
    let doc = newDesign('round-dampener-100');
    expect(doc.frontBackSame).toBe(true);
    doc = updateSide(doc, 'back', (s) => addNode(s, text('앞뒤 같음')));
    expect(doc.sides.front.nodes).toHaveLength(1);
    expect(doc.sides.back).toEqual(doc.sides.front);
    expect(doc.sides.back).not.toBe(doc.sides.front);
  });

  it('turning "same" off keeps the copy, then sides are edited apart', () => {
    let doc = updateSide(newDesign('round-dampener-100'), 'front', (s) => addNode(s, text('앞면')));
    doc = setFrontBackSame(doc, false);
    doc = updateSide(doc, 'back', (s) => addNode({ ...s, background: 'navy' }, text('뒷면')));
    expect(doc.sides.front.nodes.map((n) => n.type === 'text' && n.text)).toEqual(['앞면']);
    expect(doc.sides.back.nodes.map((n) => n.type === 'text' && n.text)).toEqual(['앞면', '뒷면']);
    expect(doc.sides.front.background).toBe('white');
  });

  it('turning "same" on copies the side being looked at to the other', () => {
    let doc = setFrontBackSame(newDesign('round-dampener-100'), false);
    doc = updateSide(doc, 'back', (s) => ({ ...s, background: 'mint' }));
    const fromBack = setFrontBackSame(doc, true, 'back');
    expect(fromBack.sides.front.background).toBe('mint');
    expect(sideToRender(fromBack, 'back').background).toBe('mint');
    const fromFront = setFrontBackSame(doc, true);
    expect(fromFront.sides.back.background).toBe('white');
  });

  it('normalises a stored "same" document and copies explicitly', () => {
    const doc = { ...setFrontBackSame(newDesign('round-dampener-100'), false), frontBackSame: true };
    doc.sides.back.background = 'red';
    expect(normalizeSides(doc).sides.back.background).toBe('white');
    const copied = copySideTo({ ...doc, frontBackSame: false }, 'back', 'front');
    expect(copied.sides.front.background).toBe('red');
  });
});
