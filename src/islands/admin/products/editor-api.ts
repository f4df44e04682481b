import { managerProductApi } from '../../../lib/clients/manager-products.ts';
import { ApiError, messageFor, param } from '../../../lib/shop-api-client.ts';

/**
 * The editor's calls that the typed client cannot make: a file upload with progress (fetch has no
 * upload progress, so XMLHttpRequest, same-origin: the browser sends the Origin the CSRF check
 * wants and the session cookie). Errors are the same `ApiError` with the Korean message.
 */

const UPLOAD_FAILED = '파일을 올리지 못했습니다. 잠시 후 다시 시도해 주세요.';

/** The typed client of one product (`/api/manager/products/{productNo}`). */
export function productCall(productNo: number) {
  return { api: managerProductApi[':productNo'], param: param({ productNo: String(productNo) }) };
}

interface UploadHandle<T> {
  done: Promise<T>;
  abort: () => void;
}

/**
 * POSTs `file` (and text `fields`) as multipart to `url`, reporting progress 0–100; resolves with
 * the JSON answer, rejects with an `ApiError` carrying the server's Korean message.
 */
export function uploadWithProgress<T>(
  url: string,
  file: File,
  fields: Record<string, string>,
  onProgress: (percent: number) => void,
): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    const body = new FormData();
    body.append('file', file);
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(json as T);
        return;
      }
      const b = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
      const code = typeof b.code === 'string' ? b.code : `HTTP_${xhr.status}`;
      const message = typeof b.message === 'string' ? b.message : undefined;
      reject(new ApiError(xhr.status, code, messageFor(code, message, xhr.status), b));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network-error', UPLOAD_FAILED));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', '올리기를 취소했습니다.'));
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

/** Image files the server takes (it checks the bytes itself; this only spares a useless upload). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Why a chosen file will not be sent, or null. */
export function fileProblem(file: File): string | null {
  if (file.type && !IMAGE_ACCEPT.split(',').includes(file.type))
    return `${file.name}: 이미지 파일(JPG, PNG, WebP, GIF)만 올릴 수 있습니다.`;
  if (file.size > IMAGE_MAX_BYTES) return `${file.name}: 10MB 이하의 파일만 올릴 수 있습니다.`;
  return null;
}
