import { DESIGN_INPUT_LABEL } from './design/design-input.ts';

/**
 * What a shopper reads of an order line's custom inputs, on the cart, the checkout, the result
 * and guest order pages, my page and the store's receipts. A design line carries its design's
 * internal id as the input '디자인 번호': that is the shop's bookkeeping, not the shopper's words —
 * the line is called by the design's name (or 내 디자인) and shows the design's preview.
 */

interface Input {
  inputLabel: string;
  inputValue: string;
}

const isDesignInput = (i: Input) => i.inputLabel.trim() === DESIGN_INPUT_LABEL;

/** The inputs to show: the ones typed by the shopper, not the design id, not blank ones. */
export function shopperInputs<T extends Input>(inputs: readonly T[]): T[] {
  return inputs.filter((i) => !isDesignInput(i) && i.inputValue.trim() !== '');
}

/** A design line's name for the shopper, or null for a line without a design. */
export function designLabelOf(
  design: { name?: string | null } | null | undefined,
  inputs: readonly Input[],
): string | null {
  const named = design?.name?.trim();
  if (named) return named;
  return design || inputs.some((i) => isDesignInput(i) && i.inputValue.trim() !== '') ? '내 디자인' : null;
}

/** The design's preview (front, else back), or null. */
export function designPreviewOf(
  design: { previewUrl?: string | null; previewUrls?: { front: string | null; back: string | null } } | null,
): string | null {
  return design?.previewUrl ?? design?.previewUrls?.front ?? design?.previewUrls?.back ?? null;
}
