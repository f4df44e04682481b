import { useState } from 'react';
import { template, templateForProduct, type TemplateId } from '../../lib/design/templates.ts';
import { choose, resolveOption, type PickerOption } from '../catalog/option-model.ts';
import type { EditorAction } from './editor-state.ts';
import type { EditorProduct } from './types.ts';

/**
 * The product option chosen in the editor, which the design is saved and ordered with. It starts at
 * the option asked for (the product page's choice), when it fits the design's template; else at the
 * draft's or saved design's option — none when that design was saved without one: the shopper
 * chooses, nothing is guessed for it; else, for a new design, at one that fits the template, else
 * the first on sale. Choosing a size switches the design's template.
 */
export function useProductChoice(input: {
  product: EditorProduct;
  options: PickerOption[];
  /** The option the page was opened with (`?option=`), or null. */
  requestedOptionNo: number | null;
  /** The draft's or saved design's option (null: it has none); undefined for a new design. */
  initialOptionNo: number | null | undefined;
  templateId: TemplateId;
  currentTemplateId: () => TemplateId;
  dispatch: (action: EditorAction) => void;
  announce: (text: string) => void;
}) {
  const { product, options } = input;
  const valuesByLabel = (values: readonly (string | undefined)[]) =>
    Object.fromEntries(product.labels.map((l, i) => [l, values[i] ?? '']));

  const [chosen, setChosen] = useState<(string | undefined)[]>(() => {
    const fits = (o: PickerOption) =>
      templateForProduct(product.design, valuesByLabel(o.values)) === input.templateId;
    const requested = options.find((o) => o.optionNo === input.requestedOptionNo && fits(o));
    if (requested) return requested.values;
    if (input.initialOptionNo === null) return [];
    const fromDraft = options.find((o) => o.optionNo === input.initialOptionNo);
    if (input.initialOptionNo !== undefined) return fromDraft?.values ?? [];
    const fromTemplate = options.find((o) => o.available && fits(o));
    return (fromTemplate ?? options.find((o) => o.available) ?? options[0])?.values ?? [];
  });

  function onChoose(dim: number, value: string) {
    // keep the later choices when they still make an option under the new value
    const kept = [...choose(chosen, dim, value), ...chosen.slice(dim + 1)];
    const next = resolveOption(options, kept) ? kept : choose(chosen, dim, value);
    setChosen(next);
    const templateId = templateForProduct(product.design, valuesByLabel(next));
    if (templateId && templateId !== input.currentTemplateId()) {
      input.dispatch({ type: 'change-template', templateId });
      input.announce(`${template(templateId).label} 템플릿으로 바꿨습니다.`);
    }
  }

  return { chosen, option: resolveOption(options, chosen), onChoose };
}
