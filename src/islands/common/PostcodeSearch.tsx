import { useEffect, useId, useRef, useState } from 'react';
import { addressFromPostcode, type PickedAddress } from '../../lib/postcode.ts';
import { loadPostcodeService } from './postcode-service.ts';
import './postcode-search.css';

export interface PostcodeSearchProps {
  /** Called with the picked address; the form fills its fields and moves the focus on. */
  onPicked(address: PickedAddress): void;
  /** Opens manual entry, for forms whose address fields cannot be typed in. */
  onManual?: (() => void) | undefined;
  /** What to do instead when the form's own fields stay editable. */
  manualHint?: string | undefined;
  disabled?: boolean | undefined;
}

const FAILED = '우편번호 검색 서비스를 불러오지 못했습니다.';

/**
 * 우편번호 찾기 with Kakao's postcode search (decision 041): the script loads on the first click,
 * and the search opens embedded in a modal dialog at every width (a popup window opened after the
 * script's load could be blocked, and the dialog keeps the focus in the page). If the script cannot
 * load (offline, blocked), the shopper is told so in Korean and manual entry stays usable.
 */
export function PostcodeSearch({ onPicked, onManual, manualHint, disabled }: PostcodeSearchProps) {
  const uid = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    // the search page is dropped on close, so the next search starts afresh
    const clear = () => frame.current?.replaceChildren();
    d?.addEventListener('close', clear);
    return () => d?.removeEventListener('close', clear);
  }, []);

  async function start() {
    setFailed(false);
    setLoading(true);
    try {
      const Postcode = await loadPostcodeService();
      const d = dialog.current;
      const f = frame.current;
      if (!d || !f) return;
      d.showModal();
      new Postcode({
        width: '100%',
        height: '100%',
        oncomplete(data) {
          d.close();
          onPicked(addressFromPostcode(data));
        },
      }).embed(f, { autoClose: true });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void start()}
        disabled={disabled || loading}
        aria-busy={loading}
      >
        {loading ? '불러오는 중…' : '우편번호 찾기'}
      </button>
      {failed && (
        <p className="postcode-failed" role="alert">
          {FAILED}{' '}
          {onManual ? (
            <button type="button" className="postcode-failed__manual" onClick={onManual}>
              직접 입력하기
            </button>
          ) : (
            (manualHint ?? '우편번호와 주소를 직접 입력해 주세요.')
          )}
        </p>
      )}
      {/* React passes a dialog's close and cancel on to its parents: a form that is itself a dialog
          (the return form) must not close with this one */}
      <dialog
        ref={dialog}
        className="postcode-dialog"
        aria-labelledby={`${uid}-title`}
        onClose={(e) => e.stopPropagation()}
        onCancel={(e) => e.stopPropagation()}
      >
        <div className="postcode-dialog__head">
          <h2 id={`${uid}-title`}>우편번호 찾기</h2>
          <button
            type="button"
            className="postcode-dialog__close"
            aria-label="닫기"
            onClick={() => dialog.current?.close()}
          >
            ×
          </button>
        </div>
        <p className="postcode-dialog__hint">도로명, 건물명 또는 지번으로 검색해 주세요.</p>
        <div ref={frame} className="postcode-dialog__frame" />
      </dialog>
    </>
  );
}
