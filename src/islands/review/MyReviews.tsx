import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { REVIEW_LIST_START_YMD, REVIEW_PAGE_SIZE, ratingText } from '../../lib/review-rules.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import ConfirmDelete from './ConfirmDelete.tsx';
import PhotoReviewViewer, { photosOf, type ViewerPhoto } from './PhotoReviewViewer.tsx';
import ReviewModal, { type ReviewModalTarget } from './ReviewModal.tsx';
import ReviewText from './ReviewText.tsx';
import Stars from './Stars.tsx';
import {
  fetchMyReviews,
  fetchReviewable,
  shopbyDate,
  type MyReview,
  type MyReviewPage,
  type ReviewablePage,
  type ReviewableLine,
} from './review-api.ts';
import './review.css';

export type MyReviewTab = 'writable' | 'written';

/** Spec section 9's date-range shortcuts, in days (0: the whole list, from 2024-03-01). */
const PERIODS = [
  { label: '전체', days: 0 },
  { label: '1일', days: 1 },
  { label: '3일', days: 3 },
  { label: '1주일', days: 7 },
  { label: '1개월', days: 30 },
  { label: '3개월', days: 91 },
  { label: '6개월', days: 182 },
  { label: '1년', days: 365 },
  { label: '2년', days: 730 },
] as const;

/** Seoul's date `days` ago, YYYY-MM-DD (undefined for "all": the server starts at 2024-03-01). */
function startOf(days: number, now = Date.now()): string | undefined {
  if (!days) return undefined;
  const seoul = new Date(now + 9 * 3_600_000 - (days - 1) * 86_400_000);
  return seoul.toISOString().slice(0, 10);
}

export interface MyReviewsProps {
  tab: MyReviewTab;
  writable: ReviewablePage;
  written: MyReviewPage;
}

/**
 * /mypage/review: lines waiting for a review (write one with the review modal) and the reviews
 * written (from 2024-03-01, with the period shortcuts; edit and delete), as two tabs.
 */
