import { describe, expect, it } from 'vitest';
import { addNode, newDesign, newImageNode, newTextNode } from './document.ts';
import { DESIGN_LIMITS, parseDesign, type DesignDocument } from './schema.ts';
import { updateSide } from './sides.ts';

function sample(): DesignDocument {
  let doc = newDesign('round-dampener-100');
  doc = updateSide(doc, 'front', (s) =>
    addNode(
      addNode(
        s,
        newTextNode('round-dampener-100', {
          text: '우리집 세탁기',
          fontFamily: 'doHyeon',
          arc: { radius: 40, angle: 0, direction: 'outside' },
        }),
      ),
      newImageNode('round-dampener-100', {
        src: '/uploads/members/1/design/cat.png',
        naturalWidth: 800,
        naturalHeight: 600,
      }),
    ),
  );
  return doc;
}

describe('design schema', () => {
  it('accepts a valid document, as an object or JSON text, and fills defaults', () => {
    const doc = sample();
    expect(parseDesign(doc)).toMatchObject({ ok: true });
    expect(parseDesign(JSON.stringify(doc))).toMatchObject({ ok: true });
    const { rotation: _r, locked: _l, hidden: _h, ...minimal } = doc.sides.front.nodes[0]!;
    const parsed = parseDesign({
      ...doc,
      sides: { ...doc.sides, front: { ...doc.sides.front, nodes: [minimal] } },
    });
    expect(parsed.ok && parsed.document.sides.front.nodes[0]).toMatchObject({
      rotation: 0,
      locked: false,
      hidden: false,
    });
  });

  it('refuses an unknown font or colour', () => {
    const doc = sample();
    const badFont = structuredClone(doc);
    Object.assign(badFont.sides.front.nodes[0]!, { fontFamily: 'comicSans' });
    expect(parseDesign(badFont)).toMatchObject({
      ok: false,
      code: 'DESIGN_INVALID',
      message: '지원하지 않는 글꼴입니다.',
    });
    const badColour = structuredClone(doc);
    Object.assign(badColour.sides.back, { background: '#ff0000' });
    expect(parseDesign(badColour)).toMatchObject({ ok: false, message: '지원하지 않는 색상입니다.' });
  });

  it('refuses unknown keys anywhere', () => {
    const doc = sample() as unknown as Record<string, unknown>;
    expect(parseDesign({ ...doc, script: 'x' })).toMatchObject({ ok: false });
    const nested = structuredClone(sample());
    Object.assign(nested.sides.front.nodes[1]!, { filter: 'blur' });
    expect(parseDesign(nested)).toMatchObject({ ok: false, path: 'sides.front.nodes.1' });
  });

  it('refuses image URLs that are not plain storage addresses', () => {
    for (const src of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      'http://evil.example/x.png',
      '/uploads/../secret.png',
      '/uploads/a.png?x=1',
    ]) {
      const doc = sample();
      Object.assign(doc.sides.front.nodes[1]!, { src });
      expect(parseDesign(doc), src).toMatchObject({ ok: false });
    }
  });

  it('refuses too many nodes, too long text, duplicate ids and a huge document', () => {
    let doc = newDesign('square-dampener-100');
    for (let i = 0; i <= DESIGN_LIMITS.maxNodes; i++) {
      doc = updateSide(doc, 'front', (s) => addNode(s, newTextNode('square-dampener-100', { text: `${i}` })));
    }
    expect(parseDesign(doc)).toMatchObject({
      ok: false,
      message: `한 면에 요소는 ${DESIGN_LIMITS.maxNodes}개까지 넣을 수 있습니다.`,
    });
    const long = updateSide(newDesign('square-dampener-100'), 'front', (s) =>
      addNode(s, newTextNode('square-dampener-100', { text: '가'.repeat(DESIGN_LIMITS.maxTextLength + 1) })),
    );
    expect(parseDesign(long)).toMatchObject({ ok: false });
    const node = newTextNode('square-dampener-100', { text: 'a' });
    const dup = updateSide(newDesign('square-dampener-100'), 'front', (s) => addNode(addNode(s, node), node));
    expect(parseDesign(dup)).toMatchObject({ ok: false, message: '요소 번호가 중복되었습니다.' });
    expect(parseDesign(JSON.stringify({ pad: 'x'.repeat(DESIGN_LIMITS.maxDocumentBytes) }))).toMatchObject({
      ok: false,
      code: 'DESIGN_TOO_LARGE',
    });
  });

  it('refuses malformed JSON, a wrong version, a size that is not the template and arcs on squares', () => {
    expect(parseDesign('{"version":1,')).toMatchObject({ ok: false, code: 'DESIGN_MALFORMED' });
    expect(parseDesign({ ...sample(), version: 2 })).toMatchObject({ ok: false });
    expect(parseDesign({ ...sample(), widthMm: 300 })).toMatchObject({
      ok: false,
      message: '크기가 상품 템플릿과 다릅니다.',
    });
    expect(parseDesign({ ...sample(), shape: 'square' })).toMatchObject({ ok: false });
    const square = updateSide(newDesign('square-dampener-100'), 'front', (s) =>
      addNode(
        s,
        newTextNode('square-dampener-100', {
          text: 'a',
          arc: { radius: 30, angle: 0, direction: 'outside' },
        }),
      ),
    );
    expect(parseDesign(square)).toMatchObject({
      ok: false,
      message: '곡선 문구는 원형 상품에만 쓸 수 있습니다.',
    });
    expect(parseDesign({ ...sample(), sides: { front: sample().sides.front } })).toMatchObject({ ok: false });
    expect(parseDesign(null)).toMatchObject({ ok: false });
  });

  it('refuses control characters in text', () => {
    const doc = sample();
    Object.assign(doc.sides.front.nodes[0]!, { text: 'a\u0000b' });
    expect(parseDesign(doc)).toMatchObject({ ok: false });
    Object.assign(doc.sides.front.nodes[0]!, { text: '첫 줄\n둘째 줄' });
    expect(parseDesign(doc)).toMatchObject({ ok: true });
  });
});
