import { useEffect, useEffectEvent, type RefObject } from 'react';
import { cleanScannedCode, createScanDetector } from '../../lib/pos/scanner.ts';

/**
 * A USB scanner anywhere on the counter screen: listens to every key press of the page (capture
 * phase) and hands a fast burst ending in Enter (src/lib/pos/scanner.ts) to `onScan`, without the
 * scan field having the focus. The scan field itself is left alone (it handles its own Enter).
 * When the focus is in another field, its keys go through as typed; only when they turn out to be
 * a scan is the field given back the text it had before the burst, and the Enter swallowed (so a
 * focused button is not pressed either).
 */

type Editable = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Snapshot {
  el: Editable;
  value: string;
}

function editable(el: Element | null): Editable | null {
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return el;
  if (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type))
    return el;
  return null;
}

/** Puts a React-controlled field back to `value` (the native setter, then an input event React hears). */
function restore({ el, value }: Snapshot): void {
  if (el.value === value) return;
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

export function useScanner(
  onScan: (code: string) => void,
  scanField: RefObject<HTMLInputElement | null>,
  enabled = true,
): void {
  const handle = useEffectEvent((code: string) => onScan(code));

  useEffect(() => {
    if (!enabled) return undefined;
    const detector = createScanDetector();
    let snapshot: Snapshot | null = null;

    const onKey = (e: KeyboardEvent) => {
      if (e.isComposing || e.repeat) return;
      const target = document.activeElement;
      if (target && target === scanField.current) {
        detector.reset();
        return;
      }
      const verdict = detector.feed({
        key: e.key,
        time: e.timeStamp,
        withModifier: e.ctrlKey || e.altKey || e.metaKey,
      });
      if (verdict.kind === 'char' && verdict.startsBurst) {
        const field = editable(target);
        snapshot = field ? { el: field, value: field.value } : null;
      } else if (verdict.kind === 'scan') {
        const code = cleanScannedCode(verdict.code);
        if (!code) return;
        e.preventDefault();
        e.stopPropagation();
        if (snapshot && snapshot.el === editable(document.activeElement)) restore(snapshot);
        snapshot = null;
        handle(code);
      }
    };
    const forget = () => detector.reset();
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('blur', forget);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('blur', forget);
    };
  }, [enabled, scanField]);
}
