import { useState } from 'react';
import { PRODUCT_INQUIRY_PAGE_SIZE } from '../../lib/product-inquiry-rules.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { goToLogin } from './go-to-login.ts';
import { fetchProductQa, type QaPage } from './product-inquiry-api.ts';
import { QA_CHANGE_TEXT, QaList, QaPager, useQaEditing } from './QaParts.tsx';
import './product-qna.css';

export interface ProductInquiriesProps {
  productNo: number;
  signedIn: boolean;
  /** Login page that comes back to this product's Q&A. */
  loginHref: string;
  /** The first page as the server rendered it for this viewer (secrets already redacted). */
  initial: QaPage;
}

/**
 * The product page's Q&A: the server renders the first page; this island pages through the rest,
 * filters to the member's own questions, and opens the create / edit / delete modals.
 */
export default function ProductInquiries({ productNo, signedIn, loginHref, initial }: ProductInquiriesProps) {
  const [data, setData] = useState<QaPage>(initial);
  const [page, setPage] = useState(1);
  const [mine, setMine] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const pageCount = Math.max(1, Math.ceil(data.totalCount / PRODUCT_INQUIRY_PAGE_SIZE));
  const editing = useQaEditing((change) => {
    setStatus(QA_CHANGE_TEXT[change]);
    void load(
      change === 'created'
        ? 1
        : change === 'deleted' && data.items.length === 1
          ? Math.max(1, page - 1)
          : page,
    );
  });

  async function load(nextPage: number, nextMine = mine) {
    setLoading(true);
    setError(null);
    try {
      setData(await fetchProductQa(productNo, nextPage, PRODUCT_INQUIRY_PAGE_SIZE, nextMine));
      setPage(nextPage);
      setMine(nextMine);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="qna" aria-busy={loading}>
      <div className="qna-toolbar">
        <p className="qna-count">
          전체 <strong>{data.totalCount.toLocaleString('ko-KR')}</strong>건
        </p>
        {signedIn && (
          <label className="bf-check">
            <input type="checkbox" checked={mine} onChange={(e) => void load(1, e.target.checked)} />내 문의만
            보기
          </label>
        )}
        {signedIn ? (
          <button type="button" className="button" onClick={() => editing.openCreate(productNo)}>
            상품 문의하기
          </button>
        ) : (
          <a className="button" href={loginHref}>
            상품 문의하기
          </a>
        )}
      </div>
      {status && (
        <p className="bf-status" role="status">
          {status}
        </p>
      )}
      {error && (
        <p className="bf-alert" role="alert">
          {error}
        </p>
      )}
      <QaList
        items={data.items}
        emptyText={mine ? '남기신 문의가 없습니다.' : '아직 등록된 문의가 없습니다.'}
        actionsFor={editing.actionsFor}
      />
      <QaPager page={page} pageCount={pageCount} onPage={(n) => void load(n)} label="상품 문의 페이지 이동" />
      {editing.dialogs}
    </div>
  );
}
