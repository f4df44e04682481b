import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { formatWon } from '../../lib/money.ts';
import {
  $recentlyViewed,
  rememberViewed,
  viewedExcept,
  type ViewedProduct,
} from '../stores/recently-viewed.ts';
import { useHydrated } from '../common/use-hydrated.ts';
import './recently-viewed.css';

export interface RecentlyViewedProps {
  /** The product page's own product: remembered, and left out of the list. */
  current?: ViewedProduct | undefined;
  /** How many to show (the product page shows a strip; my page all of them). */
  limit?: number | undefined;
  headingLevel?: 2 | 3 | undefined;
}

/**
 * 최근 본 상품: kept in this browser (stores/recently-viewed.ts). The server renders the heading
 * alone (it cannot know the list, and the page's HTML stays the same for everyone); the list comes
 * once hydrated.
 */
export default function RecentlyViewed({ current, limit = 10, headingLevel = 2 }: RecentlyViewedProps) {
  const uid = useId();
  const stored = useStore($recentlyViewed);
  const hydrated = useHydrated();

  // an island's props are fixed for the page's life: this runs once
  useEffect(() => {
    if (current) rememberViewed(current);
  }, [current]);

  const list = hydrated ? viewedExcept(stored, current?.productNo).slice(0, limit) : [];
  const Heading = `h${headingLevel}` as 'h2' | 'h3';

  return (
    <section className="recently-viewed" aria-labelledby={`${uid}-title`}>
      <Heading id={`${uid}-title`} className="recently-viewed__title">
        최근 본 상품
      </Heading>
      {!hydrated ? null : list.length === 0 ? (
        <p className="recently-viewed__empty">
          {current ? '다른 상품을 둘러보시면 이곳에 모아 드려요.' : '최근 본 상품이 없습니다.'}
        </p>
      ) : (
        <ul className="recently-viewed__list" role="list">
          {list.map((p) => (
            <li key={p.productNo}>
              <a className="recently-viewed__item" href={p.href}>
                {p.imageUrl ? (
                  <img src={p.imageUrl} alt="" width={120} height={120} loading="lazy" decoding="async" />
                ) : (
                  <span className="recently-viewed__noimage" aria-hidden="true" />
                )}
                <span className="recently-viewed__name">{p.productName}</span>
                <span className="recently-viewed__price">{formatWon(p.price)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
