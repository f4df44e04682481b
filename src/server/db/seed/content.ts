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
export function detailContent(p: ProductSeed, partnerName: string, template: DeliveryTemplateSeed): string {
  const specs: [string, string][] = [
    ['상품명', p.name],
    ...p.specs,
    ['제조자/수입자', partnerName],
    ['A/S 책임자', `${partnerName} 고객센터`],
  ];
  const rows = specs
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const features = p.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('');
  const custom = p.customizable
    ? '<h3>주문 제작 안내</h3><p>디자인 편집기에서 만든 디자인 그대로 인쇄해 제작합니다. 제작이 시작된 뒤에는 주문 취소와 단순 변심 반품이 어렵습니다. 제작 기간은 결제 후 영업일 기준 3~5일입니다.</p>'
    : '';
  return [
    `<h2>${escapeHtml(p.name)}</h2>`,
    `<p>${escapeHtml(p.summary)}</p>`,
    `<h3>이런 점이 좋아요</h3><ul>${features}</ul>`,
    custom,
    `<h3>상품 정보</h3><table><tbody>${rows}</tbody></table>`,
    `<h3>배송·교환 안내</h3><ul><li>${escapeHtml(deliveryNote(template))}</li>`,
    '<li>오후 2시 이전 결제 완료 시 당일 출고 (주말·공휴일 제외)</li>',
    `<li>교환·반품은 상품 수령 후 7일 이내 가능하며, 단순 변심의 경우 왕복 배송비 ${won(template.returnAmt * 2)}이 부과됩니다.</li></ul>`,
  ].join('\n');
}