export default function MyReviews({
  tab: initialTab,
  writable: initialWritable,
  written: initialWritten,
}: MyReviewsProps) {
  const uid = useId();
  const [tab, setTab] = useState<MyReviewTab>(initialTab);
  const [writable, setWritable] = useState(initialWritable);
  const [written, setWritten] = useState(initialWritten);
  const [writablePage, setWritablePage] = useState(1);
  const [writtenPage, setWrittenPage] = useState(1);
  const [period, setPeriod] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [modal, setModal] = useState<ReviewModalTarget | null>(null);
  const [viewer, setViewer] = useState<{ photos: ViewerPhoto[]; start: number } | null>(null);
  const [deleting, setDeleting] = useState<MyReview | null>(null);
  const tabs = useRef<Record<MyReviewTab, HTMLButtonElement | null>>({ writable: null, written: null });

  async function run(work: () => Promise<void>) {
    setLoading(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  const loadWritable = (page: number) =>
    run(async () => {
      setWritable(await fetchReviewable(page, REVIEW_PAGE_SIZE));
      setWritablePage(page);
    });
  const loadWritten = (page: number, days = period) =>
    run(async () => {
      setWritten(await fetchMyReviews(page, REVIEW_PAGE_SIZE, startOf(days)));
      setWrittenPage(page);
      setPeriod(days);
    });

  function select(next: MyReviewTab) {
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', next);
    window.history.replaceState(null, '', url);
  }

  function onTabKey(e: KeyboardEvent) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = tab === 'writable' ? 'written' : 'writable';
    select(next);
    tabs.current[next]?.focus();
  }

  const write = (line: ReviewableLine) =>
    setModal({
      kind: 'create',
      subject: {
        productNo: line.productNo,
        productName: line.productName,
        optionTitle: line.optionTitle,
        imageUrl: line.imageUrl || undefined,
      },
      orderOptionNo: line.orderOptionNo,
      optionNo: line.optionNo,
    });

  const edit = (r: MyReview) =>
    setModal({
      kind: 'edit',
      subject: {
        productNo: r.productNo,
        productName: r.productName,
        optionTitle: r.orderedOption.optionTitle,
        imageUrl: r.imageUrl || undefined,
      },
      reviewNo: r.reviewNo,
      initial: {
        rate: r.rate,
        content: r.content,
        photos: r.fileUrls.map((url, i) => ({ url, thumbnailUrl: r.extra.thumbnailUrls[i] ?? url })),
      },
    });

  const pages = (total: number) => Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));

  return (
    <div className="rv" aria-busy={loading}>
      <div className="rv-tabs" role="tablist" aria-label="상품 후기" onKeyDown={onTabKey}>
        {(
          [
            ['writable', '작성 가능한 후기', writable.totalCount],
            ['written', '내가 쓴 후기', written.totalCount],
          ] as const
        ).map(([key, label, count]) => (
          <button
            key={key}
            ref={(el) => {
              tabs.current[key] = el;
            }}
            type="button"
            role="tab"
            id={`${uid}-tab-${key}`}
            className="rv-tab"
            aria-selected={tab === key}
            aria-controls={`${uid}-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => select(key)}
          >
            {label} <span className="rv-muted">({count.toLocaleString('ko-KR')})</span>
          </button>
        ))}
      </div>

      <p role="status" className={loading || status ? 'rv-hint' : 'visually-hidden'}>
        {loading ? '불러오는 중입니다.' : status}
      </p>
      {error && (
        <p className="rv-alert" role="alert">
          {error}
        </p>
      )}

      <div
        role="tabpanel"
        id={`${uid}-panel-writable`}
        aria-labelledby={`${uid}-tab-writable`}
        hidden={tab !== 'writable'}
      >
        {writable.items.length === 0 ? (
          <p className="rv-empty">
            후기를 쓸 수 있는 상품이 없습니다. 배송이 끝난 상품의 후기를 남길 수 있습니다.
          </p>
        ) : (
          <ol className="rv-list" role="list">
            {writable.items.map((line) => (
              <li key={line.orderOptionNo} className="rv-line" data-order-option-no={line.orderOptionNo}>
                {line.imageUrl ? <img src={line.imageUrl} alt="" width={64} height={64} /> : <span />}
                <div className="rv-line-body">
                  <a href={`/product/${line.productNo}`}>
                    <strong>{line.productName}</strong>
                  </a>
                  {line.optionTitle && <span className="rv-muted">{line.optionTitle}</span>}
                  <span className="rv-hint">
                    주문번호 {line.orderNo}
                    {line.orderStatusDate?.registerYmdt
                      ? ` · ${shopbyDate(line.orderStatusDate.registerYmdt)} 주문`
                      : ''}
                  </span>
                  <span>
                    <button type="button" className="button" onClick={() => write(line)}>
                      후기 쓰기
                    </button>
                  </span>
                </div>
              </li>
            ))}
          </ol>
        )}
        <Pager
          page={writablePage}
          pageCount={pages(writable.totalCount)}
          onPage={(p) => void loadWritable(p)}
        />
      </div>

      <div
        role="tabpanel"
        id={`${uid}-panel-written`}
        aria-labelledby={`${uid}-tab-written`}
        hidden={tab !== 'written'}
      >
        <div className="rv-periods" role="group" aria-label="조회 기간">
          {PERIODS.map((p) => (
            <button
              key={p.days}
              type="button"
              className="rv-period"
              aria-pressed={period === p.days}
              onClick={() => void loadWritten(1, p.days)}
            >
              {p.label}
            </button>
          ))}
        </div>
        <p className="rv-hint">
          작성한 후기는 {REVIEW_LIST_START_YMD.replace(/-/g, '.')}부터 조회할 수 있습니다.
        </p>
        {written.items.length === 0 ? (
          <p className="rv-empty">이 기간에 작성한 후기가 없습니다.</p>
        ) : (
          <ol className="rv-list" role="list">
            {written.items.map((r) => (
              <li key={r.reviewNo} className="rv-line" data-review-no={r.reviewNo}>
                {r.imageUrl ? <img src={r.imageUrl} alt="" width={64} height={64} /> : <span />}
                <article className="rv-line-body" aria-label={`${r.productName} 후기`}>
                  <a href={`/product/${r.productNo}#product-reviews`}>
                    <strong>{r.productName}</strong>
                  </a>
                  {r.orderedOption.optionTitle && (
                    <span className="rv-muted">{r.orderedOption.optionTitle}</span>
                  )}
                  <p className="rv-meta">
                    <Stars rating={r.rate} size="sm" />
                    <span aria-hidden="true">{ratingText(r.rate)}</span>
                    <time dateTime={r.registerYmdt.replace(' ', 'T')}>{shopbyDate(r.registerYmdt)}</time>
                    <span className="rv-muted">도움돼요 {r.recommendCnt.toLocaleString('ko-KR')}</span>
                  </p>
                  <ReviewText text={r.content} />
                  {r.fileUrls.length > 0 && (
                    <ul className="rv-card-photos" aria-label="후기 사진">
                      {r.fileUrls.map((url, i) => (
                        <li key={url}>
                          <button
                            type="button"
                            className="rv-strip-button"
                            onClick={() =>
                              setViewer({
                                photos: photosOf([
                                  {
                                    ...r,
                                    urls: r.fileUrls,
                                    thumbnailUrls: r.extra.thumbnailUrls,
                                    registerName: '나',
                                  },
                                ]),
                                start: i,
                              })
                            }
                          >
                            <img
                              src={r.extra.thumbnailUrls[i] ?? url}
                              alt={`후기 사진 ${i + 1} 크게 보기`}
                              width={80}
                              height={80}
                            />
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  <span className="rv-actions" style={{ justifyContent: 'flex-start' }}>
                    <button type="button" className="rv-link-button" onClick={() => edit(r)}>
                      수정
                    </button>
                    <button type="button" className="rv-link-button" onClick={() => setDeleting(r)}>
                      삭제
                    </button>
                  </span>
                </article>
              </li>
            ))}
          </ol>
        )}
        <Pager page={writtenPage} pageCount={pages(written.totalCount)} onPage={(p) => void loadWritten(p)} />
      </div>

      {modal && (
        <ReviewModal
          target={modal}
          onClose={() => setModal(null)}
          onSaved={() => {
            const created = modal.kind === 'create';
            setModal(null);
            setStatus(created ? '후기를 등록했습니다.' : '후기를 수정했습니다.');
            void loadWritten(created ? 1 : writtenPage);
            if (created) void loadWritable(1);
          }}
        />
      )}
      {viewer && (
        <PhotoReviewViewer photos={viewer.photos} start={viewer.start} onClose={() => setViewer(null)} />
      )}
      {deleting && (
        <ConfirmDelete
          productNo={deleting.productNo}
          reviewNo={deleting.reviewNo}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            setStatus('후기를 삭제했습니다.');
            void loadWritten(writtenPage);
          }}
        />
      )}
    </div>
  );
}

function Pager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="rv-pager" aria-label="페이지 이동">
      <button type="button" className="rv-link-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        이전
      </button>
      <span>
        {page} / {pageCount}
      </span>
      <button
        type="button"
        className="rv-link-button"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        다음
      </button>
    </nav>
  );
}
