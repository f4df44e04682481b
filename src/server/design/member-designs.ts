import { designOptionOf, optionTitleOf } from '../../lib/design/design-option.ts';
import { placeholderSides } from '../../lib/design/print-checks.ts';
import { designConfigOf } from '../../lib/design/templates.ts';
import { seoulSavedLabel } from '../../lib/design/saved-label.ts';
import { getProduct, getProductOptions, productNamesOf } from '../catalog/index.ts';
import type { Db } from '../db/client.ts';
import { listDesigns } from './service.ts';
import { sharedIdsOf } from './shared-repo.ts';
import type { MemberDesignItem } from '../../islands/mypage/DesignList.tsx';

/**
 * The member's saved designs, newest save first, with their product and the option they are
 * ordered with: the one saved with the design (decision 020), never a guess; none for a design
 * saved without one that several options fit (the shopper chooses it in the editor).
 */
export async function listMemberDesigns(
  db: Db,
  member: { memberNo: number; memberId: string | null },
): Promise<MemberDesignItem[]> {
  const views = await listDesigns(db, {
    member: { memberNo: member.memberNo, memberId: member.memberId, isAdmin: false },
    guestToken: null,
  });
  const shared = await sharedIdsOf(db, member.memberNo);
  const productNos = [...new Set(views.map((v) => v.productNo))];
  const products = await productNamesOf(db, productNos);
  const catalogue = new Map(
    await Promise.all(
      productNos.map(async (no) => {
        const [product, options] = await Promise.all([getProduct(db, no), getProductOptions(db, no)]);
        return [
          no,
          { config: designConfigOf(no, product?.extra.designTemplateId ?? null), options },
        ] as const;
      }),
    ),
  );
  return views
    .map((v): MemberDesignItem => {
      const product = products.get(v.productNo);
      const { config, options: opts } = catalogue.get(v.productNo) ?? { config: null, options: null };
      const own = opts
        ? designOptionOf(
            config,
            opts.labels,
            opts.flatOptions.map((o) => ({ optionNo: o.optionNo, value: String(o.value ?? '') })),
            v,
          )
        : null;
      const option = opts?.flatOptions.find((o) => o.optionNo === own);
      return {
        designId: v.designId,
        createTime: v.createTime,
        name: v.name,
        productNo: v.productNo,
        productName: product?.productName ?? '판매가 끝난 상품',
        editHref: product
          ? `/products/${encodeURIComponent(product.slug)}/customize?design=${encodeURIComponent(v.designId)}`
          : '',
        material: v.material,
        previewUrls: v.previewUrls,
        frontBackSame: v.frontBackSame,
        savedAt: v.updatedAt,
        savedLabel: seoulSavedLabel(v.updatedAt),
        optionNo: option ? option.optionNo : null,
        optionTitle:
          option && opts && opts.labels.length > 0 ? optionTitleOf(opts.labels, String(option.value)) : null,
        unitPrice: option ? option.buyPrice : null,
        soldOut: option
          ? option.saleType === 'SOLD_OUT' || option.forcedSoldOut || option.stockCnt <= 0
          : false,
        placeholderText: placeholderSides(v.document).length > 0,
        shared: shared.has(v.designId),
      };
    })
    .sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0));
}
