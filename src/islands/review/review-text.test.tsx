import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ratingText, reviewLines } from '../../lib/review-rules.ts';
import { ReviewContentField } from '../../lib/review-schema.ts';
import ReviewText from './ReviewText.tsx';

describe('review text', () => {
  it('renders as text: HTML typed into a review is escaped, line breaks become <br>', () => {
    const html = renderToStaticMarkup(
      <ReviewText text={'좋아요 <script>alert(1)</script>\n<img src=x onerror=alert(2)>\r\n끝 & "따옴표"'} />,
    );
    expect(html).toBe(
      '<p class="rv-text">좋아요 &lt;script&gt;alert(1)&lt;/script&gt;<br/>&lt;img src=x onerror=alert(2)&gt;<br/>끝 &amp; &quot;따옴표&quot;</p>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
  });

  it('keeps one blank line at most between paragraphs', () => {
    expect(reviewLines('a\n\n\n\nb\r\nc')).toEqual(['a', '', 'b', 'c']);
  });

  it('labels ratings as the modal offers them, 5 to 1', () => {
    expect([5, 4, 3, 2, 1].map(ratingText)).toEqual([
      '5점 아주 좋아요',
      '4점 좋아요',
      '3점 보통이에요',
      '2점 그저 그래요',
      '1점 별로예요',
    ]);
  });

  it('trims the text and counts its length after trimming', () => {
    expect(ReviewContentField.parse('  열 글자를 넘는 후기입니다  \r\n')).toBe('열 글자를 넘는 후기입니다');
    expect(ReviewContentField.safeParse('    짧음     ').success).toBe(false);
  });
});
