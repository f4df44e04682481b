import { useId, useState, type SubmitEvent } from 'react';
import { INQUIRY_CONTENT_MAX } from '../../lib/board-limits.ts';
import { inquiryApi } from '../../lib/clients/inquiries.ts';
import { formatPhone } from '../../lib/phone.ts';
import { param, unwrap } from '../../lib/shop-api-client.ts';
import { BoardApiError, messageOf, type UploadedImage } from './api.ts';
import { BoardAlert, BoardField, BoardSelectField, BoardTitleField } from './BoardField.tsx';
import PhotoPicker from './PhotoPicker.tsx';
import './board-forms.css';

export interface InquiryTypeOption {
  inquiryTypeNo: number;
  name: string;
  description: string;
}

export interface InquiryFormProps {
  types: InquiryTypeOption[];
  /** Editing a waiting inquiry; absent for a new one. */
  initial?: {
    inquiryNo: number;
    inquiryTypeNo: number;
    title: string;
    content: string;
    answerEmail: boolean;
    answerSms: boolean;
    images: { url: string; originalFileName: string }[];
  };
  /** What the member has on file, to say where the alert goes. */
  email: string | null;
  mobileNo: string | null;
}

type Errors = Partial<Record<'type' | 'title' | 'content', string>>;

const thumb = (url: string) => url.replace(/(\.[a-z]+)$/, '_small$1');

/** /board/inquiry/form: a 1:1 inquiry (category, title, text, photos, answer alert by e-mail/SMS). */
export default function InquiryForm({ types, initial, email, mobileNo }: InquiryFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const [typeNo, setTypeNo] = useState(initial ? String(initial.inquiryTypeNo) : '');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const [answerEmail, setAnswerEmail] = useState(initial?.answerEmail ?? Boolean(email));
  const [answerSms, setAnswerSms] = useState(initial?.answerSms ?? false);
  const [photos, setPhotos] = useState<UploadedImage[]>(
    (initial?.images ?? []).map((i) => ({
      url: i.url,
      thumbnailUrl: thumb(i.url),
      originalFileName: i.originalFileName,
    })),
  );
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const focus = (name: string) => setTimeout(() => document.getElementById(id(name))?.focus(), 0);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: Errors = {
      type: typeNo ? undefined : '문의 유형을 선택해 주세요.',
      title: title.trim() ? undefined : '제목을 입력해 주세요.',
      content: content.trim() ? undefined : '문의 내용을 입력해 주세요.',
    };
    setErrors(found);
    const first = (['type', 'title', 'content'] as const).find((k) => found[k]);
    if (first) return focus(first);
    if (uploading) return setFormError('사진을 올리는 중입니다. 잠시 후 다시 눌러 주세요.');
    setPending(true);
    const body = {
      inquiryTypeNo: Number(typeNo),
      inquiryTitle: title.trim(),
      inquiryContent: content.trim(),
      originalFileName: photos.map((p) => p.originalFileName),
      uploadedFileName: photos.map((p) => p.url),
      answerEmailSendYn: answerEmail,
      answerSmsSendYn: answerSms,
    };
    try {
      if (initial)
        await unwrap(
          inquiryApi[':inquiryNo{[0-9]{1,15}}'].$put({
            param: param({ inquiryNo: String(initial.inquiryNo) }),
            json: body,
          }),
        );
      else await unwrap(inquiryApi.index.$post({ json: body }));
      window.location.assign(`/board/inquiry?done=${initial ? 'edited' : 'asked'}`);
    } catch (err) {
      if (err instanceof BoardApiError && err.status === 401) {
        window.location.assign(
          `/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`,
        );
        return;
      }
      setFormError(messageOf(err));
      setPending(false);
      focus('alert');
    }
  }

  async function onDelete() {
    if (!initial || !window.confirm('이 문의를 삭제할까요? 삭제한 문의는 되돌릴 수 없습니다.')) return;
    setPending(true);
    try {
      await unwrap(
        inquiryApi[':inquiryNo{[0-9]{1,15}}'].$delete({
          param: param({ inquiryNo: String(initial.inquiryNo) }),
        }),
      );
      window.location.assign('/board/inquiry?done=deleted');
    } catch (err) {
      setFormError(messageOf(err));
      setPending(false);
    }
  }

  const selected = types.find((t) => String(t.inquiryTypeNo) === typeNo);

  return (
    <form className="bf-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
      <BoardAlert id={id('alert')} message={formError} />

      <BoardSelectField
        id={id('type')}
        label="문의 유형"
        hint={errors.type ? undefined : selected?.description}
        error={errors.type}
        value={typeNo}
        onChange={setTypeNo}
        placeholder="문의 유형을 선택해 주세요"
        options={types.map((t) => ({ value: t.inquiryTypeNo, label: t.name }))}
      />

      <BoardTitleField id={id('title')} value={title} onChange={setTitle} error={errors.title} />

      <BoardField
        id={id('content')}
        label="문의 내용"
        required
        hint={`${content.length.toLocaleString('ko-KR')} / ${INQUIRY_CONTENT_MAX.toLocaleString('ko-KR')}자`}
        error={errors.content}
      >
        {(control) => (
          <textarea
            {...control}
            className="bf-textarea"
            value={content}
            maxLength={INQUIRY_CONTENT_MAX}
            onChange={(e) => setContent(e.target.value)}
            placeholder="주문번호, 상품명 등을 함께 적어 주시면 더 빠르게 도와 드릴 수 있습니다."
          />
        )}
      </BoardField>

      <PhotoPicker folder="inquiry" photos={photos} onChange={setPhotos} onBusy={setUploading} />

      <fieldset className="bf-fieldset">
        <legend className="bf-legend">답변 알림</legend>
        <div className="bf-checks">
          <label className="bf-check">
            <input
              type="checkbox"
              checked={answerEmail}
              onChange={(e) => setAnswerEmail(e.target.checked)}
              disabled={!email}
            />
            이메일{email ? ` (${email})` : ' (등록된 이메일 없음)'}
          </label>
          <label className="bf-check">
            <input
              type="checkbox"
              checked={answerSms}
              onChange={(e) => setAnswerSms(e.target.checked)}
              disabled={!mobileNo}
            />
            SMS{mobileNo ? ` (${formatPhone(mobileNo)})` : ' (등록된 휴대폰 번호 없음)'}
          </label>
        </div>
        <p className="bf-hint">답변이 등록되면 선택한 방법으로 알려 드립니다.</p>
      </fieldset>

      <div className="bf-actions">
        <button className="button" type="submit" disabled={pending || uploading}>
          {initial ? '수정하기' : '문의하기'}
        </button>
        <a className="button button--secondary" href="/board/inquiry">
          취소
        </a>
        {initial && (
          <button
            className="button bf-danger"
            type="button"
            onClick={() => void onDelete()}
            disabled={pending}
          >
            삭제
          </button>
        )}
      </div>
    </form>
  );
}
