import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { dpiWarning, effectiveDpi, maxSizeForDpi } from '../../lib/design/dpi.ts';
import { FONTS } from '../../lib/design/fonts.ts';
import { designAreas, mmToPt, ptToMm } from '../../lib/design/geometry.ts';
import type { DesignDocument, DesignNode, ImageNode, TextNode } from '../../lib/design/schema.ts';
import { template } from '../../lib/design/templates.ts';
import type { EditorAction, NodePatch } from './editor-state.ts';
import { createImeGuard } from './ime-guard.ts';
import PalettePicker from './PalettePicker.tsx';
import { cleanDesignText, isStorableText } from './text-input.ts';

export interface NodePropertiesProps {
  doc: DesignDocument;
  node: DesignNode;
  dispatch: (action: EditorAction) => void;
  onEditInPlace: (id: string) => void;
}

/** The selected element's settings: every canvas gesture has a labelled field here too. */
export default function NodeProperties({ doc, node, dispatch, onEditInPlace }: NodePropertiesProps) {
  const update = (patch: NodePatch, field: string) =>
    dispatch({ type: 'update', id: node.id, patch, coalesceKey: `${field}:${node.id}` });
  return (
    <section className="panel" aria-labelledby="node-props-title">
      <h2 id="node-props-title" className="panel__title">
        {node.type === 'text' ? '문구 설정' : '이미지 설정'}
      </h2>
      {node.type === 'text' ? (
        <TextFields doc={doc} node={node} update={update} onEditInPlace={onEditInPlace} />
      ) : (
        <ImageFields node={node} update={update} />
      )}
      <NumberField
        label="회전 (도)"
        value={Math.round(node.rotation)}
        min={-360}
        max={360}
        step={1}
        disabled={node.locked}
        onChange={(v) => update({ rotation: v }, 'rotation')}
      />
    </section>
  );
}

function NumberField(props: {
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
  useEffect(() => setText(String(props.value)), [props.value]);
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

function TextFields({
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
  const updateRef = useRef(update);
  updateRef.current = update;
  const guard = useMemo(
    () =>
      createImeGuard((value) => {
        const text = cleanDesignText(value, node.arc !== null);
        if (isStorableText(text)) updateRef.current({ text }, 'text');
      }),
    [node.id, node.arc],
  );
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
          onCompositionEnd={(e) => guard.compositionEnd(e.currentTarget.value)}
          onInput={(e) => guard.input(e.currentTarget.value, (e.nativeEvent as InputEvent).isComposing)}
          onBlur={(e) => {
            focused.current = false;
            guard.blur(e.currentTarget.value);
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
                  onChange={(e) =>
                    node.arc &&
                    update(
                      { arc: { ...node.arc, direction: e.target.value as 'outside' | 'inside' } },
                      'arc-dir',
                    )
                  }
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

function ImageFields({
  node,
  update,
}: {
  node: ImageNode;
  update: (patch: Partial<ImageNode>, field: string) => void;
}) {
  const warning = dpiWarning(node);
  const dpi = Math.floor(effectiveDpi(node));
  const ratio = node.height / node.width;
  return (
    <>
      <p className={warning ? 'dpi dpi--low' : 'dpi'} role={warning ? 'alert' : undefined}>
        {warning ?? `인쇄 해상도 ${dpi} DPI (좋음)`}
      </p>
      {warning && (
        <button
          type="button"
          className="link-button"
          disabled={node.locked}
          onClick={() => {
            const max = maxSizeForDpi(node);
            const scale = Math.min(1, max.width / node.width, max.height / node.height);
            update({ width: node.width * scale, height: node.height * scale }, 'resize');
          }}
        >
          선명하게 인쇄되는 크기로 줄이기
        </button>
      )}
      <NumberField
        label="너비 (mm)"
        value={Math.round(node.width * 10) / 10}
        min={2}
        max={1000}
        step={0.5}
        disabled={node.locked}
        onChange={(width) => update({ width, height: width * ratio }, 'resize')}
      />
    </>
  );
}
