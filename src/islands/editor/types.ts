import type { DesignDocumentInput } from '../../lib/design/schema.ts';
import type { ProductDesignConfig, TemplateId } from '../../lib/design/templates.ts';
import type { FlatOptionLike } from '../catalog/option-model.ts';

/** The product being designed, as the editor page hands it to the island (from the catalogue). */
export interface EditorProduct {
  productNo: number;
  productName: string;
  slug: string;
  imageUrl?: string | undefined;
  salePrice: number;
  immediateDiscountAmt: number;
  /** Option dimension labels ("색상", "사이즈", "재질"). */
  labels: string[];
  options: FlatOptionLike[];
  /** The product's own text inputs (engraving …), besides the design number. */
  inputs: { inputNo: number; inputLabel: string; required: boolean; maxLength: number }[];
  /** The option label that holds the cushioning material, if any (templates.ts). */
  materialLabel: string | null;
  /** Which templates the product is designed on, from its catalogue data (`designConfigOf`). */
  design: ProductDesignConfig;
}

/** A saved design the editor opens (the page loaded it for its owner). */
export interface SavedDesignStart {
  designId: string;
  createTime: string;
  name: string;
  document: unknown;
  /**
   * The option the design was saved with (for an older design saved without one, the one option
   * its template and material fit); null when it must be chosen.
   */
  optionNo: number | null;
}

/** The signed-in member, from `Astro.locals.member`; null for visitors. */
export interface EditorMember {
  memberNo: number;
  memberId: string | null;
  memberName: string;
}

export interface DesignEditorProps {
  product: EditorProduct;
  member: EditorMember | null;
  /** The page's path and query: the draft's `editorPath` and the login's return target. */
  editorPath: string;
  /** Open the guest guide at once for visitors who are not members (/custom/dampener). */
  requireMember?: boolean | undefined;
  /** Start from this design (a starter template) instead of a blank one, unless a draft exists. */
  starter?: { id: string; name: string; design: DesignDocumentInput } | null | undefined;
  /**
   * A saved design of the member to continue (`?design=<id>` on the editor page, from "내 디자인"):
   * drawn instead of the starter, saving updates it. A draft of the same design on this page wins.
   */
  saved?: SavedDesignStart | null | undefined;
  /** The template to start on (otherwise the product's default). */
  templateId?: TemplateId | undefined;
  /**
   * The option asked for by the page (`?option=`: the product page's choice before 디자인하기),
   * started on when it fits the design's template.
   */
  optionNo?: number | null | undefined;
  title: string;
}
