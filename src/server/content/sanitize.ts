import sanitizeHtmlLib, { type IOptions } from 'sanitize-html';
import { Marked } from 'marked';
import { escapeText } from '../../lib/html.ts';

/**
 * The one way rich text from staff (notices, FAQ answers, terms) or anyone else becomes HTML a
 * page may render: an allowlist of plain document tags. No script, style, iframe, form, event
 * handler attribute, `style` or `class` attribute, and no URL scheme but http(s), mailto and tel
 * (images: http(s) and same-site paths only) survives. Everything that is not allowed is dropped,
 * and the text inside script/style-like elements goes with it.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'mark',
  'small',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

const OPTIONS: IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    // rel/target/loading/decoding are set by the transforms below
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  disallowedTagsMode: 'discard',
  // dropped with their content, not just their tags
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'title',
    'svg',
    'math',
  ],
  parseStyleAttributes: false,
  transformTags: {
    // a heading level 1 is the page's own title; content headings start at 2
    h1: 'h2',
    a: (tagName, attribs) => {
      const { rel: _rel, target: _target, ...rest } = attribs;
      const external = /^\s*https?:/i.test(rest.href ?? '');
      return {
        tagName,
        attribs: external ? { ...rest, rel: 'noopener noreferrer nofollow', target: '_blank' } : rest,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  // an image whose address was refused is dropped whole
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Sanitised HTML: safe to render with `set:html`. Idempotent. */
export function sanitizeHtml(html: string): string {
  return sanitizeHtmlLib(html, OPTIONS).trim();
}

const marked = new Marked({ gfm: true, breaks: true, async: false });

/** Markdown → HTML → sanitised HTML. Raw HTML inside the Markdown goes through the same allowlist. */
export function markdownToSafeHtml(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }));
}

/** Text as HTML, the five characters `& < > " '` escaped (as Astro escapes a template's text). */
export function escapeHtml(text: string): string {
  return escapeText(text);
}

/** Plain text (what a member types) as HTML: escaped, paragraphs on blank lines, line breaks kept. */
export function textToSafeHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br />')}</p>`)
    .join('\n');
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/** The readable text of some HTML (for search and list previews), whitespace collapsed. */
export function htmlToText(html: string): string {
  const text = sanitizeHtmlLib(html.replace(/<(br|\/p|\/li|\/h\d|\/tr|\/dd|\/dt)\b[^>]*>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags,
  });
  return text
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (m, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

export type ContentFormat = 'HTML' | 'MARKDOWN' | 'TEXT';

export interface RenderedContent {
  /** Sanitised HTML: the only form of the content a page ever renders. */
  html: string;
  /** Plain text for search and previews. */
  text: string;
}

/** Renders content as written in its format to sanitised HTML and plain text. */
export function renderContent(format: ContentFormat, source: string): RenderedContent {
  const html =
    format === 'MARKDOWN'
      ? markdownToSafeHtml(source)
      : format === 'TEXT'
        ? textToSafeHtml(source)
        : sanitizeHtml(source);
  return { html, text: htmlToText(html) };
}
