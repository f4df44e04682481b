import { UPLOAD_FAILED_MESSAGE } from '../../lib/board-limits.ts';
import { uploadApi } from '../../lib/clients/upload.ts';
import { ApiError, errorMessage, query, unwrap } from '../../lib/shop-api-client.ts';

/** The board islands call the server through the typed clients (Shopby headers, Korean errors). */

export { ApiError as BoardApiError };

export const messageOf = errorMessage;

export interface UploadedImage {
  url: string;
  thumbnailUrl: string;
  originalFileName: string;
}

/**
 * The spec's upload: GET /api/upload for a signed URL, then PUT the file there. The image's URL
 * (`fileUrl`) carries no query string.
 */
export async function uploadImage(file: File, folder: string): Promise<UploadedImage> {
  const signed = await unwrap(
    uploadApi.index.$get({
      query: query({
        fileName: file.name,
        fileType: file.type || 'image/jpeg',
        path: folder,
        createName: 'true',
      }),
    }),
  );
  let res: Response;
  try {
    res = await fetch(signed.url, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'network-error', UPLOAD_FAILED_MESSAGE);
  }
  const body = (await res.json().catch(() => ({}))) as {
    url?: string;
    thumbnailUrl?: string;
    message?: string;
    code?: string;
  };
  if (!res.ok) throw new ApiError(res.status, body.code ?? 'UPLOAD', body.message ?? UPLOAD_FAILED_MESSAGE);
  return {
    url: body.url ?? signed.fileUrl,
    thumbnailUrl: body.thumbnailUrl ?? signed.thumbnailUrl,
    originalFileName: file.name,
  };
}
