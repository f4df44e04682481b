import type { ReactNode } from 'react';

/** A checkbox with its label around it, as the display forms lay them out (`.bf-check`). */
export default function Check(props: {
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}) {
  return (
    <label className="bf-check">
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />
      {props.children}
    </label>
  );
}
