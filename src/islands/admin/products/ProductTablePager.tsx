import type { MouseEvent } from 'react';

interface Props {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** Set once the island runs: a click loads the page in place instead of following the link. */
  onGo: ((page: number) => void) | null;
}

const WINDOW = 5;

/** Plain links to the list's pages (they work without script); with script they load in place. */
export default function ProductTablePager({ page, pageCount, hrefFor, onGo }: Props) {
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - Math.floor(WINDOW / 2), pageCount - WINDOW + 1));
  const last = Math.min(pageCount, first + WINDOW - 1);
  const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const go = (n: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onGo || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    onGo(n);
  };
  const edge = (n: number, label: string, rel?: string) =>
    n >= 1 && n <= pageCount && n !== page ? (
      <a href={hrefFor(n)} rel={rel} onClick={go(n)}>
        {label}
        <span className="visually-hidden"> 페이지</span>
      </a>
    ) : (
      <span className="disabled" aria-hidden="true">
        {label}
      </span>
    );
  return (
    <nav className="pt-pager" aria-label="상품 목록 페이지">
      <ul role="list">
        <li>{edge(1, '처음')}</li>
        <li>{edge(page - 1, '이전', 'prev')}</li>
        {pages.map((n) => (
          <li key={n}>
            <a href={hrefFor(n)} aria-current={n === page ? 'page' : undefined} onClick={go(n)}>
              <span className="visually-hidden">페이지 </span>
              {n}
            </a>
          </li>
        ))}
        <li>{edge(page + 1, '다음', 'next')}</li>
        <li>{edge(pageCount, '마지막')}</li>
      </ul>
    </nav>
  );
}
