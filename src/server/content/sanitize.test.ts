import { describe, expect, it } from 'vitest';
import { htmlToText, markdownToSafeHtml, renderContent, sanitizeHtml, textToSafeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('drops script, style, frames and their content', () => {
    expect(
      sanitizeHtml(
        '<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><svg><script>1</script></svg>',
      ),
    ).toBe('<p>a</p>');
  });

  it('drops event handlers, style and class attributes', () => {
    expect(sanitizeHtml('<p onclick="x()" style="color:red" class="c" id="i">a</p>')).toBe('<p>a</p>');
  });

  it('drops script URLs however they are spelt, and images from anywhere but http(s) or the site', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeHtml('<img src="javascript:alert(1)" onerror="alert(1)">')).toBe('');
    expect(sanitizeHtml('<img src="/uploads/a.webp" alt="사진">')).toBe(
      '<img src="/uploads/a.webp" alt="사진" loading="lazy" decoding="async" />',
    );
  });

  it('keeps document markup, marks outside links, and turns h1 into h2', () => {
    expect(sanitizeHtml('<h1>제목</h1><ul><li><strong>굵게</strong></li></ul>')).toBe(
      '<h2>제목</h2><ul><li><strong>굵게</strong></li></ul>',
    );
    expect(sanitizeHtml('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeHtml('<a href="/board/faq" target="_blank">x</a>')).toBe('<a href="/board/faq">x</a>');
  });

  it('is idempotent', () => {
    const once = sanitizeHtml('<p>a &amp; b <a href="https://e.com">x</a><img src="/a.png"></p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});

describe('markdownToSafeHtml', () => {
  it('renders Markdown and sanitises raw HTML and links inside it', () => {
    const html = markdownToSafeHtml(
      '# 안내\n\n**굵게** [링크](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n| a | b |\n| - | - |\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>안내</h2>');
    expect(html).toContain('<strong>굵게</strong>');
    expect(html).toContain('<a>링크</a>');
    expect(html).toContain('<table>');
    expect(html).not.toMatch(/onerror|javascript/);
  });
});

describe('text', () => {
  it('escapes what a member typed and keeps line breaks', () => {
    expect(textToSafeHtml('<b>안녕</b>\n둘째 줄\n\n새 문단')).toBe(
      '<p>&lt;b&gt;안녕&lt;/b&gt;<br />둘째 줄</p>\n<p>새 문단</p>',
    );
  });

  it('reads the text out of HTML for search', () => {
    expect(htmlToText('<p>가 &amp; 나</p><p>다&lt;라&#39;</p><script>x</script>')).toBe("가 & 나 다<라'");
    expect(renderContent('MARKDOWN', '**가**\n\n- 나').text).toBe('가 나');
  });
});
