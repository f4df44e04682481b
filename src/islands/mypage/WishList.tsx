import { josa } from 'es-hangul';
import { useState } from 'react';
import { formatWon } from '../../lib/money.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { goToLogin } from '../catalog/go-to-login.ts';
import { toggleLike } from '../stores/likes.ts';
import './mypage.css';

export interface WishItem {
  productNo: number;
  productName: string;
  href: string;
  imageUrl: string | undefined;
  /** What the shopper pays (after the immediate discount). */
  price: number;
  salePrice: number;
  isSoldOut: boolean;
}

export interface WishListProps {
  items: WishItem[];
  totalCount: number;
}

/** /mypage/pick: liked products with "찜 해제" (the same toggle as the hearts). */
export default function WishList({ items: initial, totalCount }: WishListProps) {
  const [items, setItems] = useState(initial);
  const [count, setCount] = useState(totalCount);
  const [pending, setPending] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function remove(item: WishItem) {
    setPending(item.productNo);
    setError(null);
    try {
      const liked = await toggleLike(item.productNo);
      if (liked) {
        // it had been unliked elsewhere meanwhile: the toggle liked it again, so undo that
        await toggleLike(item.productNo);
      }
      setItems((list) => list.filter((i) => i.productNo !== item.productNo));
      setCount((c) => Math.max(0, c - 1));
      setStatus(`'${item.productName}'${josa.pick(item.productName, '을/를')} 찜한 상품에서 뺐습니다.`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setError(errorMessage(err));
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="wish">
      <p>
        찜한 상품 <strong>{count.toLocaleString('ko-KR')}</strong>개
      </p>
      <p className="mp-live" role="status">
        {status}
      </p>
      {error && (
        <p className="bf-alert" role="alert">
          {error}
        </p>
      )}
      {items.length === 0 ? (
        <p className="mp-empty">
          찜한 상품이 없습니다. 마음에 드는 상품의 하트를 눌러 보세요. <a href="/">쇼핑하러 가기</a>
        </p>
      ) : (
        <ul className="wish-list" role="list" aria-label="찜한 상품 목록">
          {items.map((item) => (
            <li key={item.productNo} className="wish-item" data-product-no={item.productNo}>
              <a className="wish-media" href={item.href} tabIndex={-1} aria-hidden="true">
                {item.imageUrl ? (
                  <img src={item.imageUrl} alt="" width={96} height={96} loading="lazy" />
                ) : null}
              </a>
              <div className="wish-body">
                <a className="wish-name" href={item.href}>
                  {item.productName}
                </a>
                <p>
                  {item.price < item.salePrice && <del className="mp-muted">{formatWon(item.salePrice)}</del>}{' '}
                  <strong>{formatWon(item.price)}</strong>
                  {item.isSoldOut && <span className="mp-badge mp-badge--muted">품절</span>}
                </p>
              </div>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void remove(item)}
                disabled={pending !== null}
              >
                찜 해제<span className="visually-hidden"> ({item.productName})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
