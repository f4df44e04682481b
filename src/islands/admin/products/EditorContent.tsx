import { useEffect, useRef, useState } from 'react';
import { managerBoardApi } from '../../../lib/clients/manager-board.ts';
import { errorMessage, unwrap } from '../../../lib/shop-api-client.ts';
import { fileProblem, IMAGE_ACCEPT, uploadWithProgress } from './editor-api.ts';
import { useFieldA11y } from './EditorFields.tsx';

/** The board's preview route takes up to this much (the product page has no other limit). */
const PREVIEW_MAX = 50_000;

export interface EditorContentProps {
  value: string;
  onChange: (value: string) => void;
  /** Pictures go into the product's own folder: only once it is saved. */
  productNo: number | null;
  readOnly: boolean;
}

/**
 * The detail content in Markdown, with a preview rendered by the server through the same
 * sanitiser the save uses (the board's preview route), so what it shows is what the product page
 * will show and nothing unsanitised is ever put into the page. "이미지 넣기" uploads a picture and
 * puts `![설명](url)` at the cursor, with 설명 selected to type over.
 */
export default function EditorContent({ value, onChange, productNo, readOnly }: EditorContentProps) {
  const { error, ...a11y } = useFieldA11y('content', true);
  const area = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const cursor = useRef<number | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [preview, setPreview] = useState<{ html: string; source: string } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ name: string; percent: number } | null>(null);
  const [uploadMessage, setUploadMessage] = useState<{ text: string; error: boolean } | null>(null);

  // the preview follows the text half a second after typing stops
  useEffect(() => {
    if (!previewOpen || value.length > PREVIEW_MAX) return;
    if (preview?.source === value) return;
    const timer = window.setTimeout(() => {
      unwrap(managerBoardApi.board.preview.$post({ json: { contentFormat: 'MARKDOWN', content: value } }))
        .then((body) => {
          setPreview({ html: body.html, source: value });
          setPreviewError(null);
        })
        .catch((err: unknown) => setPreviewError(errorMessage(err)));
    }, 500);
    return () => window.clearTimeout(timer);
  }, [previewOpen, value, preview?.source]);

  function pickImage() {
    cursor.current = area.current?.selectionStart ?? value.length;
    file.current?.click();
  }

  async function onFile(f: File | undefined) {
    if (!f || !productNo) return;
    const problem = fileProblem(f);
    if (problem) return setUploadMessage({ text: problem, error: true });
    setUploadMessage(null);
    setUpload({ name: f.name, percent: 0 });
    try {
      const res = await uploadWithProgress<{ url: string }>(
        `/api/manager/products/${productNo}/content-images`,
        f,
        {},
        (percent) => setUpload({ name: f.name, percent }),
      ).done;
      const at = Math.min(cursor.current ?? value.length, value.length);
      const before = value.slice(0, at);
      const lead = before === '' || before.endsWith('\n') ? '' : '\n';
      const snippet = `${lead}![설명](${res.url})\n`;
      onChange(before + snippet + value.slice(at));
      const start = at + lead.length + 2;
      requestAnimationFrame(() => {
        area.current?.focus();
        area.current?.setSelectionRange(start, start + 2);
      });
      setUploadMessage({
        text: `이미지를 넣었습니다 (${f.name}). ‘설명’을 그림의 설명으로 바꿔 주세요.`,
        error: false,
      });
    } catch (err) {
      setUploadMessage({ text: errorMessage(err), error: true });
    } finally {
      setUpload(null);
    }
  }

  const tooLong = value.length > PREVIEW_MAX;
  return (
    <div className="pe-content">
      <div className="bf-field">
        <label className="bf-label" htmlFor={a11y.id}>
          상세 설명 (마크다운)
        </label>
        {!readOnly && (
          <div className="bf-actions pe-content-tools">
            <button
              type="button"
              className="button button--secondary"
              disabled={!productNo || upload !== null}
              aria-describedby={productNo ? undefined : 'pe-content-image-hint'}
              onClick={pickImage}
            >
              이미지 넣기
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-expanded={previewOpen}
              aria-controls="pe-content-preview"
              onClick={() => setPreviewOpen((o) => !o)}
            >
              {previewOpen ? '미리보기 닫기' : '미리보기 열기'}
            </button>
            <input
              ref={file}
              type="file"
              accept={IMAGE_ACCEPT}
              hidden
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                void onFile(f);
              }}
            />
          </div>
        )}
        {!productNo && !readOnly && (
          <p className="bf-hint" id="pe-content-image-hint">
            상품을 먼저 저장하면 상세 설명에 이미지를 넣을 수 있습니다.
          </p>
        )}
        {upload && (
          <p className="pe-progress">
            <label htmlFor="pe-content-upload">{`${upload.name} 올리는 중`}</label>
            <progress id="pe-content-upload" max={100} value={upload.percent}>
              {upload.percent}%
            </progress>
          </p>
        )}
        <p role="status" className={uploadMessage?.error ? 'bf-error' : 'bf-hint'}>
          {uploadMessage?.text ?? ''}
        </p>
        <div className={previewOpen ? 'pe-content-split' : undefined}>
          <textarea
            {...a11y}
            ref={area}
            className="bf-textarea bf-textarea--code"
            value={value}
            readOnly={readOnly}
            onChange={(e) => onChange(e.target.value)}
          />
          {previewOpen && (
            <section
              id="pe-content-preview"
              className="pe-preview prose"
              aria-label="상세 설명 미리보기"
              aria-busy={!tooLong && preview?.source !== value}
            >
              {tooLong ? (
                <p>미리보기는 5만 자까지 볼 수 있습니다. 저장한 뒤 상품 페이지에서 확인해 주세요.</p>
              ) : previewError ? (
                <p className="bf-error">{previewError}</p>
              ) : preview ? (
                // the server's sanitiser made this HTML (the same one the save uses)
                <div dangerouslySetInnerHTML={{ __html: preview.html }} />
              ) : (
                <p>미리보기를 만드는 중…</p>
              )}
            </section>
          )}
        </div>
        <p className="bf-hint" id={`${a11y.id}-hint`}>
          ## 소제목, **굵게**, - 목록, | 표 |, ![설명](이미지 주소). 스크립트와 허용되지 않은 태그는 저장할 때
          지워집니다.
        </p>
        {error && (
          <p className="bf-error" id={`${a11y.id}-error`}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
