import { cartApi } from '../../lib/clients/cart.ts';
import { customDesignApi } from '../../lib/clients/custom-design.ts';
import { guestCartApi } from '../../lib/clients/guest-cart.ts';
import { uploadApi } from '../../lib/clients/upload.ts';
import type { DampenerPatchData, DampenerPostData, DesignView } from '../../lib/design/api.ts';
import { ApiError, query, unwrap } from '../../lib/shop-api-client.ts';
import { UPLOAD_FAILED_MESSAGE } from '../../lib/board-limits.ts';
import type { Designer, DesignCartLine } from './save-flow.ts';

/**
 * The editor's calls: the design API (`/api/custom/dampener?memberId=`, bodies of the spec), the
 * upload route, and the member cart. A guest identifies with the `guestToken` header.
 */

function identity(designer: Designer): { headers?: Record<string, string> } {
  return designer.kind === 'guest' ? { headers: { guestToken: designer.guestToken } } : {};
}

function memberQuery(designer: Designer) {
  return designer.kind === 'member' ? { memberId: designer.memberId ?? String(designer.memberNo) } : {};
}

export async function createDesign(designer: Designer, data: DampenerPostData): Promise<DesignView> {
  const res = await unwrap(
    customDesignApi.dampener.$post(
      { query: memberQuery(designer), json: { dampenerPostData: data } },
      identity(designer),
    ),
  );
  return res.data;
}

export async function updateDesign(
  designer: Designer,
  createTime: string,
  data: DampenerPatchData,
): Promise<DesignView> {
  const res = await unwrap(
    customDesignApi.dampener.$patch(
      { query: memberQuery(designer), json: { dampenerPatchData: data, createTime } },
      identity(designer),
    ),
  );
  return res.data;
}

/** POST /shop-api/cart: the member's design line (the route answers 200 when it took it). */
export async function addMemberCartLine(line: DesignCartLine): Promise<void> {
  await unwrap(cartApi.index.$post({ json: [line] }));
}

/**
 * Checks a guest line the way the member cart would (unknown option, missing input …) before it
 * goes into the browser's guest cart: POST /shop-api/guest/cart prices it or answers 400.
 */
export async function checkGuestCartLine(line: DesignCartLine, guestToken: string): Promise<void> {
  await unwrap(
    guestCartApi.index.$post({ query: {}, json: [{ ...line, cartNo: 0 }] }, { headers: { guestToken } }),
  );
}

export interface UploadedDesignImage {
  url: string;
  width: number;
  height: number;
}

/**
 * GET /api/upload for a signed URL in the uploader's `designs` folder, then PUT the file there.
 * The answer's URL is the shop's own (same origin for the local storage), so the canvas that
 * draws it can still be exported.
 */
export async function uploadDesignImage(file: File, designer: Designer): Promise<UploadedDesignImage> {
  const signed = await unwrap(
    uploadApi.index.$get(
      {
        query: query({
          fileName: file.name,
          fileType: file.type || 'image/png',
          path: 'designs',
          createName: 'true',
        }),
      },
      identity(designer),
    ),
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
    width?: number;
    height?: number;
    message?: string;
    code?: string;
  };
  if (!res.ok || !body.width || !body.height) {
    throw new ApiError(res.status, body.code ?? 'UPLOAD', body.message ?? UPLOAD_FAILED_MESSAGE);
  }
  return { url: body.url ?? signed.fileUrl, width: body.width, height: body.height };
}
