import { templateForProduct, type ProductDesignConfig } from './templates.ts';

/**
 * A saved design and its product option (colour, size, thickness, material …): a design keeps the
 * option chosen in the editor, and is ordered with exactly that option (decision 020).
 */

/** An option as the catalogue lists it: `value` joins the dimension values with '|'. */
export interface DesignOptionCandidate {
  optionNo: number;
  value: string;
}

/** What of a design decides its option. */
export interface DesignOptionFacts {
  /** The option it was saved with; null for a design saved before designs kept their option. */
  optionNo: number | null;
  templateId: string;
  material: string | null;
}

const valuesOf = (labels: readonly string[], value: string): Record<string, string> => {
  const parts = value.split('|');
  return Object.fromEntries(labels.map((label, i) => [label, parts[i] ?? '']));
};

/**
 * Whether an option fits a design: its size gives the design's template, and its material (when
 * the product has a material option) is the design's. `config` is the product's design config.
 */
export function optionFitsDesign(
  config: ProductDesignConfig | null,
  labels: readonly string[],
  option: DesignOptionCandidate,
  design: Pick<DesignOptionFacts, 'templateId' | 'material'>,
): boolean {
  const values = valuesOf(labels, option.value);
  if (templateForProduct(config, values) !== design.templateId) return false;
  const material = config?.materialOption;
  return !material || !design.material || values[material] === design.material;
}

/**
 * The option a saved design is ordered (and reopened) with: the one it was saved with. A design
 * saved before designs kept their option has the one option of the product its template and
 * material fit (a product with a size option only, say); when several fit, none: the shopper
 * chooses it in the editor, nothing is guessed.
 */
export function designOptionOf(
  config: ProductDesignConfig | null,
  labels: readonly string[],
  options: readonly DesignOptionCandidate[],
  design: DesignOptionFacts,
): number | null {
  if (design.optionNo !== null) return design.optionNo;
  const fitting = options.filter((o) => optionFitsDesign(config, labels, o, design));
  return fitting.length === 1 ? fitting[0]!.optionNo : null;
}

/** An option in words: "색상: 화이트 / 사이즈: 12cm" ('' for a product without options). */
export function optionTitleOf(labels: readonly string[], value: string): string {
  const parts = value.split('|');
  return labels.map((label, i) => `${label}: ${parts[i] ?? ''}`).join(' / ');
}
