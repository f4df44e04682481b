import { RATING_LABELS, type Rating } from '../../lib/review-rules.ts';
import Stars from './Stars.tsx';

/** The product's rating summary: the average and how many reviews gave each rating, 5 to 1. */
export default function ReviewSummary({
  average,
  counts,
}: {
  average: number;
  counts: { rating: number; countOfRating: number }[];
}) {
  const total = counts.reduce((n, c) => n + c.countOfRating, 0);
  return (
    <div className="rv-summary">
      <div className="rv-average">
        <p className="rv-average-number">
          <span className="visually-hidden">평균 평점 </span>
          <strong data-testid="review-average">{average.toFixed(1)}</strong>
        </p>
        <Stars rating={average} size="lg" />
        <p className="rv-muted">
          후기 <span data-testid="review-total">{total.toLocaleString('ko-KR')}</span>개
        </p>
      </div>
      <ul className="rv-bars" aria-label="평점별 후기 수">
        {counts.map((c) => {
          const pct = total ? Math.round((c.countOfRating / total) * 100) : 0;
          return (
            <li key={c.rating} data-rating={c.rating}>
              <span className="rv-bar-label">
                {c.rating}점<span className="visually-hidden"> {RATING_LABELS[c.rating as Rating]}</span>
              </span>
              <span className="rv-bar" aria-hidden="true">
                <span style={{ width: `${pct}%` }} />
              </span>
              <span className="rv-bar-count">{c.countOfRating.toLocaleString('ko-KR')}개</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
