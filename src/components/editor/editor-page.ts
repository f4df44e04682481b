import { DESIGN_INPUT_LABEL } from '../../lib/design/api.ts';
import { productDesignConfig } from '../../lib/design/templates.ts';
import { loadProductPage } from '../catalog/product-page.ts';
import type { EditorMember, EditorProduct } from '../../islands/editor/types.ts';
import type { AuthMember } from '../../lib/server/auth/session.ts';

/** The round and square dampeners of /custom/dampener and /custom/dampener1. */
export const DEFAULT_DAMPENER_SLUG = 'custom-round-dampener';
export const SQUARE_DAMPENER_SLUG = 'custom-square-photo-dampener';

/**
 * What an editor page hands the island: a customisable product with a design template (else null:
 * the page answers 404), its options and inputs. Server only.
 */
export async function loadEditorProduct(slug: string | undefined): Promise<EditorProduct | null> {
  const data = await loadProductPage(slug);
  if (!data || !data.product.extra.customizable) return null;
  const { product, options } = data;
  const config = productDesignConfig(product.baseInfo.productNo);
  if (!config) return null;
  const main = product.extra.images[0];
  return {
    productNo: product.baseInfo.productNo,
    productName: product.baseInfo.productName,
    slug: product.extra.slug,
    imageUrl: main
      ? ((main.variants.find((v) => v.width >= 200) ?? main).url ?? main.url)
      : product.baseInfo.imageUrls[0],
    salePrice: product.price.salePrice,
    immediateDiscountAmt: product.price.immediateDiscountAmt,
    labels: options.labels,
    options: options.flatOptions.map((o) => ({
      optionNo: o.optionNo,
      value: o.value,
      addPrice: o.addPrice,
      buyPrice: o.buyPrice,
      stockCnt: o.stockCnt,
      saleType: o.saleType,
      forcedSoldOut: o.forcedSoldOut,
    })),
    inputs: options.inputs
      // the design number is filled in by the editor itself
      .filter((i) => i.inputLabel !== DESIGN_INPUT_LABEL)
      .map((i) => ({
        inputNo: i.inputNo,
        inputLabel: i.inputLabel,
        required: i.required,
        maxLength: i.maxLength,
      })),
    materialLabel: config.materialOption,
  };
}

export function editorMember(member: AuthMember | null): EditorMember | null {
  return member
    ? { memberNo: member.memberNo, memberId: member.memberId, memberName: member.memberName }
    : null;
}
