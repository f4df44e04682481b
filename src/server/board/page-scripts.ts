import type { Executor } from '../db/client.ts';
import type { PageScript } from '@shopby/shop-sdk/build/types/domain/manage';

/**
 * Shop-wide page scripts (GET /page/scripts): tags a manager sets per page type and device, e.g. an
 * analytics snippet. None by default. The content is the manager's own markup and is returned as
 * configured: only administrators can set it (there is no route that writes it yet).
 */

const PAGE_TYPE_LABELS: Record<string, string> = {
  MAIN: '메인',
  COMMON_HEAD: '공통 상단',
  COMMON_FOOTER: '공통 하단',
  PRODUCT: '상품 상세',
  PRODUCT_LIST: '상품 목록',
  PRODUCT_SEARCH: '상품 검색',
  CART: '장바구니',
  ORDER: '주문서',
  ORDER_DETAIL: '주문 상세',
  ORDER_COMPLETE: '주문 완료',
  DISPLAY_SECTION: '기획전',
  MEMBER_JOIN_COMPLETE: '회원가입 완료',
  MY_PAGE: '마이페이지',
  LOGIN: '로그인',
};

export async function listPageScripts(db: Executor, pageTypes?: readonly string[]): Promise<PageScript[]> {
  const filter = pageTypes?.length ? `AND page_type IN (${pageTypes.map(() => '?').join(', ')})` : '';
  const r = await db.execute({
    sql: `SELECT page_type, device_type, content FROM page_scripts WHERE used = 1 ${filter}
          ORDER BY page_type, device_type, display_order, page_script_no`,
    args: [...(pageTypes ?? [])],
  });
  return r.rows.map((row) => ({
    pageType: String(row.page_type) as PageScript['pageType'],
    pageTypeLabel: PAGE_TYPE_LABELS[String(row.page_type)] ?? String(row.page_type),
    deviceType: row.device_type === 'MOBILE' ? 'MOBILE' : 'PC',
    content: String(row.content),
  }));
}
