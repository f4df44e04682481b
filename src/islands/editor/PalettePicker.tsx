import { useId } from 'react';
import {
  BASIC_COLOURS,
  EXTENDED_COLOURS,
  colour,
  type ColourId,
  type PaletteColour,
} from '../../lib/design/palette.ts';

export interface PalettePickerProps {
  legend: string;
  value: ColourId;
  onChange: (id: ColourId) => void;
  disabled?: boolean;
}

/**
 * The palette as native radio buttons (one group across the 12 basic and 35 extended colours):
 * arrow keys move through it, screen readers read each colour's Korean name, the swatch is decoration.
 */
export default function PalettePicker({ legend, value, onChange, disabled = false }: PalettePickerProps) {
  const name = useId();
  const swatches = (list: readonly PaletteColour[], label: string) => (
    <div className="palette__group" role="presentation">
      <span className="palette__group-label" aria-hidden="true">
        {label}
      </span>
      <div className="palette__swatches">
        {list.map((c) => (
          <label key={c.id} className="swatch" title={c.label}>
            <input
              type="radio"
              name={name}
              value={c.id}
              checked={value === c.id}
              disabled={disabled}
              onChange={() => onChange(c.id as ColourId)}
            />
            <span className="swatch__chip" style={{ background: c.hex }} aria-hidden="true" />
            <span className="visually-hidden">{c.label}</span>
          </label>
        ))}
      </div>
    </div>
  );
  return (
    <fieldset className="palette" disabled={disabled}>
      <legend>
        {legend} <span className="palette__current">{colour(value).label}</span>
      </legend>
      {swatches(BASIC_COLOURS, '기본')}
      {swatches(EXTENDED_COLOURS, '확장')}
    </fieldset>
  );
}
