import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Reader } from './barcode-reader.ts';

/**
 * Scanning with the phone's or tablet's camera (F9): the back camera's picture, read a few times
 * a second until a barcode is found; then the code goes to the sale and the camera stops. Why the
 * camera cannot start is said in Korean (permission refused, no camera, busy, not https).
 */

export interface CameraScanProps {
  onCode: (code: string) => void;
  onClose: () => void;
}

const READ_EVERY_MS = 200;

/** The Korean explanation of a getUserMedia failure. */
export function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return '카메라 사용이 허용되지 않았습니다. 주소창 옆의 카메라(사이트 설정) 아이콘에서 카메라를 "허용"으로 바꾼 뒤 다시 열어 주세요.';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return '이 기기에서 카메라를 찾을 수 없습니다. 카메라가 연결되어 있는지 확인하거나 바코드 스캐너를 써 주세요.';
    case 'NotReadableError':
    case 'TrackStartError':
      return '다른 앱이나 탭이 카메라를 쓰고 있습니다. 그 앱을 닫은 뒤 다시 열어 주세요.';
    case 'SecurityError':
      return '보안 연결(https)에서만 카메라를 쓸 수 있습니다. 관리자에게 알려 주세요.';
    case 'AbortError':
      return '카메라를 켜는 중에 중단되었습니다. 다시 열어 주세요.';
    default:
      return '카메라를 켜지 못했습니다. 다시 열거나 바코드 스캐너를 써 주세요.';
  }
}

export default function CameraScan({ onCode, onClose }: CameraScanProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState('카메라를 켜는 중…');
  const [error, setError] = useState<string | null>(null);
  const found = useEffectEvent((code: string) => onCode(code));

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError(
          window.isSecureContext
            ? '이 브라우저는 카메라를 쓸 수 없습니다. 최신 Chrome이나 Safari에서 열어 주세요.'
            : '보안 연결(https)에서만 카메라를 쓸 수 있습니다. 관리자에게 알려 주세요.',
        );
        return;
      }
      let reader: Reader;
      try {
        const { createReader } = await import('./barcode-reader.ts');
        reader = await createReader();
      } catch {
        setError('바코드 인식기를 불러오지 못했습니다. 연결을 확인한 뒤 다시 열어 주세요.');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (err) {
        setError(cameraProblem(err));
        return;
      }
      if (stopped || !video.current) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setStatus('바코드를 화면 가운데에 비춰 주세요.');
      const read = async () => {
        if (stopped || !video.current) return;
        if (video.current.readyState >= 2) {
          try {
            const codes = await reader.detect(video.current);
            const code = codes.find((c) => c.rawValue.trim())?.rawValue.trim();
            if (code && !stopped) {
              stopped = true;
              setStatus(`${code} 읽음`);
              found(code);
              return;
            }
          } catch {
            // a frame that could not be read: try the next
          }
        }
        timer = window.setTimeout(() => void read(), READ_EVERY_MS);
      };
      void read();
    }
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      d?.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="pos-camera"
      aria-labelledby="pos-camera-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id="pos-camera-title" className="pos-pay__title">
        카메라로 바코드 찍기
      </h2>
      <video ref={video} className="pos-camera__video" muted playsInline aria-label="카메라 화면" />
      <p aria-live="polite">{status}</p>
      {error && (
        <p className="pos-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button--secondary" onClick={onClose} autoFocus>
        닫기 <kbd>Esc</kbd>
      </button>
    </dialog>
  );
}
