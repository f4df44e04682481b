import { RATING_LABELS, type Rating } from '../../lib/review-rules.ts';

/** Five stars for a rating, with its meaning for screen readers ("5점 만점에 4점, 좋아요"). */
export default function Stars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' | 'lg' }) {
  const full = Math.round(rating);
  const label = RATING_LABELS[full as Rating];
  return (
    <span className={`rv-stars rv-stars--${size}`}>
      <span aria-hidden="true">
        {'★'.repeat(full)}
        <span className="rv-stars-off">{'★'.repeat(Math.max(0, 5 - full))}</span>
      </span>
      <span className="visually-hidden">
        5점 만점에 {rating}점{label ? `, ${label}` : ''}
      </span>
    </span>
  );
}
