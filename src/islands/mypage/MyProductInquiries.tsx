import { useState } from 'react';
import { PRODUCT_INQUIRY_PAGE_SIZE } from '../../lib/product-inquiry-rules.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { goToLogin } from '../catalog/go-to-login.ts';
import { fetchMyProductQa, type QaItem, type QaPage } from '../catalog/product-inquiry-api.ts';
import { QA_CHANGE_TEXT, QaList, QaPager, useQaEditing } from '../catalog/QaParts.tsx';

export interface MyProductInquiriesProps {
  /** The first page as the server rendered it. */
  initial: QaPage;
}

function productOf(item: QaItem) {
  const href = `/product/${encodeURIComponent(item.extra.slug ?? String(item.productNo))}#product-qna`;
  return (
    <p className="qna-product">
      {item.imageUrl && <img src={item.imageUrl} alt="" width={48} height={48} loading="lazy" />}
      <a href={href}>{item.productName || '판매가 끝난 상품'}</a>
    </p>
  );
}

/** /mypage/inquiry, product tab: the member's product questions with answers; edit / delete until answered. */
export default function MyProductInquiries({ initial }: MyProductInquiriesProps) {
  const [data, setData] = useState(initial);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const pageCount = Math.max(1, Math.ceil(data.totalCount / PRODUCT_INQUIRY_PAGE_SIZE));
  const editing = useQaEditing((change) => {
    setStatus(QA_CHANGE_TEXT[change]);
    void load(change === 'deleted' && data.items.length === 1 ? Math.max(1, page - 1) : page);
  });

  async function load(n: number) {
    setError(null);
    try {
      setData(await fetchMyProductQa(n, PRODUCT_INQUIRY_PAGE_SIZE));
      setPage(n);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setError(errorMessage(err));
    }
  }

  return (
    <div className="qna">
      <p className="qna-count">
        상품 문의 <strong>{data.totalCount.toLocaleString('ko-KR')}</strong>건
      </p>
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
        emptyText="남긴 상품 문의가 없습니다. 상품 페이지의 ‘상품 문의’에서 물어볼 수 있습니다."
        actionsFor={editing.actionsFor}
        product={productOf}
      />
      <QaPager page={page} pageCount={pageCount} onPage={(n) => void load(n)} label="상품 문의 페이지 이동" />
      {editing.dialogs}
    </div>
  );
}
