import { ratingText } from '../../lib/review-rules.ts';
import ReviewText from './ReviewText.tsx';
import Stars from './Stars.tsx';
import { shopbyDate, type ReviewItem } from './review-api.ts';

/**
 * One review on the product page: rating, author (masked for others), date, the option bought, the
 * text (as text), its photos (each opens the photo viewer) and the recommend button or, for the
 * author, edit and delete.
 */
export default function ReviewCard({
  item,
  onPhoto,
  onRecommend,
  onEdit,
  onDelete,
  recommendBusy = false,
}: {
  item: ReviewItem;
  onPhoto: (index: number) => void;
  onRecommend: () => void;
  onEdit: () => void;
  onDelete: () => void;
  recommendBusy?: boolean;
}) {
  const recommended = item.extra.recommended;
  return (
    <article className="rv-card" data-review-no={item.reviewNo} aria-label={`${item.registerName}님의 후기`}>
      <header className="rv-card-head">
        <p className="rv-meta">
          <Stars rating={item.rate} />
          <span className="rv-rating-text" aria-hidden="true">
            {ratingText(item.rate)}
          </span>
        </p>
        <p className="rv-meta rv-muted">
          <span>{item.registerName}</span>
          <time dateTime={item.registerYmdt.replace(' ', 'T')}>{shopbyDate(item.registerYmdt)}</time>
          {item.myReview && <span className="rv-badge">내 후기</span>}
        </p>
        {item.extra.optionTitle && <p className="rv-option rv-muted">구매 옵션: {item.extra.optionTitle}</p>}
      </header>
      <ReviewText text={item.content} />
      {item.fileUrls.length > 0 && (
        <ul className="rv-card-photos" aria-label="후기 사진">
          {item.fileUrls.map((url, i) => (
            <li key={url}>
              <button type="button" className="rv-strip-button" onClick={() => onPhoto(i)}>
                <img
                  src={item.extra.thumbnailUrls[i] ?? url}
                  alt={`후기 사진 ${i + 1} 크게 보기`}
                  width={80}
                  height={80}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <footer className="rv-card-foot">
        {item.myReview ? (
          <>
            <span className="rv-muted">도움돼요 {item.recommendCnt.toLocaleString('ko-KR')}</span>
            <span className="rv-actions">
              <button type="button" className="rv-link-button" onClick={onEdit}>
                수정
              </button>
              <button type="button" className="rv-link-button" onClick={onDelete}>
                삭제
              </button>
            </span>
          </>
        ) : (
          <button
            type="button"
            className="rv-recommend"
            aria-pressed={recommended}
            disabled={recommendBusy}
            onClick={onRecommend}
          >
            <span aria-hidden="true">👍</span> 도움돼요{' '}
            <span className="rv-recommend-count">{item.recommendCnt.toLocaleString('ko-KR')}</span>
          </button>
        )}
      </footer>
    </article>
  );
}
