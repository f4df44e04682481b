import { font, HANGUL_FALLBACK_FAMILY } from '../../lib/design/fonts.ts';
import { BASELINE_SHIFT, designAreas } from '../../lib/design/geometry.ts';
import { colourHex } from '../../lib/design/palette.ts';
import type { DesignDocument, TextNode } from '../../lib/design/schema.ts';
import { template } from '../../lib/design/templates.ts';

/**
 * A light SVG sketch of a design's front for lists (/shop/template): shape, background and text,
 * arc text along a circle path. No fonts are loaded on list pages, so the browser's own Korean font
 * stands in; the editor then shows the real thing.
 */

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function family(node: TextNode): string {
  const f = font(node.fontFamily);
  return `'${f.cssFamily}', '${HANGUL_FALLBACK_FAMILY}', ${f.generic}`;
}

function textSvg(node: TextNode, id: string): string {
  const common = `font-family="${esc(family(node))}" font-size="${node.fontSize}" fill="${colourHex(node.color)}" letter-spacing="${node.letterSpacing}"`;
  const transform = `transform="translate(${node.x} ${node.y}) rotate(${node.rotation}) scale(${node.scaleX} ${node.scaleY})"`;
  if (node.arc) {
    const r = node.arc.radius;
    const inside = node.arc.direction === 'inside';
    // a full circle whose middle is at the top (outside) or the bottom (inside), then turned to `angle`
    const path = inside
      ? `M 0 ${-r} A ${r} ${r} 0 1 0 0 ${r} A ${r} ${r} 0 1 0 0 ${-r}`
      : `M 0 ${r} A ${r} ${r} 0 1 1 0 ${-r} A ${r} ${r} 0 1 1 0 ${r}`;
    return `<g ${transform}><g transform="rotate(${inside ? node.arc.angle - 180 : node.arc.angle})"><path id="${id}" d="${path}" fill="none"/><text ${common}><textPath href="#${id}" startOffset="50%" text-anchor="middle">${esc(node.text)}</textPath></text></g></g>`;
  }
  const lines = node.text.split('\n');
  const box = node.fontSize * node.lineHeight;
  const anchor = node.align === 'left' ? 'start' : node.align === 'right' ? 'end' : 'middle';
  const tspans = lines
    .map((line, n) => {
      const y = -(lines.length * box) / 2 + n * box + box / 2 + BASELINE_SHIFT * node.fontSize;
      return `<tspan x="0" y="${y}">${esc(line)}</tspan>`;
    })
    .join('');
  return `<g ${transform}><text ${common} text-anchor="${anchor}">${tspans}</text></g>`;
}

/** `key` makes the sketch's element ids unique in the page. */
export function designSketchSvg(doc: DesignDocument, label: string, key: string): string {
  const k = key.replace(/[^A-Za-z0-9_-]/g, '');
  const areas = designAreas(template(doc.templateId));
  const { width, height } = areas.print;
  const side = doc.sides.front;
  const clip =
    areas.clip.kind === 'circle'
      ? `<circle cx="${areas.clip.cx}" cy="${areas.clip.cy}" r="${areas.clip.r}"/>`
      : `<rect x="0" y="0" width="${width}" height="${height}" rx="${width * 0.04}"/>`;
  const nodes = side.nodes
    .map((n, i) => (n.type === 'text' && !n.hidden ? textSvg(n, `${k}-arc${i}`) : ''))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}"><defs><clipPath id="${k}-clip">${clip}</clipPath></defs><g clip-path="url(#${k}-clip)"><rect width="${width}" height="${height}" fill="${colourHex(side.background)}"/>${nodes}</g></svg>`;
}
