import { Fragment } from 'react';
import { reviewLines } from '../../lib/review-rules.ts';

/**
 * Review text as text: each line is a React string child (escaped by React), line breaks are
 * `<br>` elements. Never `dangerouslySetInnerHTML`: a `<script>` typed into a review is shown,
 * not run.
 */
export default function ReviewText({ text, className = 'rv-text' }: { text: string; className?: string }) {
  const lines = reviewLines(text);
  return (
    <p className={className}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  );
}
