import { useId, useState } from 'react';
import { PHOTO_REVIEW_PAGE_SIZE, REVIEW_PAGE_SIZE, type ReviewSort } from '../../lib/review-rules.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import ConfirmDelete from './ConfirmDelete.tsx';
import PhotoReviewViewer, { photosOf, type ViewerPhoto } from './PhotoReviewViewer.tsx';
import ReviewCard from './ReviewCard.tsx';
import ReviewModal, { type ReviewModalTarget } from './ReviewModal.tsx';
import ReviewSummary from './ReviewSummary.tsx';
import {
  fetchPhotoReviews,
  fetchReview,
  fetchReviews,
  recommend,
  type PhotoReviewPage,
  type ReviewItem,
  type ReviewPage,
  type ReviewableLine,
} from './review-api.ts';
import './review.css';

const SORTS = {
  latest: { label: '최신순', orderBy: 'REGISTER_YMDT', direction: 'DESC' },
  recommend: { label: '추천순', orderBy: 'RECOMMEND', direction: 'DESC' },
  high: { label: '평점 높은순', orderBy: 'RATING', direction: 'DESC' },
  low: { label: '평점 낮은순', orderBy: 'RATING', direction: 'ASC' },
} as const satisfies Record<string, { label: string; orderBy: ReviewSort; direction: 'ASC' | 'DESC' }>;
type SortKey = keyof typeof SORTS;

export interface ProductReviewsProps {
  productNo: number;
  productName: string;
  signedIn: boolean;
  /** Login page that comes back to this product's reviews. */
  loginHref: string;
  /** The first page (newest first) and the photo strip, as the server rendered them for this viewer. */
  initial: ReviewPage;
  photos: PhotoReviewPage;
  /** The viewer's delivered lines of this product without a review yet. */
  writable: ReviewableLine[];
}

/**
 * The product page's reviews: the summary (average, count per rating), the strip of photos (opens
 * the photo review viewer), the list with sort, photo-only filter and paging, recommend toggles,
 * and for the author edit and delete; members with a delivered line of this product write here too.
 * The server renders the first state; this island takes over from there.
 */
