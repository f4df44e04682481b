import { addAttribute, escapeHTML } from 'astro/runtime/server/index.js';
import { describe, expect, it } from 'vitest';
import { attr, escapeAttr, escapeText } from './html.ts';

const HOSTILE = [
  '',
  '방진패드',
  '<script>alert("x")</script>',
  `"quoted" & 'single' <b>`,
  '&amp; already escaped &lt;',
  'a"onmouseover="alert(1)',
  "it's > 5 & < 9",
  '12,900원',
];

describe('HTML written by code, escaped as Astro escapes a template', () => {
  it('escapes a text node as Astro writes {value}', () => {
    for (const value of HOSTILE) expect(escapeText(value), value).toBe(String(escapeHTML(value)));
    expect(escapeText('<script>alert("x")</script>')).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
    );
    expect(escapeText(`Tom & Jerry's`)).toBe('Tom &amp; Jerry&#39;s');
    expect(escapeText(12900)).toBe('12900');
  });

  it('escapes an attribute as Astro writes name={value}', () => {
    for (const value of [...HOSTILE, 0, 640]) {
      expect(attr('data-x', value), String(value)).toBe(String(addAttribute(value, 'data-x')));
    }
    expect(attr('href', '/search?a=1&b="2"')).toBe(' href="/search?a=1&amp;b=&quot;2&quot;"');
    expect(escapeAttr('a"onmouseover="alert(1)')).toBe('a&quot;onmouseover=&quot;alert(1)');
  });

  it('leaves out an absent attribute and writes an empty one bare, as Astro does', () => {
    expect(attr('srcset', undefined)).toBe('');
    expect(attr('srcset', null)).toBe('');
    expect(attr('alt', '')).toBe(' alt');
    expect(String(addAttribute(undefined, 'srcset'))).toBe('');
    expect(String(addAttribute('', 'alt'))).toBe(' alt');
  });
});
