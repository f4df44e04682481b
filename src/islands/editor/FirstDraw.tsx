import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { template } from '../../lib/design/templates.ts';
import {
  drawFirstFrame,
  FIRST_FRAME_IMAGE_ID,
  firstFrameOfPage,
  serverFirstFrameImage,
} from './first-draw.ts';
import type { DesignEditorProps } from './types.ts';

/**
 * The editor as it first appears: its title and the template drawn on a plain canvas, laid out like
 * the workspace (same classes, the toolbar's and tools' room kept) so nothing jumps when the
 * workspace replaces it. Reaching for it (pointer, key, focus) asks for the workspace at once.
 */
export default function FirstDraw(props: DesignEditorProps & { onWant: () => void; failed: boolean }) {
  const { product, onWant, failed } = props;
  // the first frame is drawn once, from what the page gave
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const frame = useMemo(() => firstFrameOfPage(props), []);
  // read before this component replaces the server's HTML
  const [image] = useState(() => serverFirstFrameImage(frame));
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useLayoutEffect(() => {
    const el = box.current;
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!el || !c || !ctx || !frame) return;
    const draw = () => {
      const width = Math.floor(el.clientWidth);
      const height = Math.floor(el.clientHeight);
      if (width === 0 || height === 0) return;
      const pixelRatio = window.devicePixelRatio || 1;
      c.width = Math.round(width * pixelRatio);
      c.height = Math.round(height * pixelRatio);
      c.style.width = `${width}px`;
      c.style.height = `${height}px`;
      drawFirstFrame(ctx, frame, { width, height, pixelRatio });
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame]);

  return (
    <div
      className="design-editor design-editor--first"
      onPointerDown={onWant}
      onKeyDown={onWant}
      onFocus={onWant}
    >
      <div className="editor-head">
        <div>
          <h1 className="editor-title">{props.title}</h1>
          <p className="muted editor-sub">
            {frame ? `${template(frame.templateId).label} · ` : ''}
            {product.productName}
          </p>
        </div>
      </div>
      <div className="editor-toolbar editor-toolbar--pending" aria-hidden="true" />
      <div className="editor-body">
        <div className="editor-stage">
          <div ref={box} className="stage-box">
            {image && (
              <img
                id={FIRST_FRAME_IMAGE_ID}
                className="first-frame"
                src={image.src}
                width={image.width}
                height={image.height}
                alt=""
              />
            )}
            <canvas ref={canvas} aria-hidden="true" />
          </div>
        </div>
        <div className="editor-tools" />
      </div>
      {failed ? (
        <p className="form-error" role="alert">
          편집 도구를 불러오지 못했습니다.{' '}
          <button type="button" className="button button--secondary" onClick={onWant}>
            다시 시도
          </button>
        </p>
      ) : (
        <p className="visually-hidden" role="status">
          편집 도구를 불러오는 중입니다…
        </p>
      )}
    </div>
  );
}
