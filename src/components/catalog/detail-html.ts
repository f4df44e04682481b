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

export function productDetailHtml(...parts: (string | null | undefined)[]): string {
  return sanitizeHtml(parts.filter(Boolean).join('\n'), OPTIONS);
}
