import { useId, useState, type SubmitEvent } from 'react';
import { ARTICLE_CONTENT_MAX } from '../../lib/board-limits.ts';
import { managerBoardApi } from '../../lib/clients/manager-board.ts';
import { param, unwrap } from '../../lib/shop-api-client.ts';
import { messageOf } from './api.ts';
import { BoardAlert, BoardSelectField, BoardTitleField } from './BoardField.tsx';
import './board-forms.css';

export interface ArticleEditorProps {
  boardNo: number;
  /** Path segment of the manager's board page (notice, faq). */
  boardSlug: string;
  boardName: string;
  /** The board's categories (FAQ); empty when it has none. */
  categories: { categoryNo: number; label: string }[];
  initial?: {
    articleNo: number;
    title: string;
    contentFormat: 'MARKDOWN' | 'HTML' | 'TEXT';
    contentSource: string;
    categoryNo: number | null;
    notice: boolean;
  };
}

type Format = 'MARKDOWN' | 'HTML';

/**
 * Writes or edits a notice or FAQ entry: Markdown (or HTML) in a textarea with a preview that the
 * server renders through the same sanitiser as the saved article, so what the preview shows is
 * exactly what the board will show.
 */
export default function ArticleEditor({
  boardNo,
  boardSlug,
  boardName,
  categories,
  initial,
}: ArticleEditorProps) {
  const uid = useId();
  const id = (n: string) => `${uid}-${n}`;
  const [title, setTitle] = useState(initial?.title ?? '');
  const [format, setFormat] = useState<Format>(initial?.contentFormat === 'HTML' ? 'HTML' : 'MARKDOWN');
  const [content, setContent] = useState(initial?.contentSource ?? '');
  const [categoryNo, setCategoryNo] = useState(initial?.categoryNo ? String(initial.categoryNo) : '');
  const [notice, setNotice] = useState(initial?.notice ?? false);
  const [preview, setPreview] = useState<string | null>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function showPreview() {
    setTab('preview');
    setPreview(null);
    try {
      const body = await unwrap(
        managerBoardApi.board.preview.$post({ json: { contentFormat: format, content } }),
      );
      setPreview(body.html);
    } catch (err) {
      setError(messageOf(err));
      setTab('write');
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!title.trim()) return setError('제목을 입력해 주세요.');
    if (!content.trim()) return setError('내용을 입력해 주세요.');
    if (categories.length > 0 && !categoryNo) return setError('분류를 선택해 주세요.');
    setPending(true);
    const body = {
      title: title.trim(),
      content,
      contentFormat: format,
      categoryNo: categoryNo ? Number(categoryNo) : null,
      notice,
    };
    try {
      const articles = managerBoardApi.boards[':boardNo{[0-9]{1,15}}'].articles;
      if (initial)
        await unwrap(
          articles[':articleNo{[0-9]{1,15}}'].$put({
            param: param({ boardNo: String(boardNo), articleNo: String(initial.articleNo) }),
            json: body,
          }),
        );
      else await unwrap(articles.$post({ param: param({ boardNo: String(boardNo) }), json: body }));
      window.location.assign(`/manager/board/${boardSlug}?done=saved`);
    } catch (err) {
      setError(messageOf(err));
      setPending(false);
    }
  }

  return (
    <form className="bf-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
      <BoardAlert message={error} />
      <BoardTitleField id={id('title')} value={title} onChange={setTitle} />
      {categories.length > 0 && (
        <BoardSelectField
          id={id('category')}
          label="분류"
          value={categoryNo}
          onChange={setCategoryNo}
          placeholder="분류를 선택해 주세요"
          options={categories.map((c) => ({ value: c.categoryNo, label: c.label }))}
        />
      )}
      <div className="bf-checks">
        <label className="bf-check">
          <input type="checkbox" checked={notice} onChange={(e) => setNotice(e.target.checked)} />
          목록 맨 위에 고정
        </label>
        <label className="bf-check">
          형식
          <select
            className="bf-select"
            value={format}
            onChange={(e) => setFormat(e.target.value as Format)}
            aria-label="내용 형식"
          >
            <option value="MARKDOWN">마크다운</option>
            <option value="HTML">HTML</option>
          </select>
        </label>
      </div>
      <div className="bf-field">
        <div className="bf-actions" role="group" aria-label="편집과 미리보기">
          <button
            type="button"
            className={tab === 'write' ? 'button' : 'button button--secondary'}
            aria-pressed={tab === 'write'}
            onClick={() => setTab('write')}
          >
            작성
          </button>
          <button
            type="button"
            className={tab === 'preview' ? 'button' : 'button button--secondary'}
            aria-pressed={tab === 'preview'}
            onClick={() => void showPreview()}
          >
            미리보기
          </button>
        </div>
        {tab === 'write' ? (
          <>
            <label className="visually-hidden" htmlFor={id('content')}>
              내용
            </label>
            <textarea
              id={id('content')}
              className="bf-textarea bf-textarea--code"
              value={content}
              maxLength={ARTICLE_CONTENT_MAX}
              onChange={(e) => setContent(e.target.value)}
              aria-describedby={id('content-hint')}
            />
            <p className="bf-hint" id={id('content-hint')}>
              {format === 'MARKDOWN'
                ? '마크다운: ## 소제목, **굵게**, - 목록, [링크](/board/faq), | 표 |. 스크립트와 스타일은 저장할 때 지워집니다.'
                : '허용된 태그(p, h2~h6, strong, ul, ol, li, a, img, table …)만 남고 나머지는 저장할 때 지워집니다.'}
            </p>
          </>
        ) : (
          <div className="bf-preview prose" aria-live="polite" aria-busy={preview === null}>
            {preview === null ? (
              <p>미리보기를 만드는 중…</p>
            ) : (
              <div dangerouslySetInnerHTML={{ __html: preview }} />
            )}
          </div>
        )}
      </div>
      <div className="bf-actions">
        <button className="button" type="submit" disabled={pending}>
          {initial ? '수정 저장' : '등록'}
        </button>
        <a className="button button--secondary" href={`/manager/board/${boardSlug}`}>
          {boardName} 목록
        </a>
      </div>
    </form>
  );
}
