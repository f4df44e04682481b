import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FONTS } from '../../lib/design/fonts.ts';
import { designAreas, mmToPt, ptToMm } from '../../lib/design/geometry.ts';
import type { DesignDocument, TextNode } from '../../lib/design/schema.ts';
import { template } from '../../lib/design/templates.ts';
import { useImeGuard } from './hooks.ts';
import NumberField from './NumberField.tsx';
import PalettePicker from './PalettePicker.tsx';
import { cleanDesignText, isStorableText } from './text-input.ts';

/**
 * A text's settings: the words (IME-safe, like the in-place editor), font, size, colour, alignment,
 * letter spacing, and on round shapes the arc.
 */
export default function TextFields({
  doc,
  node,
  update,
  onEditInPlace,
}: {
  doc: DesignDocument;
  node: TextNode;
  update: (patch: Partial<TextNode>, field: string) => void;
  onEditInPlace: (id: string) => void;
}) {
  const uid = useId();
  const areas = useMemo(() => designAreas(template(doc.templateId)), [doc.templateId]);
  const round = doc.shape === 'circle';
  const [draft, setDraft] = useState(node.text);
  const focused = useRef(false);
  // a new node remounts these fields (keyed by its id); a new arc setting gets a fresh guard
  const guard = useImeGuard(node.arc);
  const commit = (value: string) => {
    const text = cleanDesignText(value, node.arc !== null);
    if (isStorableText(text)) update({ text }, 'text');
  };
  // undo/redo or the canvas changed the text: show it, unless the shopper is typing here
  useEffect(() => {
    if (!focused.current) setDraft(node.text);
  }, [node.text]);

  const arcDefaults = () => ({
    radius: Math.round((Math.min(areas.trim.width, areas.trim.height) / 2 - node.fontSize) * 10) / 10,
    angle: 0,
    direction: 'outside' as const,
  });

  return (
    <>
      <div className="field">
        <label htmlFor={`${uid}-text`}>문구</label>
        <textarea
          id={`${uid}-text`}
          value={draft}
          rows={node.arc ? 1 : 2}
          maxLength={200}
          disabled={node.locked}
          onFocus={() => (focused.current = true)}
          onChange={(e) => setDraft(e.target.value)}
          onCompositionStart={() => guard.compositionStart()}
          onCompositionEnd={(e) => guard.compositionEnd(e.currentTarget.value, commit)}
          onInput={(e) =>
            guard.input(e.currentTarget.value, (e.nativeEvent as InputEvent).isComposing, commit)
          }
          onBlur={(e) => {
            focused.current = false;
            guard.blur(e.currentTarget.value, commit);
            if (!isStorableText(e.currentTarget.value)) setDraft(node.text);
          }}
        />
        <button
          type="button"
          className="link-button"
          disabled={node.locked}
          onClick={() => onEditInPlace(node.id)}
        >
          캔버스에서 바로 편집
        </button>
      </div>
      <div className="field">
        <label htmlFor={`${uid}-font`}>글꼴</label>
        <select
          id={`${uid}-font`}
          value={node.fontFamily}
          disabled={node.locked}
          onChange={(e) => update({ fontFamily: e.target.value as TextNode['fontFamily'] }, 'font')}
        >
          {FONTS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <NumberField
        label="글자 크기 (pt)"
        value={Math.round(mmToPt(node.fontSize * node.scaleY))}
        min={4}
        max={400}
        step={1}
        disabled={node.locked}
        onChange={(pt) => update({ fontSize: Math.max(1, ptToMm(pt) / node.scaleY) }, 'size')}
      />
      <PalettePicker
        legend="글자 색"
        value={node.color}
        disabled={node.locked}
        onChange={(c) => update({ color: c }, 'color')}
      />
      <div className="field" role="group" aria-labelledby={`${uid}-align`}>
        <span id={`${uid}-align`} className="field__label">
          정렬
        </span>
        <div className="segmented">
          {(
            [
              ['left', '왼쪽 정렬'],
              ['center', '가운데 정렬'],
              ['right', '오른쪽 정렬'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={node.align === value}
              disabled={node.locked || node.arc !== null}
              onClick={() => update({ align: value }, 'align')}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <NumberField
        label="자간 (mm)"
        value={Math.round(node.letterSpacing * 10) / 10}
        min={-5}
        max={30}
        step={0.1}
        range
        disabled={node.locked}
        onChange={(v) => update({ letterSpacing: v }, 'spacing')}
      />
      {round && (
        <fieldset className="field">
          <legend>곡선 문구</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={node.arc !== null}
              disabled={node.locked}
              onChange={(e) =>
                update(
                  e.target.checked
                    ? {
                        arc: arcDefaults(),
                        x: areas.print.width / 2,
                        y: areas.print.height / 2,
                        rotation: 0,
                        text: node.text.replace(/\n+/g, ' '),
                      }
                    : { arc: null, x: areas.print.width / 2, y: areas.print.height / 2 },
                  'arc',
                )
              }
            />
            원을 따라 쓰기
          </label>
          {node.arc && (
            <>
              <NumberField
                label="곡선 반지름 (mm)"
                value={node.arc.radius}
                min={5}
                max={Math.round(areas.print.width)}
                step={0.5}
                range
                disabled={node.locked}
                onChange={(radius) => node.arc && update({ arc: { ...node.arc, radius } }, 'arc-radius')}
              />
              <NumberField
                label="곡선 위치 (도, 0 = 위쪽)"
                value={node.arc.angle}
                min={-180}
                max={180}
                step={1}
                range
                disabled={node.locked}
                onChange={(angle) => node.arc && update({ arc: { ...node.arc, angle } }, 'arc-angle')}
              />
              <div className="field">
                <label htmlFor={`${uid}-dir`}>글자 방향</label>
                <select
                  id={`${uid}-dir`}
                  value={node.arc.direction}
                  disabled={node.locked}
                  onChange={(e) => {
                    if (!node.arc) return;
                    const direction = e.target.value as 'outside' | 'inside';
                    // inside reads upright along the bottom, outside along the top: mirror the place
                    const angle = ((((node.arc.angle + 180) % 360) + 540) % 360) - 180;
                    update({ arc: { ...node.arc, direction, angle } }, 'arc-dir');
                  }}
                >
                  <option value="outside">바깥쪽 (위쪽 곡선)</option>
                  <option value="inside">안쪽 (아래쪽 곡선)</option>
                </select>
              </div>
            </>
          )}
        </fieldset>
      )}
    </>
  );
}
