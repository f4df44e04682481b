import type { DeliveryTemplateSeed } from './store.ts';
import type { ProductSeed } from './types.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

function deliveryNote(t: DeliveryTemplateSeed): string {
  const remote = t.remote > 0 ? ` (제주·도서산간 ${won(t.remote)} 추가)` : '';
  if (t.condition === 'FREE') return `무료배송${remote}`;
  if (t.condition === 'FIXED_FEE') return `배송비 ${won(t.base)}${remote}`;
  return `배송비 ${won(t.base)}, ${won(t.above ?? 0)} 이상 구매 시 무료배송${remote}`;
}

/**
 * The product detail page body: simple, safe HTML (headings, paragraphs, lists, a spec table)
 * that the page renders as it is.
 */
/** 상품정보제공고시 of a demo product: the rows the product page shows under the detail. */
export function dutyInfoRows(p: ProductSeed, partnerName: string): { label: string; value: string }[] {
  return [
    ['품명 및 모델명', p.name],
    ...p.specs,
    ['제조자/수입자', partnerName],
    ['제조국', '대한민국'],
    ['품질보증기준', '관련 법 및 소비자분쟁해결기준에 따름'],
    ['A/S 책임자와 전화번호', `${partnerName} 고객센터 1588-0000`],
  ].map(([label, value]) => ({ label: label!, value: value! }));
}

export function detailContent(p: ProductSeed, template: DeliveryTemplateSeed): string {
  const features = p.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('');
  const custom = p.customizable
    ? '<h3>주문 제작 안내</h3><p>디자인 편집기에서 만든 디자인 그대로 인쇄해 제작합니다. 제작이 시작된 뒤에는 주문 취소와 단순 변심 반품이 어렵습니다. 제작 기간은 결제 후 영업일 기준 3~5일입니다.</p>'
    : '';
  return [
    `<h2>${escapeHtml(p.name)}</h2>`,
    `<p>${escapeHtml(p.summary)}</p>`,
    `<h3>이런 점이 좋아요</h3><ul>${features}</ul>`,
    custom,
    `<h3>배송·교환 안내</h3><ul><li>${escapeHtml(deliveryNote(template))}</li>`,
    '<li>오후 2시 이전 결제 완료 시 당일 출고 (주말·공휴일 제외)</li>',
    `<li>교환·반품은 상품 수령 후 7일 이내 가능하며, 단순 변심의 경우 왕복 배송비 ${won(template.returnAmt * 2)}이 부과됩니다.</li></ul>`,
  ].join('\n');
}
