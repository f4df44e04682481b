import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import {
  PRODUCT_INQUIRY_CONTENT_MAX,
  PRODUCT_INQUIRY_TITLE_MAX,
  PRODUCT_INQUIRY_TYPES,
  SECRET_PLACEHOLDER,
  inquiryHeadline,
  type ProductInquiryType,
} from '../../lib/product-inquiry-rules.ts';
import { ApiError, errorMessage } from '../../lib/shop-api-client.ts';
import ConfirmDialog, { useModal } from '../mypage/ConfirmDialog.tsx';
import { goToLogin } from './go-to-login.ts';
import {
  deleteProductQa,
  saveProductQa,
  shopbyDate,
  type QaInput,
  type QaItem,
} from './product-inquiry-api.ts';
import '../board/board-forms.css';
import './product-qna.css';

/**
 * The pieces of product Q&A shared by the product page and /mypage/inquiry: one question with its
 * answer (text only, as React renders strings), and the spec's inquiry create/edit/delete modals.
 */

const TYPE_ENTRIES = Object.entries(PRODUCT_INQUIRY_TYPES) as [ProductInquiryType, string][];

function QaEntry({
  item,
  headingLevel = 3,
  actions,
  product,
}: {
  item: QaItem;
  headingLevel?: 3 | 4;
  actions?: ReactNode;
  product?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as 'h3' | 'h4';
  const readable = item.extra.readable;
  const answer = item.answers?.[0];
  return (
    <article className="qna-item" data-inquiry-no={item.inquiryNo}>
      <p className="qna-meta">
        <span className={`qna-badge ${item.replied ? 'qna-badge--done' : ''}`}>
          {item.replied ? '답변 완료' : '답변 대기'}
        </span>
        <span>{PRODUCT_INQUIRY_TYPES[item.type] ?? item.type}</span>
        <span>{item.registerName}</span>
        <time dateTime={item.registerYmdt.replace(' ', 'T')}>{shopbyDate(item.registerYmdt)}</time>
      </p>
      {product}
      <Heading className="qna-title">
        {item.secreted && (
          <span className="qna-lock" aria-label="비밀글" role="img">
            🔒
          </span>
        )}
        {readable ? inquiryHeadline(item.title, item.content) : SECRET_PLACEHOLDER}
      </Heading>
      {readable ? (
        <p className="qna-text">{item.content}</p>
      ) : (
        <p className="qna-secret">작성자와 관리자만 볼 수 있는 글입니다.</p>
      )}
      {answer && readable && (
        <section className="qna-answer" aria-label="답변">
          <p className="qna-answer-head">
            <strong>답변</strong>{' '}
            <time dateTime={answer.registerYmdt.replace(' ', 'T')}>{shopbyDate(answer.registerYmdt)}</time>
          </p>
          <p className="qna-text">{answer.content}</p>
        </section>
      )}
      {actions}
    </article>
  );
}

export interface QaFormTarget {
  /** New question about this product, or a change to this question. */
  target: { productNo: number } | { inquiryNo: number };
  initial?: QaInput | undefined;
}

/** The inquiry create/edit modal. `onSaved` runs after the server took it. */
function QaFormDialog({
  form,
  onClose,
  onSaved,
}: {
  form: QaFormTarget | null;
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const uid = useId();
  const ref = useModal(form !== null);
  const editing = form !== null && 'inquiryNo' in form.target;
  const [type, setType] = useState<ProductInquiryType>('PRODUCT');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [secreted, setSecreted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [contentError, setContentError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // a form opened (a new question, or another one to change): its fields start over
  const [shownForm, setShownForm] = useState<QaFormTarget | null>(null);
  if (form !== shownForm) {
    setShownForm(form);
    if (form) {
      setType(form.initial?.type ?? 'PRODUCT');
      setTitle(form.initial?.title ?? '');
      setContent(form.initial?.content ?? '');
      setSecreted(form.initial?.secreted ?? false);
      setError(null);
      setContentError(null);
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form) return;
    setError(null);
    if (!content.trim()) {
      setContentError('문의 내용을 입력해 주세요.');
      document.getElementById(`${uid}-content`)?.focus();
      return;
    }
    setContentError(null);
    setPending(true);
    try {
      await saveProductQa(form.target, { type, title: title.trim(), content: content.trim(), secreted });
      onSaved(!editing);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <dialog ref={ref} className="bf-dialog" aria-labelledby={`${uid}-title`} onClose={onClose}>
      {form && (
        <form className="bf-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
          <div className="bf-dialog-head">
            <h2 id={`${uid}-title`}>{editing ? '상품 문의 수정' : '상품 문의하기'}</h2>
            <button type="button" className="bf-close" aria-label="닫기" onClick={onClose}>
              ×
            </button>
          </div>
          {error && (
            <p className="bf-alert" role="alert">
              {error}
            </p>
          )}
          <div className="bf-field">
            <label className="bf-label" htmlFor={`${uid}-type`}>
              문의 유형
            </label>
            <select
              id={`${uid}-type`}
              className="bf-select"
              value={type}
              onChange={(e) => setType(e.target.value as ProductInquiryType)}
            >
              {TYPE_ENTRIES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="bf-field">
            <label className="bf-label" htmlFor={`${uid}-subject`}>
              제목 <span className="bf-hint">(선택)</span>
            </label>
            <input
              id={`${uid}-subject`}
              className="bf-input"
              value={title}
              maxLength={PRODUCT_INQUIRY_TITLE_MAX}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div className="bf-field">
            <label className="bf-label" htmlFor={`${uid}-content`}>
              문의 내용 <span className="bf-required">(필수)</span>
            </label>
            <textarea
              id={`${uid}-content`}
              className="bf-textarea"
              value={content}
              maxLength={PRODUCT_INQUIRY_CONTENT_MAX}
              onChange={(e) => setContent(e.target.value)}
              aria-invalid={contentError ? true : undefined}
              aria-describedby={`${uid}-count${contentError ? ` ${uid}-content-error` : ''}`}
            />
            <p className="bf-hint" id={`${uid}-count`}>
              {content.length.toLocaleString('ko-KR')} / {PRODUCT_INQUIRY_CONTENT_MAX.toLocaleString('ko-KR')}
              자
            </p>
            {contentError && (
              <p className="bf-error" id={`${uid}-content-error`}>
                {contentError}
              </p>
            )}
          </div>
          <label className="bf-check">
            <input type="checkbox" checked={secreted} onChange={(e) => setSecreted(e.target.checked)} />
            비밀글로 문의하기 (작성자와 관리자만 볼 수 있습니다)
          </label>
          <div className="bf-actions">
            <button className="button" type="submit" disabled={pending}>
              {editing ? '수정' : '등록'}
            </button>
            <button className="button button--secondary" type="button" onClick={onClose}>
              취소
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

/** The inquiry delete modal. */
function QaDeleteDialog({
  inquiryNo,
  onClose,
  onDeleted,
}: {
  inquiryNo: number | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <ConfirmDialog
      open={inquiryNo !== null}
      title="상품 문의 삭제"
      message="이 문의를 삭제할까요? 삭제한 문의는 되돌릴 수 없습니다."
      confirmLabel="삭제"
      onConfirm={async () => {
        if (inquiryNo === null) return;
        await deleteProductQa(inquiryNo);
        onDeleted();
      }}
      onClose={onClose}
    />
  );
}

export type QaChange = 'created' | 'edited' | 'deleted';

/** What to tell the member after a change. */
export const QA_CHANGE_TEXT: Record<QaChange, string> = {
  created: '문의가 등록되었습니다. 답변이 등록되면 이곳과 마이페이지에서 확인할 수 있습니다.',
  edited: '문의를 수정했습니다.',
  deleted: '문의를 삭제했습니다.',
};

/**
 * The create / edit / delete modals of a Q&A list and the author's buttons that open them;
 * `onChanged` runs after the server took the change (the list reloads).
 */
export function useQaEditing(onChanged: (change: QaChange) => void) {
  const [form, setForm] = useState<QaFormTarget | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const actionsFor = (item: QaItem) => (
    <QaOwnActions
      item={item}
      onEdit={(q) =>
        setForm({
          target: { inquiryNo: q.inquiryNo },
          initial: { type: q.type, title: q.title, content: q.content, secreted: q.secreted },
        })
      }
      onDelete={(q) => setDeleting(q.inquiryNo)}
    />
  );
  const dialogs = (
    <>
      <QaFormDialog
        form={form}
        onClose={() => setForm(null)}
        onSaved={(created) => {
          setForm(null);
          onChanged(created ? 'created' : 'edited');
        }}
      />
      <QaDeleteDialog
        inquiryNo={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          onChanged('deleted');
        }}
      />
    </>
  );
  return { openCreate: (productNo: number) => setForm({ target: { productNo } }), actionsFor, dialogs };
}

/** A page of questions; `product` adds the product's name above each (my page, manager). */
export function QaList({
  items,
  emptyText,
  actionsFor,
  product,
}: {
  items: QaItem[];
  emptyText: string;
  actionsFor: (item: QaItem) => ReactNode;
  product?: ((item: QaItem) => ReactNode) | undefined;
}) {
  if (items.length === 0) return <p className="qna-empty">{emptyText}</p>;
  return (
    <ul className="qna-list" role="list">
      {items.map((item) => (
        <li key={item.inquiryNo}>
          <QaEntry item={item} product={product?.(item)} actions={actionsFor(item)} />
        </li>
      ))}
    </ul>
  );
}

/** Edit and delete buttons of the author's own unanswered question. */
function QaOwnActions({
  item,
  onEdit,
  onDelete,
}: {
  item: QaItem;
  onEdit: (item: QaItem) => void;
  onDelete: (item: QaItem) => void;
}) {
  if (!item.modifiable) return null;
  return (
    <p className="qna-actions">
      <button type="button" className="bf-link-button" onClick={() => onEdit(item)}>
        수정<span className="visually-hidden"> ({inquiryHeadline(item.title, item.content)})</span>
      </button>
      <button type="button" className="bf-link-button" onClick={() => onDelete(item)}>
        삭제<span className="visually-hidden"> ({inquiryHeadline(item.title, item.content)})</span>
      </button>
    </p>
  );
}

/** Simple paging for a list an island holds: previous, numbers, next. */
export function QaPager({
  page,
  pageCount,
  onPage,
  label,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => first + i);
  return (
    <nav className="qna-pager" aria-label={label}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        이전<span className="visually-hidden"> 페이지</span>
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => onPage(n)}
          aria-current={n === page ? 'page' : undefined}
        >
          <span className="visually-hidden">페이지 </span>
          {n}
        </button>
      ))}
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        다음<span className="visually-hidden"> 페이지</span>
      </button>
    </nav>
  );
}
