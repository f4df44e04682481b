import { useId, useRef, useState, type SubmitEvent } from 'react';
import { ARTICLE_CONTENT_MAX, BOARD_NO, TITLE_MAX } from '../../lib/board-limits.ts';
import { boardApi } from '../../lib/clients/boards.ts';
import { param, unwrap, type ResponseOf } from '../../lib/shop-api-client.ts';
import { BoardApiError, messageOf, type UploadedImage } from './api.ts';
import PhotoPicker from './PhotoPicker.tsx';
import './board-forms.css';

const bugReports = boardApi[':boardNo{[0-9]{1,15}}'];
const bugReportBoard = { param: param({ boardNo: String(BOARD_NO.bugReport) }) };
type Category = ResponseOf<typeof bugReports.categories.$get>[number];

/** The readable session-expiry cookie is there while a member is signed in (the token itself is httpOnly). */
const signedIn = () => /(?:^|;\s*)podo_expires_in=/.test(document.cookie);

/**
 * The spec's bug report modal: a button that opens a dialog whose form posts to the bug report
 * board (280047) with the page it was opened on. Members only; visitors are sent to log in.
 * The service pages load it only when their plain button is first used (mount-bug-report.tsx,
 * decision 035), which then presses this one.
 */
export default function BugReportButton() {
  const uid = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [member, setMember] = useState(true);
  const [categoryNo, setCategoryNo] = useState('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<UploadedImage[]>([]);
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // the form exists only while the dialog is open: a closed dialog keeps no second set of fields in the page
  const [opened, setOpened] = useState(false);

  async function open() {
    setMember(signedIn());
    setDone(false);
    setError(null);
    setOpened(true);
    dialog.current?.showModal();
    if (!categories) {
      try {
        setCategories(await unwrap(bugReports.categories.$get(bugReportBoard)));
      } catch {
        setCategories([]);
      }
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!title.trim() || !content.trim()) {
      setError('제목과 내용을 입력해 주세요.');
      return;
    }
    if (uploading) return setError('사진을 올리는 중입니다. 잠시 후 다시 눌러 주세요.');
    setPending(true);
    setError(null);
    try {
      await unwrap(
        bugReports.articles.$post({
          ...bugReportBoard,
          json: {
            articleTitle: title.trim(),
            articleContent: content.trim(),
            boardCategoryNo: categoryNo ? Number(categoryNo) : null,
            images: photos.map((p) => ({ originalFileName: p.originalFileName, uploadedFileName: p.url })),
            pageUrl: `${window.location.pathname}${window.location.search}`.slice(0, 500),
          },
        }),
      );
      setDone(true);
      setTitle('');
      setContent('');
      setPhotos([]);
      setCategoryNo('');
    } catch (err) {
      if (err instanceof BoardApiError && err.status === 401) setMember(false);
      else setError(messageOf(err));
    } finally {
      setPending(false);
    }
  }

  const loginHref = () =>
    `/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`;

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="bf-link-button bug-report-open"
        onClick={() => void open()}
        aria-haspopup="dialog"
      >
        오류 신고하기
      </button>
      <dialog
        ref={dialog}
        className="bf-dialog"
        aria-labelledby={`${uid}-title`}
        onClose={() => {
          setOpened(false);
          // the button pressed to open it may have been the page's plain one, now replaced
          trigger.current?.focus();
        }}
      >
        <div className="bf-dialog-head">
          <h2 id={`${uid}-title`}>오류 신고</h2>
          <button
            type="button"
            className="bf-close"
            onClick={() => dialog.current?.close()}
            aria-label="닫기"
          >
            ×
          </button>
        </div>
        {!opened ? null : !member ? (
          <p>
            오류 신고는 로그인 후 이용하실 수 있습니다.{' '}
            <a href={typeof window === 'undefined' ? '/login' : loginHref()}>로그인하기</a>
          </p>
        ) : done ? (
          <div className="bf-form">
            <p className="bf-status" role="status">
              신고해 주셔서 감사합니다. 확인 후 빠르게 고치겠습니다.
            </p>
            <div className="bf-actions">
              <button type="button" className="button" onClick={() => dialog.current?.close()}>
                닫기
              </button>
            </div>
          </div>
        ) : (
          <form className="bf-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
            <p className="bf-hint">
              불편을 드려 죄송합니다. 어떤 화면에서 무엇을 하다가 문제가 생겼는지 알려 주세요.
            </p>
            {error && (
              <p className="bf-alert" role="alert">
                {error}
              </p>
            )}
            <div className="bf-field">
              <label className="bf-label" htmlFor={`${uid}-category`}>
                분류
              </label>
              <select
                id={`${uid}-category`}
                className="bf-select"
                value={categoryNo}
                onChange={(e) => setCategoryNo(e.target.value)}
              >
                <option value="">선택 안 함</option>
                {(categories ?? []).map((c) => (
                  <option key={c.categoryNo} value={c.categoryNo}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="bf-field">
              <label className="bf-label" htmlFor={`${uid}-subject`}>
                제목 <span className="bf-required">(필수)</span>
              </label>
              <input
                id={`${uid}-subject`}
                className="bf-input"
                value={title}
                maxLength={TITLE_MAX}
                onChange={(e) => setTitle(e.target.value)}
              />
            </div>
            <div className="bf-field">
              <label className="bf-label" htmlFor={`${uid}-content`}>
                내용 <span className="bf-required">(필수)</span>
              </label>
              <textarea
                id={`${uid}-content`}
                className="bf-textarea"
                value={content}
                maxLength={ARTICLE_CONTENT_MAX}
                onChange={(e) => setContent(e.target.value)}
              />
            </div>
            <PhotoPicker
              folder="bug-report"
              photos={photos}
              onChange={setPhotos}
              onBusy={setUploading}
              label="화면 캡처 첨부"
            />
            <div className="bf-actions">
              <button type="submit" className="button" disabled={pending || uploading}>
                신고하기
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => dialog.current?.close()}
              >
                취소
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
