import { newDesign } from '../../lib/design/document.ts';
import { parseDesign, type DesignDocument } from '../../lib/design/schema.ts';
import {
  templateForProduct,
  templatesOfProduct,
  type ProductDesignConfig,
  type TemplateId,
} from '../../lib/design/templates.ts';
import { DRAFT_VERSION, loadDraft, takeStashedDraft, type DraftDesign } from '../stores/draft-design.ts';
import type { SavedDesignStart } from './types.ts';

/**
 * Where the editor starts: the draft carried through a login, else the stored draft of this page
 * and product, else the saved design the page was opened with, else the starter design, else a blank design on the product's template. A draft is
 * validated with the shared schema like any untrusted design; one that fails is ignored.
 */

export interface Bootstrap {
  doc: DesignDocument;
  /** The draft this page continues (its saved design and option), or null. */
  draft: DraftDesign | null;
  /** A draft of another page or product, offered as a link. */
  otherDraft: DraftDesign | null;
}

export function bootstrapEditor(input: {
  productNo: number;
  /** The product's design config (its templates), as the page gave it. */
  design: ProductDesignConfig;
  editorPath: string;
  templateId?: TemplateId | undefined;
  starter?: unknown;
  /** Chosen option values by label, for the template of the size option. */
  optionValues?: Record<string, string>;
  /** A saved design to open (`?design=<id>`): before the starter; a draft of it on this page wins. */
  saved?: SavedDesignStart | null | undefined;
  now?: number;
}): Bootstrap {
  const allowed = templatesOfProduct(input.design);
  const stashed = takeStashedDraft();
  const stored = stashed ?? loadDraft();
  if (stored && stored.productNo === input.productNo && stored.editorPath === input.editorPath) {
    const parsed = parseDesign(stored.design);
    if (parsed.ok && allowed.includes(parsed.document.templateId)) {
      return { doc: parsed.document, draft: stored, otherDraft: null };
    }
  }
  const otherDraft = stored && stored.editorPath !== input.editorPath ? stored : null;
  if (input.saved) {
    const parsed = parseDesign(input.saved.document);
    if (parsed.ok && allowed.includes(parsed.document.templateId)) {
      return { doc: parsed.document, draft: savedAsDraft(input, parsed.document), otherDraft };
    }
  }
  if (input.starter !== undefined && input.starter !== null) {
    const parsed = parseDesign(input.starter);
    if (parsed.ok) return { doc: parsed.document, draft: null, otherDraft };
  }
  const templateId =
    input.templateId && allowed.includes(input.templateId)
      ? input.templateId
      : (templateForProduct(input.design, input.optionValues) ?? allowed[0]);
  if (!templateId) throw new Error(`product ${input.productNo} cannot be designed`);
  return { doc: newDesign(templateId), draft: null, otherDraft };
}

/** A saved design as the draft the editor continues: saving updates that design. */
function savedAsDraft(
  input: { productNo: number; editorPath: string; saved?: SavedDesignStart | null | undefined; now?: number },
  doc: DesignDocument,
): DraftDesign {
  const saved = input.saved!;
  const now = input.now ?? Date.now();
  return {
    version: DRAFT_VERSION,
    design: doc,
    productNo: input.productNo,
    preview: null,
    colour: doc.sides.front.background,
    shapeType: doc.shape,
    shapeId: doc.templateId,
    frontBackSame: doc.frontBackSame,
    editorPath: input.editorPath,
    optionNo: saved.optionNo,
    designId: saved.designId,
    createTime: saved.createTime,
    name: saved.name,
    createdAt: now,
    updatedAt: now,
  };
}
