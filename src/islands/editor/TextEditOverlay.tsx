import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { font, HANGUL_FALLBACK_FAMILY } from '../../lib/design/fonts.ts';
import { colourHex } from '../../lib/design/palette.ts';
import { DESIGN_LIMITS, type TextNode } from '../../lib/design/schema.ts';
import { useImeGuard } from './hooks.ts';
import { cleanDesignText, isStorableText } from './text-input.ts';

export interface TextEditOverlayProps {
  node: TextNode;
  /** The stage transform: pixels per millimetre and the print area's top-left in the canvas. */
  transform: { scale: number; x: number; y: number };
  /** A value to keep (never mid-syllable). */
  onCommit: (text: string) => void;
  /** Editing ended: `cancelled` puts the original text back. */
  onClose: (result: { cancelled: boolean; text: string }) => void;
}

/**
 * Edits a text node in place: an HTML textarea laid over the node (same font, size, colour,
 * alignment and rotation) while the Konva text is hidden. The textarea is uncontrolled: React never
 * writes its value, so a Korean syllable being composed is never disturbed, and the design gets a
 * value only at compositionend, on plain input and on blur (ime-guard.ts). Enter finishes (Shift+Enter
 * is a new line), Escape cancels.
 */
export default function TextEditOverlay({ node, transform, onCommit, onClose }: TextEditOverlayProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const original = useRef(node.text);
  const closed = useRef(false);
  const singleLine = node.arc !== null;
  const guard = useImeGuard(singleLine);
  const commit = (value: string) => {
    const text = cleanDesignText(value, singleLine);
    if (isStorableText(text)) onCommit(text);
  };

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.select();
  }, []);

  // where the text sits: the node's centre, or the middle of the arc for text on a circle
  const [position] = useState(() => {
    let x = node.x;
    let y = node.y;
    let rotation = node.rotation;
    if (node.arc) {
      const a = ((node.arc.angle + node.rotation) * Math.PI) / 180;
      const r =
        node.arc.radius + (node.arc.direction === 'outside' ? node.fontSize * 0.3 : -node.fontSize * 0.3);
      x += r * Math.sin(a);
      y -= r * Math.cos(a);
      rotation = node.arc.angle + node.rotation + (node.arc.direction === 'inside' ? 180 : 0);
    }
    // fixed when editing starts: nothing may move the textarea while a syllable is composed
    return { left: transform.x + x * transform.scale, top: transform.y + y * transform.scale, rotation };
  });

  function finish(cancelled: boolean) {
    if (closed.current) return;
    closed.current = true;
    const value = cleanDesignText(ref.current?.value ?? '', singleLine);
    if (!cancelled) guard.blur(value, commit);
    onClose({ cancelled, text: cancelled ? original.current : value });
  }

  const f = font(node.fontFamily);
  const family =
    f.cssFamily === HANGUL_FALLBACK_FAMILY
      ? `"${f.cssFamily}"`
      : `"${f.cssFamily}", "${HANGUL_FALLBACK_FAMILY}"`;
  const style: CSSProperties = {
    left: position.left,
    top: position.top,
    transform: `translate(-50%, -50%) rotate(${position.rotation}deg) scale(${node.scaleX}, ${node.scaleY})`,
    fontFamily: `${family}, ${f.generic}`,
    fontSize: `${node.fontSize * transform.scale}px`,
    lineHeight: node.lineHeight,
    letterSpacing: `${node.letterSpacing * transform.scale}px`,
    color: colourHex(node.color),
    textAlign: node.align,
  };

  return (
    <textarea
      ref={ref}
      className="text-edit-overlay"
      style={style}
      defaultValue={node.text}
      maxLength={DESIGN_LIMITS.maxTextLength}
      rows={Math.max(1, node.text.split('\n').length)}
      aria-label="문구 편집 (Enter: 완료, Shift+Enter: 줄바꿈, Esc: 취소)"
      spellCheck={false}
      autoComplete="off"
      onCompositionStart={() => guard.compositionStart()}
      onCompositionEnd={(e) => guard.compositionEnd(e.currentTarget.value, commit)}
      onInput={(e) => {
        const el = e.currentTarget;
        guard.input(el.value, (e.nativeEvent as InputEvent).isComposing, commit);
        el.rows = Math.max(1, el.value.split('\n').length);
      }}
      onBlur={() => finish(false)}
      onKeyDown={(e) => {
        e.stopPropagation(); // the editor's shortcuts (Delete, arrows, Ctrl+Z) belong to the field now
        if (!guard.keyMayAct(e.nativeEvent)) return;
        if (e.key === 'Escape') {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Enter' && (!e.shiftKey || singleLine)) {
          e.preventDefault();
          finish(false);
        }
      }}
    />
  );
}
