import { useId, useState } from 'react';

export interface QuantityStepperProps {
  /** What the quantity is of ("방석 색상: 차콜"): it names the field and the buttons. */
  name: string;
  value: number;
  max: number;
  disabled?: boolean;
  /** A new quantity; below 1 means "remove this line" (spec section 4). */
  onChange: (value: number) => void;
}

/**
 * Plus and minus by 1 and a typed quantity (applied on Enter or when the field is left). Minus at 1
 * removes the line, as the spec's option list does; the button says so.
 */
export default function QuantityStepper({ name, value, max, disabled, onChange }: QuantityStepperProps) {
  const id = useId();
  const [text, setText] = useState(String(value));
  // a new quantity from outside (a step, the server) replaces what was typed
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }

  function commit() {
    const n = Number.parseInt(text, 10);
    if (!Number.isFinite(n) || n === value) {
      setText(String(value));
      return;
    }
    onChange(Math.min(n, max));
  }

  return (
    <div className="qty">
      <label htmlFor={id} className="visually-hidden">
        {name} 수량
      </label>
      <button
        type="button"
        className="qty__button"
        aria-label={value <= 1 ? `${name} 삭제 (수량 줄이기)` : `${name} 수량 줄이기`}
        aria-controls={id}
        disabled={disabled}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <input
        id={id}
        className="qty__input"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      <button
        type="button"
        className="qty__button"
        aria-label={`${name} 수량 늘리기`}
        aria-controls={id}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
