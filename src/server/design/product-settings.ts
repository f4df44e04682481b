import { DESIGN_INPUT_LABEL } from '../../lib/design/api.ts';
import {
  designConfigOf,
  template,
  templateForProduct,
  templatesOfProduct,
  type DesignTemplate,
  type ProductDesignConfig,
} from '../../lib/design/templates.ts';
import { getProduct, getProductOptions } from '../catalog/index.ts';
import type { Db } from '../db/client.ts';

/**
 * The specification's `GET /api/{brand}?url=/product-plus/{id}` and `/product-custom/{id}`: what the
 * design editor needs of a product beyond the Shopby product — its extra settings (slug, whether it
 * is customised, the design template the back office chose, option labels, images …) and its custom
 * settings (the design config: templates with their sizes, which option picks the template, which
 * holds the material, and each option's template and add price). Read from the catalogue; null for
 * an unknown product (the route answers 404).
 */

export interface ProductPlus {
  productNo: number;
  productName: string;
  salePrice: number;
  immediateDiscountAmt: number;
  slug: string;
  customizable: boolean;
  designTemplateId: string | null;
  discountedPrice: number;
  productSummary: string;
  optionLabels: string[];
  imageUrls: string[];
}

export async function productPlus(db: Db, productNo: number): Promise<ProductPlus | null> {
  const product = await getProduct(db, productNo);
  if (!product) return null;
  const { extra } = product;
  return {
    productNo: product.baseInfo.productNo,
    productName: product.baseInfo.productName,
    salePrice: product.price.salePrice,
    immediateDiscountAmt: product.price.immediateDiscountAmt,
    slug: extra.slug,
    customizable: extra.customizable,
    designTemplateId: extra.designTemplateId,
    discountedPrice: extra.discountedPrice,
    productSummary: extra.productSummary,
    optionLabels: extra.optionLabels,
    imageUrls: product.baseInfo.imageUrls,
  };
}

export interface ProductCustom {
  productNo: number;
  customizable: boolean;
  design: ProductDesignConfig;
  templates: DesignTemplate[];
  /** Option labels; an option's `value` holds its values in this order, joined by `|`. */
  labels: string[];
  options: {
    optionNo: number;
    value: string;
    addPrice: number;
    /** The template this option is designed on. */
    templateId: string;
  }[];
  /** The product's text inputs the shopper fills (the design number is the editor's own). */
  inputs: { inputNo: number; inputLabel: string; required: boolean; maxLength: number }[];
}

/** Null for an unknown product or one that cannot be designed (no template). */
export async function productCustom(db: Db, productNo: number): Promise<ProductCustom | null> {
  const [product, opts] = await Promise.all([getProduct(db, productNo), getProductOptions(db, productNo)]);
  if (!product || !product.extra.customizable) return null;
  const config = designConfigOf(productNo, product.extra.designTemplateId);
  if (!config) return null;
  const labels = opts?.labels ?? [];
  return {
    productNo,
    customizable: true,
    design: config,
    templates: templatesOfProduct(config).map((id) => template(id)),
    labels,
    options: (opts?.flatOptions ?? []).map((o) => {
      const parts = String(o.value ?? '').split('|');
      const values = Object.fromEntries(labels.map((l, i) => [l, parts[i] ?? '']));
      return {
        optionNo: o.optionNo,
        value: String(o.value ?? ''),
        addPrice: o.addPrice,
        templateId: templateForProduct(config, values)!,
      };
    }),
    inputs: (opts?.inputs ?? [])
      .filter((i) => i.inputLabel !== DESIGN_INPUT_LABEL)
      .map((i) => ({
        inputNo: i.inputNo,
        inputLabel: i.inputLabel,
        required: i.required,
        maxLength: i.maxLength,
      })),
  };
}
