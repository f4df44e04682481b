import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { UPLOAD_FAILED_MESSAGE } from '../../lib/board-limits.ts';
import { errorMessage } from '../../lib/shop-api-client.ts';
import { uploadDesignImage } from './api.ts';
import { ensureImage } from './assets.ts';
import type { EditorAction } from './editor-state.ts';
import type { Designer } from './save-flow.ts';

const MAX_BYTES = 10 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * Adding an image: the file goes through the upload route into the designer's own folder (a member,
 * or a guest identity; with neither, the guest guide comes first), is loaded from its shop URL, and
 * becomes an image node fitted into the safe zone (selected, so its DPI check shows at once).
 */
export function useImageUpload(input: {
  /** Who uploads: asked at the moment of uploading. */
  designer: () => Designer;
  dispatch: (action: EditorAction) => void;
  announce: (text: string) => void;
  openGuide: (reason: string, then?: () => void) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef(input);
  // the handlers (and a pick that waits for the guest guide) see the latest render's values
  useLayoutEffect(() => {
    latest.current = input;
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function pick() {
    setError(null);
    if (latest.current.designer().kind === 'none') {
      latest.current.openGuide('이미지를 올리려면 로그인하거나 비회원으로 계속해 주세요.', () =>
        inputRef.current?.click(),
      );
      return;
    }
    inputRef.current?.click();
  }

  async function onChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const { dispatch, announce } = latest.current;
    const designer = latest.current.designer();
    if (!TYPES.includes(file.type))
      return setError(`${UPLOAD_FAILED_MESSAGE} (PNG, JPG, WebP 이미지만 올릴 수 있습니다)`);
    if (file.size > MAX_BYTES)
      return setError(`${UPLOAD_FAILED_MESSAGE} (10MB 이하의 파일만 올릴 수 있습니다)`);
    setBusy(true);
    announce('이미지를 올리는 중입니다.');
    try {
      const up = await uploadDesignImage(file, designer);
      if (!(await ensureImage(up.url))) throw new Error('image did not load');
      dispatch({ type: 'add-image', src: up.url, naturalWidth: up.width, naturalHeight: up.height });
    } catch (err) {
      const message = errorMessage(err);
      setError(message.startsWith('파일 업로드') ? message : UPLOAD_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  return { inputRef, busy, error, pick, onChange };
}
