import { templateForProduct, type ProductDesignConfig, type TemplateId } from './templates.ts';

/** An option as the catalogue lists it: `value` joins the dimension values with '|'. */
export interface DesignOptionCandidate {
  optionNo: number;
  value: string;
  /** False when the option is sold out or not on sale. */
  available?: boolean | undefined;
}

/**
 * The product option a saved design is ordered (and reopened) with: the option whose size gives the
 * design's template and whose material is the design's, preferring an available one. Falls back to
 * the template's option, then to the first available option; null when the product has none.
 * `config` is the product's design config (`designConfigOf`).
 */
export function designOptionNo(
  config: ProductDesignConfig | null,
  labels: readonly string[],
  options: readonly DesignOptionCandidate[],
  design: { templateId: TemplateId | string; material: string | null },
): number | null {
  const values = (o: DesignOptionCandidate) => {
    const parts = o.value.split('|');
    return Object.fromEntries(labels.map((label, i) => [label, parts[i] ?? '']));
  };
  const sizeFits = (o: DesignOptionCandidate) =>
    !config?.sizeOption || templateForProduct(config, values(o)) === design.templateId;
  const materialFits = (o: DesignOptionCandidate) =>
    !config?.materialOption || !design.material || values(o)[config.materialOption] === design.material;
  const ranked = [
    (o: DesignOptionCandidate) => sizeFits(o) && materialFits(o),
    (o: DesignOptionCandidate) => sizeFits(o),
    () => true,
  ];
  for (const fits of ranked) {
    const found =
      options.find((o) => fits(o) && o.available !== false) ?? (fits === ranked[2] ? options[0] : undefined);
    if (found) return found.optionNo;
  }
  return null;
}
