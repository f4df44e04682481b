import type { TemplateId } from '../../lib/design/templates.ts';
import { template } from '../../lib/design/templates.ts';
import { GUIDE as GUIDE_COLOURS } from './guides.ts';

/** What the canvas can do by pointer, keyboard and touch (its aria-describedby), and the guides' legend. */
export default function CanvasHelp({ templateId }: { templateId: TemplateId }) {
  const t = template(templateId);
  return (
    <>
      <p id="canvas-help" className="muted canvas-help">
        요소를 끌어 옮기고 모서리 손잡이로 크기와 회전을 바꿉니다. 문구를 두 번 누르면 바로 편집합니다.
        <span className="canvas-help__keys">
          {' '}
          Enter: 문구 편집, 화살표: 선택한 요소 1mm 이동(Shift: 10mm), 선택이 없으면 화면 이동, Delete: 삭제,
          Ctrl+Z / Ctrl+Shift+Z: 실행 취소 / 다시 실행, Ctrl+D: 복제.
        </span>{' '}
        두 손가락으로 확대·축소하고 선택한 요소를 돌립니다.
      </p>
      <ul className="legend" aria-label="안내선">
        <li>
          <span style={{ borderColor: GUIDE_COLOURS.bleed }} className="legend__line legend__line--dashed" />{' '}
          재단 여백(블리드)
        </li>
        <li>
          <span style={{ borderColor: GUIDE_COLOURS.trim }} className="legend__line" /> 완성 크기 {t.widthMm}×
          {t.heightMm}mm
        </li>
        <li>
          <span style={{ borderColor: GUIDE_COLOURS.safe }} className="legend__line legend__line--dashed" />{' '}
          안전 영역
        </li>
      </ul>
    </>
  );
}
