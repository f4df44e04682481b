import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import { $likes, seedLiked, toggleLike } from '../stores/likes.ts';
import { showToast } from '../stores/toast.ts';
import { goToLogin } from './go-to-login.ts';
import './like-button.css';

export interface LikeButtonProps {
  productNo: number;
  productName: string;
  /** A member is signed in (the page knows from its session); visitors are sent to log in. */
  signedIn: boolean;
  /** What the server rendered: whether the member likes it. */
  initialLiked: boolean;
  /** `card`: a small heart over the card's image; `detail`: the product page's button with its text. */
  variant?: 'card' | 'detail';
  /** The product's like count to show beside the heart (the product page). */
  likeCount?: number | undefined;
}

/**
 * The wishlist heart: a toggle button (aria-pressed) named "찜하기" or "찜 해제". The server's
 * answer decides the state; the like count moves with it.
 */
export default function LikeButton({
  productNo,
  productName,
  signedIn,
  initialLiked,
  variant = 'card',
  likeCount,
}: LikeButtonProps) {
  const likes = useStore($likes);
  const [pending, setPending] = useState(false);
  const [count, setCount] = useState(likeCount);
  const liked = signedIn && (likes.get(productNo) ?? initialLiked);

  useEffect(() => {
    if (signedIn) seedLiked(productNo, initialLiked);
  }, [signedIn, productNo, initialLiked]);

  async function onClick() {
    if (!signedIn) return goToLogin();
    setPending(true);
    try {
      const now = await toggleLike(productNo);
      if (count !== undefined) setCount((c) => Math.max(0, (c ?? 0) + (now ? 1 : -1)));
      showToast({
        message: now ? '찜한 상품에 담았습니다.' : '찜을 해제했습니다.',
        customMessage: productName,
        messageType: 'success',
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      showToast({ message: errorMessage(err), messageType: 'error' });
    } finally {
      setPending(false);
    }
  }

  const label = liked ? '찜 해제' : '찜하기';
  return (
    <button
      type="button"
      className={`like-button like-button--${variant}`}
      aria-pressed={liked}
      aria-busy={pending || undefined}
      disabled={pending}
      onClick={() => void onClick()}
      data-like-product={productNo}
    >
      <svg className="like-heart" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.1 4.3 2.4h2c.7-1.3 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
      {variant === 'card' ? (
        <span className="visually-hidden">
          {productName} {label}
        </span>
      ) : (
        <span className="like-label">{label}</span>
      )}
      {variant === 'detail' && count !== undefined && (
        <span className="like-count" aria-label={`찜 ${count.toLocaleString('ko-KR')}개`}>
          {count.toLocaleString('ko-KR')}
        </span>
      )}
    </button>
  );
}
