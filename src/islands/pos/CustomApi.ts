import { hc } from 'hono/client';
import type { PosCustomRoutes } from '../../api/api/pos-custom.ts';
import { UPLOAD_FAILED_MESSAGE } from '../../lib/board-limits.ts';
import { uploadApi } from '../../lib/clients/upload.ts';
import {
  ApiError,
  CLIENT_OPTIONS,
  param,
  query,
  unwrap,
  type ResponseOf,
} from '../../lib/shop-api-client.ts';

/**
 * The counter's custom order calls: /api/pos/custom (src/api/api/pos-custom.ts) and the upload of
 * the customer's image into the staff member's own folder (the design route checks it is there).
 */
export const posCustomApi = hc<PosCustomRoutes>('/api/pos/custom', CLIENT_OPTIONS);

export type CounterDesign = ResponseOf<typeof posCustomApi.designs.$post>['design'];
export type SavedDesigns = ResponseOf<typeof posCustomApi.designs.$get>;
export type SavedDesign = SavedDesigns['member'][number];
export type CounterCustomOrder = ResponseOf<(typeof posCustomApi.orders)[':customOrderNo']['$get']>;

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_BYTES = 10 * 1024 * 1024;

/** A problem with the chosen file, before anything is sent; null when it may be uploaded. */
export function imageFileProblem(file: File): string | null {
  if (!TYPES.includes(file.type)) return 'PNG, JPG, WebP 이미지만 올릴 수 있습니다.';
  if (file.size > MAX_BYTES) return '10MB 이하의 이미지만 올릴 수 있습니다.';
  return null;
}

/** GET /api/upload for a signed URL in the staff member's `pos-custom` folder, then PUT the file. */
export async function uploadCustomerImage(file: File): Promise<string> {
  const signed = await unwrap(
    uploadApi.index.$get({
      query: query({ fileName: file.name, fileType: file.type, path: 'pos-custom', createName: 'true' }),
    }),
  );
  let res: Response;
  try {
    res = await fetch(signed.url, {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'Content-Type': file.type },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'network-error', UPLOAD_FAILED_MESSAGE);
  }
  const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string; code?: string };
  if (!res.ok) throw new ApiError(res.status, body.code ?? 'UPLOAD', body.message ?? UPLOAD_FAILED_MESSAGE);
  return body.url ?? signed.fileUrl;
}

export async function makeDesign(input: {
  productNo: number;
  optionNo: number;
  imageUrl: string;
  fit: 'cover' | 'contain';
}): Promise<CounterDesign> {
  return (await unwrap(posCustomApi.designs.$post({ json: input }))).design;
}

export function savedDesigns(productNo: number, memberNo: number | null): Promise<SavedDesigns> {
  return unwrap(
    posCustomApi.designs.$get({
      query: query({ productNo: String(productNo), ...(memberNo ? { memberNo: String(memberNo) } : {}) }),
    }),
  );
}

/** Sends the order to the print service again, or reads its progress there. */
export function refreshPrintService(customOrderNo: number): Promise<CounterCustomOrder> {
  return unwrap(
    posCustomApi.orders[':customOrderNo']['print-service'].$post({
      param: param({ customOrderNo: String(customOrderNo) }),
    }),
  );
}
