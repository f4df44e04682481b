import { useState, type KeyboardEvent } from 'react';
import Dialog from './Dialog.tsx';
import ReviewText from './ReviewText.tsx';
import Stars from './Stars.tsx';
import { shopbyDate } from './review-api.ts';

/** One photo of one review, with what the viewer shows beside it. */
export interface ViewerPhoto {
  reviewNo: number;
  url: string;
  thumbnailUrl: string;
  rate: number;
  content: string;
  registerName: string;
  registerYmdt: string;
}

/** Every photo of these reviews, in order: what the strip and the viewer page through. */
export function photosOf(
  reviews: {
    reviewNo: number;
    urls: string[];
    thumbnailUrls: string[];
    rate: number;
    content: string;
    registerName: string;
    registerYmdt: string;
  }[],
): ViewerPhoto[] {
  return reviews.flatMap((r) =>
    r.urls.map((url, i) => ({
      reviewNo: r.reviewNo,
      url,
      thumbnailUrl: r.thumbnailUrls[i] ?? url,
      rate: r.rate,
      content: r.content,
      registerName: r.registerName,
      registerYmdt: r.registerYmdt,
    })),
  );
}

/**
 * The spec's photo review modal: one photo large, its review's rating and text (as text), previous
 * and next (buttons and the arrow keys) and the strip of every photo to jump to.
 */
export default function PhotoReviewViewer({
  photos,
  start,
  onClose,
}: {
  photos: ViewerPhoto[];
  start: number;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(Math.min(Math.max(start, 0), photos.length - 1));
  const photo = photos[index];
  if (!photo) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + photos.length) % photos.length);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'ArrowRight') go(1);
    else return;
    e.preventDefault();
  };

  return (
    <Dialog title="포토 후기" onClose={onClose} wide>
      <div className="rv-viewer" onKeyDown={onKeyDown}>
        <figure className="rv-viewer-figure">
          <img
            src={photo.url}
            alt={`${photo.registerName}님의 후기 사진 (${index + 1}/${photos.length})`}
            className="rv-viewer-image"
          />
          <figcaption className="rv-viewer-caption">
            <p className="rv-meta">
              <Stars rating={photo.rate} size="sm" />
              <span>{photo.registerName}</span>
              <span>{shopbyDate(photo.registerYmdt)}</span>
            </p>
            <ReviewText text={photo.content} />
          </figcaption>
        </figure>
        {photos.length > 1 && (
          <div className="rv-viewer-nav">
            <button type="button" className="button button--secondary" onClick={() => go(-1)}>
              이전 사진
            </button>
            <p aria-live="polite" className="rv-viewer-count">
              {index + 1} / {photos.length}
            </p>
            <button type="button" className="button button--secondary" onClick={() => go(1)}>
              다음 사진
            </button>
          </div>
        )}
        {photos.length > 1 && (
          <ul className="rv-strip rv-strip--viewer" aria-label="사진 목록">
            {photos.map((p, i) => (
              <li key={`${p.reviewNo}-${p.url}`}>
                <button
                  type="button"
                  className="rv-strip-button"
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                >
                  <img
                    src={p.thumbnailUrl}
                    alt={`사진 ${i + 1} 보기`}
                    width={64}
                    height={64}
                    loading="lazy"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
