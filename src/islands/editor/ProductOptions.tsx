import { useId } from 'react';
import { formatWon } from '../../lib/money.ts';
import { valuesFor, type PickerOption } from '../catalog/option-model.ts';

/**
 * The product's options in the editor, dimension by dimension: size (which also picks the print
 * template) and the cushioning material with its add price. A full choice is one sellable option,
 * the one the cart line gets.
 */
export default function ProductOptions({
  labels,
  options,
  chosen,
  materialLabel,
  onChoose,
}: {
  labels: string[];
  options: PickerOption[];
  chosen: (string | undefined)[];
  materialLabel: string | null;
  onChoose: (dim: number, value: string) => void;
}) {
  const uid = useId();
  if (labels.length === 0) return null;
  return (
    <section className="panel" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="panel__title">
        상품 옵션
      </h2>
      {labels.map((label, dim) => {
        const choices = valuesFor(options, dim, chosen);
        const disabled = dim > 0 && chosen[dim - 1] === undefined;
        // the add price of a value, from the cheapest available option under it (material first)
        const addOf = (value: string) => {
          const under = options.filter(
            (o) =>
              o.available &&
              o.values[dim] === value &&
              chosen.slice(0, dim).every((c, i) => o.values[i] === c),
          );
          if (under.length === 0) return null;
          const base = Math.min(
            ...options
              .filter((o) => o.available && chosen.slice(0, dim).every((c, i) => o.values[i] === c))
              .map((o) => o.addPrice),
          );
          return Math.min(...under.map((o) => o.addPrice)) - base;
        };
        return (
          <div className="field" key={label}>
            <label htmlFor={`${uid}-${dim}`}>
              {label}
              {label === materialLabel && <span className="muted"> (쿠션 소재)</span>}
            </label>
            <select
              id={`${uid}-${dim}`}
              value={chosen[dim] ?? ''}
              disabled={disabled}
              onChange={(e) => onChoose(dim, e.target.value)}
            >
              <option value="" disabled>
                {label} 선택
              </option>
              {choices.map((c) => {
                const add = addOf(c.value);
                return (
                  <option key={c.value} value={c.value} disabled={!c.available}>
                    {c.value}
                    {add ? ` (+${formatWon(add)})` : ''}
                    {!c.available ? ' (품절)' : ''}
                  </option>
                );
              })}
            </select>
          </div>
        );
      })}
    </section>
  );
}
