import { useState } from 'react';
import { template, templateForProduct, type TemplateId } from '../../lib/design/templates.ts';
import { choose, resolveOption, type PickerOption } from '../catalog/option-model.ts';
import type { EditorAction } from './editor-state.ts';
import type { EditorProduct } from './types.ts';

/**
 * The product option chosen in the editor. It starts at the draft's option, else one that fits the
 * design's template, else the first on sale; choosing a size switches the design's template.
 */
export function useProductChoice(input: {
  product: EditorProduct;
  options: PickerOption[];
  initialOptionNo: number | null;
  templateId: TemplateId;
  currentTemplateId: () => TemplateId;
  dispatch: (action: EditorAction) => void;
  announce: (text: string) => void;
}) {
  const { product, options } = input;
  const valuesByLabel = (values: readonly (string | undefined)[]) =>
    Object.fromEntries(product.labels.map((l, i) => [l, values[i] ?? '']));

  const [chosen, setChosen] = useState<(string | undefined)[]>(() => {
    const fromDraft = options.find((o) => o.optionNo === input.initialOptionNo);
    const fromTemplate = options.find(
      (o) => o.available && templateForProduct(product.design, valuesByLabel(o.values)) === input.templateId,
    );
    return (fromDraft ?? fromTemplate ?? options.find((o) => o.available) ?? options[0])?.values ?? [];
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
