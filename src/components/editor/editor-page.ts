import { DESIGN_INPUT_LABEL, DesignId } from '../../lib/design/api.ts';
import { designOptionOf } from '../../lib/design/design-option.ts';
import { designConfigOf } from '../../lib/design/templates.ts';
import { loadProductPage } from '../catalog/product-page.ts';
import { db } from '../../server/db/client.ts';
import { getDesign, sharedDesignStarter } from '../../server/design/index.ts';
import type { EditorMember, EditorProduct, SavedDesignStart } from '../../islands/editor/types.ts';
import type { AuthMember } from '../../server/auth/index.ts';
import type { StarterDesign } from '../../islands/editor/starters.ts';

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
  const config = designConfigOf(product.baseInfo.productNo, product.extra.designTemplateId);
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
    design: config,
  };
}

export function editorMember(member: AuthMember | null): EditorMember | null {
  return member
    ? { memberNo: member.memberNo, memberId: member.memberId, memberName: member.memberName }
    : null;
}

/**
 * `?design=<id>` on an editor page: the member's own saved design of this product, to continue in
 * the editor (from "내 디자인"), with the option it was saved with (for a design saved before
 * designs kept their option, the one its template and material fit; none when several do: the
 * editor then asks for it). Null for visitors, another member's or a deleted design, or a design of
 * another product. Server only.
 */
export async function loadSavedDesignStart(
  member: AuthMember | null,
  designId: string | null,
  product: EditorProduct,
): Promise<SavedDesignStart | null> {
  if (!member || !designId || !DesignId.safeParse(designId).success) return null;
  const view = await getDesign(
    await db(),
    { member: { memberNo: member.memberNo, memberId: member.memberId, isAdmin: false }, guestToken: null },
    { designId },
  ).catch(() => null);
  if (!view || view.memberNo !== member.memberNo || view.productNo !== product.productNo) return null;
  return {
    designId: view.designId,
    createTime: view.createTime,
    name: view.name,
    document: view.document,
    optionNo: designOptionOf(
      product.design,
      product.labels,
      product.options.map((o) => ({ optionNo: o.optionNo, value: o.value })),
      view,
    ),
  };
}

/**
 * `?option=<optionNo>` on an editor page (the product page's 디자인하기 after choosing an option):
 * that option of the product, or null. Server only.
 */
export function editorOptionOf(product: EditorProduct, param: string | null): number | null {
  const optionNo = param !== null && /^\d{1,12}$/.test(param) ? Number(param) : null;
  return product.options.some((o) => o.optionNo === optionNo) ? optionNo : null;
}

/**
 * `?shared=<id>` on an editor page ("이 디자인으로 주문" on /shop/user): a copy of a design another
 * member shared, as a starter; the editor saves it as the viewer's own new design, so the owner's
 * design is never changed (decision 034). Null when not shared, hidden, deleted or of another
 * product. Server only.
 */
export async function loadSharedStarter(
  designId: string | null,
  product: EditorProduct,
): Promise<StarterDesign | null> {
  if (!designId || !DesignId.safeParse(designId).success) return null;
  const shared = await sharedDesignStarter(await db(), designId, product.productNo);
  if (!shared) return null;
  return {
    id: `shared-${designId}`,
    name: shared.name,
    description: '',
    productSlug: product.slug,
    design: shared.document,
  };
}
