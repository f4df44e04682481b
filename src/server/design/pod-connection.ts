import {
  podBaseUrl,
  PodError,
  podService,
  type PodAdapterName,
  type PodPort,
} from '../adapters/pod/index.ts';
import type { Db } from '../db/client.ts';
import { podOutboxSummary, type PodOutboxSummary } from './pod-outbox.ts';
import { podTokenState, setPodToken, withPodToken } from './pod-token.ts';

/**
 * `/upstream` (administrators): the print service's connection as the shop sees it — the adapter in
 * use, its address, the stored token and how long it lives, the outbox — and a live check that
 * fetches a new token and makes one read, step by step.
 */

export interface PodConnection {
  adapter: PodAdapterName;
  baseUrl: string | null;
  token: { present: boolean; expired: boolean; expiresAt: string | null; minutesLeft: number | null };
  outbox: PodOutboxSummary;
}

export async function podConnection(
  db: Db,
  port: PodPort = podService(),
  now = new Date(),
): Promise<PodConnection> {
  const token = await podTokenState(db, port, now);
  return {
    adapter: port.name,
    baseUrl: port.name === 'http' ? podBaseUrl() : null,
    token: {
      present: token.expiresAt !== null,
      expired: token.expired,
      expiresAt: token.expiresAt,
      minutesLeft:
        token.expiresAt === null
          ? null
          : Math.max(0, Math.floor((Date.parse(token.expiresAt) - now.getTime()) / 60_000)),
    },
    outbox: await podOutboxSummary(db),
  };
}

export interface PodCheckStep {
  step: 'token' | 'read';
  label: string;
  ok: boolean;
  ms: number;
  detail: string;
}

/** A failed step in the owner's words, with the service's own message kept for support. */
export function podProblemText(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  if (!(err instanceof PodError)) return `연결하지 못했습니다 (${raw})`;
  if (err.status === 0) return `응답이 없습니다: 시간 초과 또는 연결 실패 (${raw})`;
  if (err.status === 401)
    return `인증에 실패했습니다: POD_CLIENT_ID와 POD_CLIENT_SECRET을 확인해 주세요 (${raw})`;
  if (err.status === 429) return `요청이 너무 많다고 합니다: 잠시 후 다시 확인해 주세요 (${raw})`;
  return `인쇄 서비스가 ${err.status} 오류로 답했습니다 (${raw})`;
}

async function timed(
  step: PodCheckStep['step'],
  label: string,
  work: () => Promise<string>,
): Promise<PodCheckStep> {
  const start = performance.now();
  try {
    const detail = await work();
    return { step, label, ok: true, ms: Math.round(performance.now() - start), detail };
  } catch (err) {
    const detail = podProblemText(err);
    return { step, label, ok: false, ms: Math.round(performance.now() - start), detail };
  }
}

/** 연결 확인: a new token, then one read (the channel products); the read is skipped without a token. */
export async function checkPodConnection(
  db: Db,
  port: PodPort = podService(),
  now = new Date(),
): Promise<PodCheckStep[]> {
  const token = await timed('token', '토큰 발급', async () => {
    const state = await setPodToken(db, port, now);
    const minutes = Math.floor(((state.expiresIn ?? 0) * 1000) / 60_000);
    return `새 토큰을 받았습니다 (유효 ${minutes}분).`;
  });
  if (!token.ok) return [token];
  const read = await timed('read', '채널 상품 조회', async () => {
    const answer = await withPodToken(db, (t) => port.catalogue(t, 'channel-products', {}), port, now);
    const items = (answer as { items?: unknown[] } | null)?.items;
    return Array.isArray(items) ? `채널 상품 ${items.length}개를 읽었습니다.` : '응답을 받았습니다.';
  });
  return [token, read];
}
