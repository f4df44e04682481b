import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A WAI-ARIA toolbar: one Tab stop; Left/Right (and Home/End) move between its enabled buttons and
 * fields. The item that had focus last keeps the Tab stop.
 */
export default function RovingToolbar({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const current = useRef<HTMLElement | null>(null);

  const items = () =>
    Array.from(ref.current?.querySelectorAll<HTMLElement>('button, select, input') ?? []).filter(
      (el) => !(el as HTMLButtonElement).disabled && el.offsetParent !== null,
    );

  // after every render: exactly one item is tabbable (the last focused, else the first enabled)
  useEffect(() => {
    const all = items();
    const keep = current.current && all.includes(current.current) ? current.current : all[0];
    for (const el of all) el.tabIndex = el === keep ? 0 : -1;
  });

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const tag = (e.target as HTMLElement).tagName;
    if (tag === 'SELECT' || tag === 'INPUT') return; // their arrows are theirs
    const all = items();
    const i = all.indexOf(e.target as HTMLElement);
    if (i < 0) return;
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % all.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + all.length) % all.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? all.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    all[to]?.focus();
  }

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={label}
      aria-orientation="horizontal"
      className={className}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        current.current = e.target as HTMLElement;
        for (const el of items()) el.tabIndex = el === e.target ? 0 : -1;
      }}
    >
      {children}
    </div>
  );
}
