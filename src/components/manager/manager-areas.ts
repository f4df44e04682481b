import { INTEGRATION_CHECK_PAGES } from '../../lib/integration-check-pages.ts';

/**
 * The back office's areas, in the order the manager navigation shows them. An area appears here
 * once it exists: promotions and members join as they are built (issue 15), never as links to empty
 * pages. The point-of-sale sales figures open in the counter's own layout.
 */
export interface ManagerArea {
  href: string;
  label: string;
  /** Paths that belong to the area (the current one is marked in the navigation). */
  prefixes: readonly string[];
  description: string;
  /** Shown only in a demo shop. */
  demoOnly?: boolean;
}

export const MANAGER_AREAS: readonly ManagerArea[] = [
  {
    href: '/manager/products',
    label: '상품',
    prefixes: ['/manager/products'],
    description: '상품과 옵션, 이미지, 재고를 등록하고 고칩니다. CSV로 한꺼번에 올리고 내려받습니다.',
  },
  {
    href: '/manager/categories',
    label: '분류·브랜드·배송',
    prefixes: ['/manager/categories', '/manager/brands', '/manager/partners', '/manager/delivery-templates'],
    description: '카테고리 트리, 브랜드, 거래처와 배송비 템플릿을 관리합니다.',
  },
  {
    href: '/manager/display',
    label: '전시',
    prefixes: ['/manager/display'],
    description: '메인 배너와 메인 화면의 상품 진열(베스트, 신상품, 기획전)을 정합니다.',
  },
  {
    href: '/manager/coupons',
    label: '쿠폰·적립금',
    prefixes: ['/manager/coupons', '/manager/points'],
    description: '쿠폰을 만들고 회원에게 발급하거나 중지하며, 적립금을 사유와 함께 지급·차감합니다.',
  },
  {
    href: '/manager/members',
    label: '회원',
    prefixes: ['/manager/members'],
    description:
      '회원을 찾아 주문, 적립금, 쿠폰, 문의를 보고 등급, 그룹, 관리자·직원 권한, 이용 정지와 탈퇴를 처리합니다.',
  },
  {
    href: '/manager/orders',
    label: '주문·반품',
    prefixes: ['/manager/orders'],
    description: '결제된 주문의 상품 준비, 배송, 배송 완료와 반품 요청을 처리합니다.',
  },
  {
    href: '/custom/admin/list',
    label: '커스텀 제작',
    prefixes: ['/custom/admin'],
    description: '디자인 주문을 확인하고 인쇄 파일을 받아 제작 상태를 바꿉니다.',
  },
  {
    href: '/test/pos/sales',
    label: '매장 매출',
    prefixes: ['/test/pos/sales'],
    description: '매장(POS)과 온라인의 매출을 날짜·시간·상품·결제 수단별로 보고 CSV로 받습니다.',
  },
  {
    href: '/manager/stores',
    label: '매장 관리',
    prefixes: ['/manager/stores'],
    description: '매장의 사업자 정보, 영수증 문구와 적립률을 고치고, 직원마다 판매할 매장을 정합니다.',
  },
  {
    href: '/manager/board',
    label: '게시판·1:1 문의',
    prefixes: ['/manager/board'],
    description: '공지사항과 FAQ를 쓰고, 1:1 문의와 오류 신고에 답합니다.',
  },
  {
    href: '/manager/product-inquiries',
    label: '상품 문의',
    prefixes: ['/manager/product-inquiries'],
    description: '상품 Q&A에 답변을 답니다. 비밀글도 여기서는 보입니다.',
  },
  {
    href: '/manager/api-clients',
    label: 'API 클라이언트',
    prefixes: ['/manager/api-clients'],
    description:
      '다른 도메인의 스토어프런트(Shopby 스킨, 헤드리스 앱)가 부를 수 있도록 clientId와 출처를 등록합니다.',
  },
  {
    href: '/manager/audit',
    label: '작업 기록',
    prefixes: ['/manager/audit'],
    description:
      '관리자와 매장 직원이 바꾼 모든 것(가격, 재고, 주문 상태, 환불 …)을 누가, 언제, 무엇을 바꿨는지 봅니다.',
  },
  {
    href: '/upstream',
    label: '인쇄 서비스 연결',
    prefixes: ['/upstream'],
    description: '인쇄 서비스의 연결과 토큰 만료를 확인하고, 전송에 실패한 디자인 주문을 다시 보냅니다.',
  },
  {
    href: '/manager/integration-checks',
    label: '연동 점검',
    prefixes: ['/manager/integration-checks', ...INTEGRATION_CHECK_PAGES],
    description: '결제, 저장소, 소셜 로그인, 문자 인증 같은 외부 연동을 실제 설정으로 한 단계씩 시험합니다.',
  },
  {
    href: '/manager/notifications',
    label: '고객 메시지',
    prefixes: ['/manager/notifications'],
    description: '주문·배송·취소·문의 답변을 알린 문자와 이메일을 보고, 보내지 못한 메시지를 다시 보냅니다.',
  },
  {
    href: '/manager/outbox',
    label: '발송함',
    prefixes: ['/manager/outbox'],
    description: '데모 쇼핑몰이 보내지 않고 모아 둔 SMS와 이메일입니다.',
    demoOnly: true,
  },
];

/** The areas this shop shows (the outbox only in a demo). */
export function managerAreas(demo: boolean): readonly ManagerArea[] {
  return MANAGER_AREAS.filter((a) => demo || !a.demoOnly);
}

export function currentArea(path: string, areas: readonly ManagerArea[]): ManagerArea | undefined {
  return areas.find((a) => a.prefixes.some((p) => path === p || path.startsWith(`${p}/`)));
}