export default function ProductReviews({
  productNo,
  productName,
  signedIn,
  loginHref,
  initial,
  photos: initialPhotos,
  writable: initialWritable,
}: ProductReviewsProps) {
  const uid = useId();
  const [data, setData] = useState<ReviewPage>(initial);
  const [photoPage, setPhotoPage] = useState<PhotoReviewPage>(initialPhotos);
  const [writable, setWritable] = useState(initialWritable);
  const [sort, setSort] = useState<SortKey>('latest');
  const [photoOnly, setPhotoOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [modal, setModal] = useState<ReviewModalTarget | null>(null);
  const [viewer, setViewer] = useState<{ photos: ViewerPhoto[]; start: number } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [busyReview, setBusyReview] = useState<number | null>(null);
  const stripPhotos = photosOf(photoPage.contents);

  async function load(next: { sort?: SortKey; photoOnly?: boolean; page?: number } = {}) {
    const s = next.sort ?? sort;
    const only = next.photoOnly ?? photoOnly;
    const p = next.page ?? page;
    setLoading(true);
    setError(null);
    try {
      const { orderBy, direction } = SORTS[s];
      setData(
        await fetchReviews(productNo, {
          orderBy,
          direction,
          pageNumber: p,
          pageSize: REVIEW_PAGE_SIZE,
          photoOnly: only,
        }),
      );
      setSort(s);
      setPhotoOnly(only);
      setPage(p);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  async function refreshAll(message: string, firstPage = false) {
    setStatus(message);
    await load(firstPage ? { page: 1 } : {});
    try {
      setPhotoPage(await fetchPhotoReviews(productNo, 1, PHOTO_REVIEW_PAGE_SIZE));
    } catch {
      // the strip stays as it was; the list already shows the change
    }
  }

  function replaceItem(item: ReviewItem) {
    setData((d) => ({ ...d, items: d.items.map((i) => (i.reviewNo === item.reviewNo ? item : i)) }));
  }

  async function toggleRecommend(item: ReviewItem) {
    if (!signedIn) {
      window.location.assign(loginHref);
      return;
    }
    setBusyReview(item.reviewNo);
    setError(null);
    const on = !item.extra.recommended;
    try {
      const r = await recommend(productNo, item.reviewNo, on);
      replaceItem({
        ...item,
        recommendCnt: r.recommendCnt,
        recommendable: !r.recommended,
        extra: { ...item.extra, recommended: r.recommended },
      });
      setStatus(r.recommended ? '후기를 추천했습니다.' : '추천을 취소했습니다.');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        window.location.assign(loginHref);
        return;
      }
      // already (un)recommended in another tab: show the server's state
      if (err instanceof ApiError && err.status === 409) {
        replaceItem(await fetchReview(productNo, item.reviewNo).catch(() => item));
      } else {
        setError(errorMessage(err));
      }
    } finally {
      setBusyReview(null);
    }
  }

  function edit(item: ReviewItem) {
    setModal({
      kind: 'edit',
      subject: { productNo, productName, optionTitle: item.extra.optionTitle },
      reviewNo: item.reviewNo,
      initial: {
        rate: item.rate,
        content: item.content,
        photos: item.fileUrls.map((url, i) => ({ url, thumbnailUrl: item.extra.thumbnailUrls[i] ?? url })),
      },
    });
  }

  const write = (line: ReviewableLine) =>
    setModal({
      kind: 'create',
      subject: {
        productNo,
        productName,
        optionTitle: line.optionTitle,
        imageUrl: line.imageUrl || undefined,
      },
      orderOptionNo: line.orderOptionNo,
      optionNo: line.optionNo,
    });

  const pageCount = Math.max(1, Math.ceil(data.totalCount / REVIEW_PAGE_SIZE));
  // the rating counts cover every review of the product, whatever the list's filter
  const reviewed = data.reviewRatingResponses.some((c) => c.countOfRating > 0);

  return (
    <div className="rv" aria-busy={loading}>
      {reviewed ? (
        <ReviewSummary average={data.rate} counts={data.reviewRatingResponses} />
      ) : (
        <div className="rv-first">
          <p className="rv-first-title">아직 후기가 없습니다</p>
          <p className="rv-muted">
            {signedIn
              ? '이 상품을 받아 보셨다면 첫 후기를 남겨 주세요. 다른 분들께 큰 도움이 됩니다.'
              : '구매하신 분이 남긴 후기가 이곳에 모입니다.'}
          </p>
        </div>
      )}

      {writable.length > 0 && (
        <div className="rv-writable">
          <p>구매하신 상품의 후기를 남겨 주세요.</p>
          <ul>
            {writable.slice(0, 3).map((line) => (
              <li key={line.orderOptionNo}>
                <span className="rv-muted">{line.optionTitle || line.productName}</span>
                <button type="button" className="button" onClick={() => write(line)}>
                  후기 쓰기
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {stripPhotos.length > 0 && (
        <section className="rv-photo-section" aria-labelledby={`${uid}-photos`}>
          <h3 id={`${uid}-photos`} className="rv-subtitle">
            포토 후기 <span className="rv-muted">{photoPage.totalCount.toLocaleString('ko-KR')}</span>
          </h3>
          <ul className="rv-strip">
            {stripPhotos.map((p, i) => (
              <li key={`${p.reviewNo}-${p.url}`}>
                <button
                  type="button"
                  className="rv-strip-button"
                  onClick={() => setViewer({ photos: stripPhotos, start: i })}
                >
                  <img
                    src={p.thumbnailUrl}
                    alt={`포토 후기 ${i + 1} 크게 보기`}
                    width={96}
                    height={96}
                    loading="lazy"
                  />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {reviewed && (
        <div className="rv-toolbar">
          <p className="rv-count">
            후기 <strong>{data.totalCount.toLocaleString('ko-KR')}</strong>건
          </p>
          <label className="rv-check">
            <input
              type="checkbox"
              checked={photoOnly}
              onChange={(e) => void load({ photoOnly: e.target.checked, page: 1 })}
            />
            사진 후기만 보기
          </label>
          <label className="rv-sort">
            <span className="visually-hidden">후기 정렬</span>
            <select value={sort} onChange={(e) => void load({ sort: e.target.value as SortKey, page: 1 })}>
              {Object.entries(SORTS).map(([key, s]) => (
                <option key={key} value={key}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}

      <p role="status" className="visually-hidden">
        {loading ? '후기를 불러오는 중입니다.' : status}
      </p>
      {error && (
        <p className="rv-alert" role="alert">
          {error}
        </p>
      )}

      {!reviewed ? null : data.items.length === 0 ? (
        <p className="rv-empty">
          {photoOnly ? '사진이 있는 후기가 아직 없습니다.' : '아직 작성된 후기가 없습니다.'}
        </p>
      ) : (
        <ol className="rv-list" role="list">
          {data.items.map((item) => (
            <li key={item.reviewNo}>
              <ReviewCard
                item={item}
                recommendBusy={busyReview === item.reviewNo}
                onPhoto={(i) =>
                  setViewer({
                    photos: photosOf([
                      { ...item, urls: item.fileUrls, thumbnailUrls: item.extra.thumbnailUrls },
                    ]),
                    start: i,
                  })
                }
                onRecommend={() => void toggleRecommend(item)}
                onEdit={() => edit(item)}
                onDelete={() => setDeleting(item.reviewNo)}
              />
            </li>
          ))}
        </ol>
      )}

      {pageCount > 1 && (
        <nav className="rv-pager" aria-label="후기 페이지">
          <button
            type="button"
            className="rv-link-button"
            disabled={page <= 1}
            onClick={() => void load({ page: page - 1 })}
          >
            이전
          </button>
          <span>
            {page} / {pageCount}
          </span>
          <button
            type="button"
            className="rv-link-button"
            disabled={page >= pageCount}
            onClick={() => void load({ page: page + 1 })}
          >
            다음
          </button>
        </nav>
      )}

      {modal && (
        <ReviewModal
          target={modal}
          onClose={() => setModal(null)}
          onSaved={() => {
            const created = modal.kind === 'create';
            if (modal.kind === 'create') {
              const done = modal.orderOptionNo;
              setWritable((w) => w.filter((l) => l.orderOptionNo !== done));
            }
            setModal(null);
            void refreshAll(created ? '후기를 등록했습니다.' : '후기를 수정했습니다.', created);
          }}
        />
      )}
      {viewer && (
        <PhotoReviewViewer photos={viewer.photos} start={viewer.start} onClose={() => setViewer(null)} />
      )}
      {deleting !== null && (
        <ConfirmDelete
          productNo={productNo}
          reviewNo={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            void refreshAll('후기를 삭제했습니다.');
          }}
        />
      )}
    </div>
  );
}
