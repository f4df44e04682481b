import { useId, useState, type ChangeEvent } from 'react';
import { IMAGES_MAX, UPLOAD_FAILED_MESSAGE } from '../../lib/board-limits.ts';
import { messageOf, uploadImage, type UploadedImage } from './api.ts';

export interface PhotoPickerProps {
  /** Sub-folder of the member's upload folder ("inquiry", "bug-report"). */
  folder: string;
  photos: UploadedImage[];
  onChange: (photos: UploadedImage[]) => void;
  /** Reports whether an upload is running, so the form can wait. */
  onBusy?: (busy: boolean) => void;
  label?: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const MAX_MB = 10;

/** Photos uploaded as soon as they are picked (the spec's upload route), shown as thumbnails. */
export default function PhotoPicker({
  folder,
  photos,
  onChange,
  onBusy,
  label = '사진 첨부',
}: PhotoPickerProps) {
  const uid = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setError(null);
    const room = IMAGES_MAX - photos.length;
    if (files.length > room) setError(`사진은 ${IMAGES_MAX}장까지 올릴 수 있습니다.`);
    const chosen = files.slice(0, Math.max(0, room));
    const tooBig = chosen.find((f) => f.size > MAX_MB * 1024 * 1024);
    if (tooBig) {
      setError(`${UPLOAD_FAILED_MESSAGE} (${MAX_MB}MB 이하의 파일만 올릴 수 있습니다)`);
      return;
    }
    setBusy(true);
    onBusy?.(true);
    const added: UploadedImage[] = [];
    try {
      for (const file of chosen) added.push(await uploadImage(file, folder));
    } catch (err) {
      setError(messageOf(err).startsWith('파일 업로드') ? messageOf(err) : UPLOAD_FAILED_MESSAGE);
    } finally {
      onChange([...photos, ...added]);
      setBusy(false);
      onBusy?.(false);
    }
  }

  return (
    <div className="bf-field">
      <span className="bf-label" id={`${uid}-label`}>
        {label}{' '}
        <span className="bf-hint">
          (선택, {IMAGES_MAX}장까지, 장당 {MAX_MB}MB 이하)
        </span>
      </span>
      {photos.length > 0 && (
        <ul className="bf-photos" aria-labelledby={`${uid}-label`}>
          {photos.map((p, i) => (
            <li key={p.url}>
              <img
                src={p.thumbnailUrl}
                alt={p.originalFileName || `첨부 사진 ${i + 1}`}
                width={100}
                height={100}
              />
              <button
                type="button"
                onClick={() => onChange(photos.filter((x) => x.url !== p.url))}
                aria-label={`사진 ${i + 1} 삭제`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <label className="bf-file">
          <input
            type="file"
            accept={ACCEPT}
            multiple
            onChange={(e) => void onPick(e)}
            disabled={busy || photos.length >= IMAGES_MAX}
            aria-describedby={error ? `${uid}-error` : undefined}
          />
          <span className="button button--secondary" aria-hidden="true">
            {busy ? '올리는 중…' : '사진 선택'}
          </span>
          <span className="visually-hidden">{label}</span>
        </label>
      </div>
      <p role="status" className="visually-hidden">
        {busy ? '사진을 올리는 중입니다.' : ''}
      </p>
      {error && (
        <p className="bf-error" id={`${uid}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
