import { josa } from 'es-hangul';
import { formatDateTime } from '../../lib/dates.ts';
import { formatWon } from '../../lib/money.ts';

/**
 * The shop's messages to shoppers, in Korean, one template per event. Every template gives an
 * e-mail (subject and text) and a short text for SMS/알림톡 (the variables a 알림톡 template
 * registered with the same wording fills in). All are transactional (about the shopper's own order,
 * claim or question), never advertising: they go whatever the marketing consent (decision 029).
 */

export const NOTIFICATION_EVENTS = [
  'ORDER_PLACED',
  'VIRTUAL_ACCOUNT_ISSUED',
  'PAYMENT_CONFIRMED',
  'SHIPPED',
  'DELIVERED',
  'CLAIM_RECEIVED',
  'CLAIM_APPROVED',
  'CLAIM_REFUNDED',
  'INQUIRY_ANSWERED',
  'RESTOCK',
  'EMAIL_CONFIRM',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** What an order's messages say about it. */
export interface OrderFacts {
  orderNo: string;
  ordererName: string;
  /** "포도 방진패드 외 2건" */
  itemsSummary: string;
  payAmt: number;
  /** Where the shopper sees the order (my page, or the guest lookup). */
  orderUrl: string;
}

export type NotificationInput =
  | { event: 'ORDER_PLACED' | 'PAYMENT_CONFIRMED'; order: OrderFacts }
  | {
      event: 'VIRTUAL_ACCOUNT_ISSUED';
      order: OrderFacts;
      account: { bankName: string; accountNumber: string; holderName: string; dueAt: string };
    }
  | {
      event: 'SHIPPED';
      order: OrderFacts;
      parcel: { companyLabel: string; invoiceNo: string; trackingUrl: string | null };
    }
  | { event: 'DELIVERED'; order: OrderFacts }
  | {
      event: 'CLAIM_RECEIVED' | 'CLAIM_APPROVED' | 'CLAIM_REFUNDED';
      order: OrderFacts;
      claim: { claimNo: number; kind: '취소' | '반품'; refundAmt: number };
    }
  | { event: 'INQUIRY_ANSWERED'; inquiry: { name: string; title: string; url: string } }
  | { event: 'RESTOCK'; restock: { name: string; productName: string; optionName: string; url: string } }
  | { event: 'EMAIL_CONFIRM'; confirm: { name: string; email: string; url: string; days: number } };

export interface RenderedNotification {
  subject: string;
  mailText: string;
  smsText: string;
  /** The 알림톡 template's variables (`#{주문번호}` …). */
  variables: Record<string, string>;
}

function orderLines(o: OrderFacts): string[] {
  return [`주문번호: ${o.orderNo}`, `주문 상품: ${o.itemsSummary}`, `결제 금액: ${formatWon(o.payAmt)}`];
}

function orderVariables(o: OrderFacts): Record<string, string> {
  return {
    '#{이름}': o.ordererName,
    '#{주문번호}': o.orderNo,
    '#{상품}': o.itemsSummary,
    '#{금액}': formatWon(o.payAmt),
    '#{주문조회}': o.orderUrl,
  };
}

/** An e-mail's text: greeting, the facts one a line, the link, and the shop's thanks. */
function mail(brand: string, greeting: string, lines: string[], link: string): string {
  return [
    greeting,
    '',
    ...lines,
    '',
    `자세히 보기: ${link}`,
    '',
    `${josa(brand, '을/를')} 이용해 주셔서 감사합니다.`,
  ].join('\n');
}

/** Renders one event's message. `brand` is the shop's name (BRAND_NAME). */
export function renderNotification(brand: string, input: NotificationInput): RenderedNotification {
  const tag = `[${brand}]`;
  switch (input.event) {
    case 'ORDER_PLACED': {
      const o = input.order;
      const title = '주문이 완료되었습니다';
      return {
        subject: `${tag} ${title} (주문번호 ${o.orderNo})`,
        mailText: mail(
          brand,
          `${o.ordererName}님, 주문해 주셔서 감사합니다. 결제까지 마쳤습니다.`,
          orderLines(o),
          o.orderUrl,
        ),
        smsText: `${tag} ${o.ordererName}님, 주문이 완료되었습니다.\n주문번호 ${o.orderNo}\n${o.itemsSummary}\n결제 금액 ${formatWon(o.payAmt)}`,
        variables: orderVariables(o),
      };
    }
    case 'VIRTUAL_ACCOUNT_ISSUED': {
      const o = input.order;
      const a = input.account;
      const deadline = formatDateTime(a.dueAt);
      const title = '입금하실 계좌를 알려 드립니다';
      const account = [
        `입금 은행: ${a.bankName}`,
        `계좌번호: ${a.accountNumber}`,
        `예금주: ${a.holderName}`,
        `입금하실 금액: ${formatWon(o.payAmt)}`,
        `입금 기한: ${deadline}까지`,
      ];
      return {
        subject: `${tag} ${title} (주문번호 ${o.orderNo})`,
        mailText: mail(
          brand,
          `${o.ordererName}님, 주문이 접수되었습니다. 아래 계좌로 입금하시면 주문이 확정됩니다. 기한이 지나면 주문은 자동으로 취소됩니다.`,
          [`주문번호: ${o.orderNo}`, `주문 상품: ${o.itemsSummary}`, ...account],
          o.orderUrl,
        ),
        smsText: `${tag} 입금 안내\n주문번호 ${o.orderNo}\n${a.bankName} ${a.accountNumber} (${a.holderName})\n${formatWon(o.payAmt)}\n${deadline}까지 입금해 주세요.`,
        variables: {
          ...orderVariables(o),
          '#{은행}': a.bankName,
          '#{계좌번호}': a.accountNumber,
          '#{예금주}': a.holderName,
          '#{입금기한}': deadline,
        },
      };
    }
    case 'PAYMENT_CONFIRMED': {
      const o = input.order;
      const title = '입금이 확인되었습니다';
      return {
        subject: `${tag} ${title} (주문번호 ${o.orderNo})`,
        mailText: mail(
          brand,
          `${o.ordererName}님, 입금이 확인되어 주문이 확정되었습니다. 곧 상품을 준비하겠습니다.`,
          orderLines(o),
          o.orderUrl,
        ),
        smsText: `${tag} ${o.ordererName}님, 입금이 확인되었습니다.\n주문번호 ${o.orderNo}\n결제 금액 ${formatWon(o.payAmt)}`,
        variables: orderVariables(o),
      };
    }
    case 'SHIPPED': {
      const o = input.order;
      const p = input.parcel;
      const title = '상품이 발송되었습니다';
      const tracking = p.trackingUrl ? [`배송 조회: ${p.trackingUrl}`] : [];
      return {
        subject: `${tag} ${title} (주문번호 ${o.orderNo})`,
        mailText: mail(
          brand,
          `${o.ordererName}님, 주문하신 상품을 보내 드렸습니다.`,
          [
            `주문번호: ${o.orderNo}`,
            `주문 상품: ${o.itemsSummary}`,
            `택배사: ${p.companyLabel}`,
            `송장번호: ${p.invoiceNo}`,
            ...tracking,
          ],
          o.orderUrl,
        ),
        smsText: `${tag} 상품이 발송되었습니다.\n주문번호 ${o.orderNo}\n${p.companyLabel} ${p.invoiceNo}${p.trackingUrl ? `\n배송 조회 ${p.trackingUrl}` : ''}`,
        variables: {
          ...orderVariables(o),
          '#{택배사}': p.companyLabel,
          '#{송장번호}': p.invoiceNo,
          '#{배송조회}': p.trackingUrl ?? o.orderUrl,
        },
      };
    }
    case 'DELIVERED': {
      const o = input.order;
      const title = '배송이 완료되었습니다';
      return {
        subject: `${tag} ${title} (주문번호 ${o.orderNo})`,
        mailText: mail(
          brand,
          `${o.ordererName}님, 주문하신 상품이 도착했습니다. 상품을 받으셨다면 구매를 확정하고 후기를 남겨 주세요.`,
          [`주문번호: ${o.orderNo}`, `주문 상품: ${o.itemsSummary}`],
          o.orderUrl,
        ),
        smsText: `${tag} 배송이 완료되었습니다.\n주문번호 ${o.orderNo}\n${o.itemsSummary}`,
        variables: orderVariables(o),
      };
    }
    case 'CLAIM_RECEIVED':
    case 'CLAIM_APPROVED':
    case 'CLAIM_REFUNDED': {
      const o = input.order;
      const c = input.claim;
      const what = `${c.kind} ${input.event === 'CLAIM_RECEIVED' ? '신청이 접수되었습니다' : input.event === 'CLAIM_APPROVED' ? '신청이 승인되었습니다' : '환불이 완료되었습니다'}`;
      const refund =
        input.event === 'CLAIM_REFUNDED'
          ? [
              `환불 금액: ${formatWon(c.refundAmt)}`,
              '결제하신 수단으로 환불되며, 카드사·은행에 따라 반영까지 며칠 걸릴 수 있습니다.',
            ]
          : c.refundAmt > 0
            ? [`환불 예정 금액: ${formatWon(c.refundAmt)}`]
            : [];
      return {
        subject: `${tag} ${what} (주문번호 ${o.orderNo})`,
        mailText: mail(
          brand,
          `${o.ordererName}님, 주문하신 상품의 ${what}.`,
          [`주문번호: ${o.orderNo}`, `주문 상품: ${o.itemsSummary}`, ...refund],
          o.orderUrl,
        ),
        smsText: `${tag} ${what}.\n주문번호 ${o.orderNo}${refund.length > 0 ? `\n${refund[0]}` : ''}`,
        variables: { ...orderVariables(o), '#{구분}': c.kind, '#{환불금액}': formatWon(c.refundAmt) },
      };
    }
    case 'INQUIRY_ANSWERED': {
      const q = input.inquiry;
      const title = '문의에 답변이 등록되었습니다';
      return {
        subject: `${tag} ${title}`,
        mailText: mail(
          brand,
          `${q.name}님, 남겨 주신 문의에 답변을 드렸습니다.`,
          [`문의 제목: ${q.title}`],
          q.url,
        ),
        smsText: `${tag} ${q.name}님, 문의 '${q.title}'에 답변이 등록되었습니다.\n${q.url}`,
        variables: { '#{이름}': q.name, '#{문의제목}': q.title, '#{링크}': q.url },
      };
    }
    case 'RESTOCK': {
      const r = input.restock;
      const item = `${r.productName}${r.optionName ? ` (${r.optionName})` : ''}`;
      const title = `${josa(item, '이/가')} 다시 입고되었습니다`;
      return {
        subject: `${tag} ${title}`,
        mailText: mail(
          brand,
          `${r.name}님, 재입고 알림을 신청하신 상품이 다시 들어왔습니다. 수량이 많지 않을 수 있으니 서둘러 주세요.`,
          [`상품: ${item}`],
          r.url,
        ),
        smsText: `${tag} 재입고 알림\n${title}.\n${r.url}`,
        variables: { '#{이름}': r.name, '#{상품}': item, '#{링크}': r.url },
      };
    }
    case 'EMAIL_CONFIRM': {
      const c = input.confirm;
      const title = '이메일 주소를 확인해 주세요';
      return {
        subject: `${tag} ${title}`,
        mailText: [
          `${c.name}님, ${brand} 회원이 되어 주셔서 감사합니다.`,
          '',
          `아래 링크를 열어 이 주소(${c.email})가 맞는지 확인해 주세요. 링크는 ${c.days}일 동안 한 번 쓸 수 있습니다.`,
          c.url,
          '',
          '가입하지 않으셨다면 이 메일을 무시해 주세요.',
        ].join('\n'),
        smsText: `${tag} ${title}.`,
        variables: { '#{이름}': c.name, '#{링크}': c.url },
      };
    }
  }
}
