import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { formatWon } from '../../lib/money.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import { kakaoReady, kakaoStatus, kakaoWithdraw, type KakaoRequest } from './pos-api.ts';

/**
 * Kakao Pay by QR: asks for a payment request of `amount`, draws its QR code (the address the
 * customer's phone opens, bwip-js on a canvas) and asks every two seconds whether the customer
 * approved it; then hands the request id to the sale. Expired or cancelled requests say so.
 */
export interface KakaoPayQrProps {
  amount: number;
  /** Demo shop: also offer a link that opens the customer's page in a new tab. */
  simulated: boolean;
  onApproved: (request: KakaoRequest) => void;
  onClose: () => void;
}

const POLL_MS = 2000;

export default function KakaoPayQr({ amount, simulated, onApproved, onClose }: KakaoPayQrProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const started = useRef(false);
  const [request, setRequest] = useState<KakaoRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const approved = useEffectEvent((r: KakaoRequest) => onApproved(r));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    kakaoReady(amount).then(setRequest, (err: unknown) => setError(errorMessage(err)));
  }, [amount]);

  useEffect(() => {
    if (!request || !canvas.current) return;
    const target = canvas.current;
    import('bwip-js/browser')
      .then(({ toCanvas }) =>
        toCanvas(target, { bcid: 'qrcode', text: request.approveUrl, scale: 4, padding: 2 }),
      )
      .catch(() => setError('QR 코드를 그리지 못했습니다. 고객에게 주소를 직접 알려 주세요.'));
  }, [request]);

  useEffect(() => {
    if (!request || request.status !== 'READY') return undefined;
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      setLeft(Math.max(0, Math.round((Date.parse(request.expiresAt) - Date.now()) / 1000)));
      try {
        const now = await kakaoStatus(request.requestId);
        if (stopped) return;
        if (now.status !== 'READY') {
          setRequest(now);
          if (now.status === 'APPROVED') approved(now);
          return;
        }
      } catch {
        // keep asking: a blip of the connection is not the customer's answer
      }
      timer = window.setTimeout(() => void tick(), POLL_MS);
    };
    let timer = window.setTimeout(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [request]);

  const status = request?.status;
  return (
    <div className="pos-kakao" aria-live="polite">
      <p>
        <strong>{formatWon(amount)}</strong> 카카오페이 결제
      </p>
      {error && (
        <p className="pos-error" role="alert">
          {error}
        </p>
      )}
      {!request && !error && <p>결제 요청을 만드는 중…</p>}
      <canvas
        ref={canvas}
        className="pos-kakao__qr"
        hidden={!request || status !== 'READY'}
        aria-label="카카오페이 결제 QR 코드"
        role="img"
      />
      {status === 'READY' && (
        <>
          <p>고객이 휴대폰 카메라로 QR 코드를 찍어 결제하면 자동으로 넘어갑니다.</p>
          {left !== null && (
            <p className="pos-hint">
              남은 시간 {Math.floor(left / 60)}분 {String(left % 60).padStart(2, '0')}초
            </p>
          )}
          {simulated && request && (
            <p>
              <a href={request.approveUrl} target="_blank" rel="noopener">
                고객 휴대폰 화면 열기(연습)
              </a>
            </p>
          )}
        </>
      )}
      {status === 'APPROVED' && (
        <p className="pos-ok">카카오페이 결제가 승인되었습니다. 승인번호 {request?.approvalNo}</p>
      )}
      {status === 'EXPIRED' && (
        <p className="pos-error" role="alert">
          결제 요청 시간이 지났습니다. 다시 요청해 주세요.
        </p>
      )}
      {(status === 'CANCELLED' || status === 'USED') && (
        <p className="pos-error" role="alert">
          이 결제 요청은 더 쓸 수 없습니다. 다시 요청해 주세요.
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          // a request the counter no longer shows must not be approvable by the customer any more
          if (request && status === 'READY') kakaoWithdraw(request.requestId).catch(() => undefined);
          onClose();
        }}
      >
        {status === 'READY' ? '카카오페이 요청 닫기' : '닫기'}
      </button>
    </div>
  );
}
