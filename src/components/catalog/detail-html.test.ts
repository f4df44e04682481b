import { describe, expect, it } from 'vitest';
import { productDetailHtml } from './detail-html.ts';

describe('productDetailHtml', () => {
  it('keeps formatting and images, drops scripts and handlers, shifts headings below the page h2', () => {
    const html = productDetailHtml(
      '<h2>소재</h2><p onclick="x()">천연 고무<script>alert(1)</script></p>',
      '<img src="https://example.com/a.webp" alt="사진"><a href="https://example.com">링크</a>',
    );
    expect(html).toContain('<h3>소재</h3>');
    expect(html).toContain('<p>천연 고무</p>');
    expect(html).not.toMatch(/script|onclick|alert/);
    expect(html).toContain('loading="lazy"');
  });

  it('gives the same answer again from memory, and a changed text its own answer', () => {
    const first = productDetailHtml('<p>같은 상세</p><iframe src="https://x"></iframe>');
    expect(productDetailHtml('<p>같은 상세</p><iframe src="https://x"></iframe>')).toBe(first);
    expect(first).toBe('<p>같은 상세</p>');
    expect(productDetailHtml('<p>바뀐 상세</p>')).toBe('<p>바뀐 상세</p>');
    expect(productDetailHtml(null, '', undefined)).toBe('');
  });

  it('stays right when many different texts pass through (old entries make room)', () => {
    const long = 'ㄱ'.repeat(20_000);
    for (let i = 0; i < 400; i++) {
      expect(productDetailHtml(`<p>${i}${long}</p>`)).toBe(`<p>${i}${long}</p>`);
    }
    expect(productDetailHtml('<p>0' + long + '</p><script>x</script>')).toBe(`<p>0${long}</p>`);
  });
});
