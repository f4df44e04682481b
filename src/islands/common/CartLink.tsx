import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $cartCount, refreshCartCount } from '../stores/cart-count.ts';
import './cart-link.css';

export interface CartLinkProps {
  /** The member cart (/cart) or this browser's guest cart (/guest/cart). */
  kind: 'member' | 'guest';
  href: string;
  current: boolean;
}

/**
 * The header's 장바구니 link with the number of lines in the cart. The server renders the link
 * alone; the count comes after hydration (stores/cart-count.ts), so no page carries anyone's cart.
 */
export default function CartLink({ kind, href, current }: CartLinkProps) {
  const count = useStore($cartCount);
  useEffect(() => {
    void refreshCartCount(kind);
  }, [kind]);

  return (
    <a className="cart-link" href={href} aria-current={current ? 'page' : undefined}>
      장바구니
      {count !== null && count > 0 && (
        <>
          <span className="cart-link__count" data-testid="cart-count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
          <span className="visually-hidden">(담긴 상품 {count}개)</span>
        </>
      )}
    </a>
  );
}
