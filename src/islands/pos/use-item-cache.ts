import { useMemo } from 'react';
import type { CounterItem } from '../../lib/pos/cart.ts';

/**
 * The items this counter has already seen since it loaded (scanned or found by name): enough to
 * keep selling them when the connection drops. Prices may be stale then; the server prices the
 * sale again when it arrives.
 */
export function useItemCache() {
  return useMemo(() => {
    const byOption = new Map<number, CounterItem>();
    const byCode = new Map<string, CounterItem>();
    return {
      remember(items: readonly CounterItem[]) {
        for (const item of items) {
          byOption.set(item.optionNo, item);
          if (item.barcode) byCode.set(item.barcode, item);
          if (item.optionManagementCd) byCode.set(item.optionManagementCd, item);
        }
      },
      byCode: (code: string) => byCode.get(code.trim()) ?? null,
      search(q: string): CounterItem[] {
        const text = q.trim().toLowerCase();
        if (!text) return [];
        return [...byOption.values()].filter(
          (i) =>
            i.productName.toLowerCase().includes(text) ||
            i.barcode === q.trim() ||
            String(i.productNo) === text,
        );
      },
    };
  }, []);
}
