import { useId, useState, type ChangeEvent } from 'react';
import { UPLOAD_FAILED_MESSAGE } from '../../lib/board-limits.ts';
import { REVIEW_PHOTOS_MAX, REVIEW_UPLOAD_FOLDER } from '../../lib/review-rules.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import { uploadImage } from '../board/api.ts';

export interface ReviewPhoto {
  url: string;
  thumbnailUrl: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const MAX_MB = 10;

/**
 * Up to 5 photos, each uploaded as soon as it is picked (GET /api/upload → PUT; the server checks
 * and re-encodes it and makes the 100 px `_small` thumbnail shown here), each removable.
 */
export default function ReviewPhotoPicker({
  photos,
  onChange,
  onBusy,
}: {
  photos: ReviewPhoto[];
  onChange: (photos: ReviewPhoto[]) => void;
  onBusy?: (busy: boolean) => void;
}) {
  const uid = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const room = REVIEW_PHOTOS_MAX - photos.length;

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setError(null);
    if (files.length > room) setError(`사진은 ${REVIEW_PHOTOS_MAX}장까지 올릴 수 있습니다.`);
    const chosen = files.slice(0, Math.max(0, room));
    if (chosen.some((f) => f.size > MAX_MB * 1024 * 1024)) {
      setError(`${UPLOAD_FAILED_MESSAGE} (${MAX_MB}MB 이하의 파일만 올릴 수 있습니다)`);
      return;
    }
    setBusy(true);
    onBusy?.(true);
    const added: ReviewPhoto[] = [];
    try {
      for (const file of chosen) {
        const up = await uploadImage(file, REVIEW_UPLOAD_FOLDER);
        added.push({ url: up.url, thumbnailUrl: up.thumbnailUrl });
      }
    } catch (err) {
      const message = errorMessage(err);
      setError(message.startsWith('파일 업로드') ? message : UPLOAD_FAILED_MESSAGE);
    } finally {
      onChange([...photos, ...added]);
      setBusy(false);
      onBusy?.(false);
    }
  }

  return (
    <div className="rv-field">
      <span className="rv-label" id={`${uid}-label`}>
        사진 첨부{' '}
        <span className="rv-hint">
          (선택, {REVIEW_PHOTOS_MAX}장까지, 장당 {MAX_MB}MB 이하 · {photos.length}/{REVIEW_PHOTOS_MAX})
        </span>
      </span>
      {photos.length > 0 && (
        <ul className="rv-photo-previews" aria-labelledby={`${uid}-label`}>
          {photos.map((p, i) => (
            <li key={p.url}>
              <img src={p.thumbnailUrl} alt={`첨부한 사진 ${i + 1}`} width={100} height={100} />
              <button
                type="button"
                className="rv-photo-remove"
                onClick={() => onChange(photos.filter((x) => x.url !== p.url))}
                aria-label={`사진 ${i + 1} 삭제`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="rv-file">
        <input
          type="file"
          accept={ACCEPT}
          multiple
          onChange={(e) => void onPick(e)}
          disabled={busy || room <= 0}
          aria-describedby={error ? `${uid}-error` : undefined}
        />
        <span className="button button--secondary" aria-hidden="true">
          {busy ? '올리는 중…' : '사진 선택'}
        </span>
        <span className="visually-hidden">후기 사진 선택</span>
      </label>
      <p role="status" className="visually-hidden">
        {busy ? '사진을 올리는 중입니다.' : ''}
      </p>
      {error && (
        <p className="rv-error" id={`${uid}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
