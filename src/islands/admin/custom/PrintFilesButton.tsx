import { useState } from 'react';
import { customDesignApi } from '../../../lib/clients/custom-design.ts';
import { errorMessage, param, unwrap } from '../../../lib/shop-api-client.ts';

export interface PrintFilesButtonProps {
  customOrderNo: number;
  /** Files already stored for the print shop. */
  stored: { front?: string; back?: string; document?: string } | null;
}

const NAMES = { front: '앞면 PNG', back: '뒷면 PNG', document: '디자인 JSON' } as const;

/**
 * Makes and stores the print files of a custom order (300 DPI PNG per side and the design JSON,
 * POST /api/custom/orders/{no}/print-files) so the print shop can fetch them by link; shows the
 * stored links.
 */
export default function PrintFilesButton({ customOrderNo, stored }: PrintFilesButtonProps) {
  const [files, setFiles] = useState(stored);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function make() {
    setPending(true);
    setError(null);
    try {
      const res = await unwrap(
        customDesignApi.orders[':customOrderNo']['print-files'].$post({
          param: param({ customOrderNo: String(customOrderNo) }),
        }),
      );
      setFiles(res.data);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <div aria-busy={pending}>
      {files && (
        <ul className="ca-files" aria-label="저장된 인쇄 파일">
          {(['front', 'back', 'document'] as const).map((k) =>
            files[k] ? (
              <li key={k}>
                <a href={files[k]} target="_blank" rel="noreferrer">
                  저장된 {NAMES[k]}
                </a>
              </li>
            ) : null,
          )}
        </ul>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={pending}
        onClick={() => void make()}
      >
        {pending ? '인쇄 파일 만드는 중…' : files ? '인쇄 파일 다시 만들기' : '인쇄 파일 만들어 저장'}
      </button>
      {error && (
        <p className="ca-alert" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
