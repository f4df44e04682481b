import sanitizeHtml from 'sanitize-html';

/**
 * Product detail HTML comes from the shop's own back office, but it is still HTML typed by people:
 * keep formatting, images and tables, drop scripts, handlers and styles that could break the page.
 * Images load lazily since the detail sits below the fold.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption', 'picture', 'source'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading', 'decoding'],
    source: ['srcset', 'sizes', 'type', 'media'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  transformTags: {
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, loading: 'lazy', decoding: 'async', alt: attribs.alt ?? '' },
    }),
    a: (tagName, attribs) =>
      /^https?:\/\//.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, rel: 'noopener nofollow' } }
        : { tagName, attribs },
    // the content sits under the page's "상품 상세 정보" h2, so its headings start one level below
    h1: 'h3',
    h2: 'h3',
    h3: 'h4',
    h4: 'h5',
    h5: 'h6',
  },
};

/**
 * Sanitised detail HTML, remembered by the HTML it came from. Sanitising parses the whole document
 * (a tenth of a millisecond for the demo's short texts, far more for long ones), and the same few
 * products are asked for again and again; keyed by the input itself, an entry can never be stale,
 * so nothing needs to be told when a product changes (decision 012). Bounded by total size, least
 * recently used first out.
 */
const memo = new Map<string, string>();
const MEMO_MAX_CHARS = 4_000_000;
let memoChars = 0;

export function productDetailHtml(...parts: (string | null | undefined)[]): string {
  const source = parts.filter(Boolean).join('\n');
  if (!source) return '';
  const hit = memo.get(source);
  if (hit !== undefined) {
    // most recently used last
    memo.delete(source);
    memo.set(source, hit);
    return hit;
  }
  const html = sanitizeHtml(source, OPTIONS);
  const size = source.length + html.length;
  if (size > MEMO_MAX_CHARS / 4) return html; // a very long text is not worth crowding out the rest
  memo.set(source, html);
  memoChars += size;
  for (const [key, value] of memo) {
    if (memoChars <= MEMO_MAX_CHARS) break;
    memo.delete(key);
    memoChars -= key.length + value.length;
  }
  return html;
}
