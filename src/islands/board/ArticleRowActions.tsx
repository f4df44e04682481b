import { useState } from 'react';
import { managerBoardApi } from '../../lib/clients/manager-board.ts';
import { param, unwrap } from '../../lib/shop-api-client.ts';
import { messageOf } from './api.ts';
import './board-forms.css';

export interface ArticleRowActionsProps {
  boardNo: number;
  articleNo: number;
  title: string;
  notice: boolean;
  /** Notices and FAQ entries can be pinned; bug reports cannot. */
  canPin: boolean;
  /** Where to go after deleting; the same page (with a "deleted" note) when absent. */
  afterDelete?: string;
}

/** The manager's list: pin or unpin an article, or delete it (after a confirmation), then reload. */
export default function ArticleRowActions({
  boardNo,
  articleNo,
  title,
  notice,
  canPin,
  afterDelete,
}: ArticleRowActionsProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const article = managerBoardApi.boards[':boardNo{[0-9]{1,15}}'].articles[':articleNo{[0-9]{1,15}}'];
  const ids = { param: param({ boardNo: String(boardNo), articleNo: String(articleNo) }) };

  async function run(action: () => Promise<unknown>, after: string) {
    setPending(true);
    setError(null);
    try {
      await action();
      window.location.assign(after);
    } catch (err) {
      setError(messageOf(err));
      setPending(false);
    }
  }

  const pin = () =>
    void run(() => unwrap(article.notice.$put({ ...ids, json: { notice: !notice } })), window.location.href);
  const remove = () => {
    if (!window.confirm(`'${title}' 글을 삭제할까요? 삭제한 글은 되돌릴 수 없습니다.`)) return;
    const url = new URL(afterDelete ?? window.location.href, window.location.href);
    url.searchParams.set('done', 'deleted');
    void run(() => unwrap(article.$delete(ids)), url.toString());
  };

  return (
    <div className="bf-actions">
      {canPin && (
        <button
          type="button"
          className="button button--secondary"
          onClick={pin}
          disabled={pending}
          aria-label={`${title} ${notice ? '고정 해제' : '상단 고정'}`}
        >
          {notice ? '고정 해제' : '상단 고정'}
        </button>
      )}
      <button
        type="button"
        className="button bf-danger"
        onClick={remove}
        disabled={pending}
        aria-label={`${title} 삭제`}
      >
        삭제
      </button>
      {error && (
        <p className="bf-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
