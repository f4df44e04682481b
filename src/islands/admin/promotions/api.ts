/**
 * The promotion pages' calls to /api/manager/coupons and /api/manager/points: JSON in and out, a
 * refusal as an error carrying the server's Korean message and its per-field problems.
 */

export class PromotionApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

export async function call<T>(path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new PromotionApiError('서버에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.', 0, {});
  }
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) {
    const fields: Record<string, string> = {};
    if (Array.isArray(data.fields)) {
      for (const f of data.fields as { path?: unknown; message?: unknown }[]) {
        if (typeof f.path === 'string' && typeof f.message === 'string') fields[f.path] ??= f.message;
      }
    }
    const message = typeof data.message === 'string' ? data.message : '요청을 처리하지 못했습니다.';
    throw new PromotionApiError(message, res.status, fields);
  }
  return data as T;
}

export const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
