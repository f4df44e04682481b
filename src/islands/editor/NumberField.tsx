import { useId, useState } from 'react';

/** A labelled number field (with an optional slider beside it, hidden from screen readers). */
export default function NumberField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  disabled?: boolean;
  range?: boolean;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(props.value));
  // a new value from outside (the slider, undo) replaces what was typed
  const [shown, setShown] = useState(props.value);
  if (shown !== props.value) {
    setShown(props.value);
    setText(String(props.value));
  }
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <div className="field__row">
        {props.range && (
          <input
            type="range"
            min={props.min}
            max={props.max}
            step={props.step}
            value={props.value}
            disabled={props.disabled}
            aria-hidden="true"
            tabIndex={-1}
            onChange={(e) => props.onChange(Number(e.target.value))}
          />
        )}
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={props.min}
          max={props.max}
          step={props.step}
          value={text}
          disabled={props.disabled}
          onChange={(e) => {
            setText(e.target.value);
            const v = Number(e.target.value);
            if (e.target.value !== '' && Number.isFinite(v))
              props.onChange(Math.min(props.max, Math.max(props.min, v)));
          }}
        />
      </div>
    </div>
  );
}
