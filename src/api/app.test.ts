import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { LibsqlError } from '@libsql/client';
import { AppError } from '../server/platform/errors.ts';
import { notFoundJson, onError } from './app.ts';

function appThrowing(err: Error) {
  const app = new Hono();
  app.get('/boom', () => {
    throw err;
  });
  app.onError(onError);
  app.notFound(notFoundJson);
  return app;
}

describe('onError', () => {
  it('answers an AppError with its status, code and Korean message', async () => {
    const res = await appThrowing(new AppError('NOPE', 409, '이미 처리되었습니다.')).request('/boom');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: 'NOPE', message: '이미 처리되었습니다.' });
  });

  it('answers a database still busy after the busy timeout with a 503 to retry, not a 500', async () => {
    const res = await appThrowing(new LibsqlError('database is locked', 'SQLITE_BUSY')).request('/boom');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('1');
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('DB_BUSY');
    expect(body.message).toMatch(/잠시 후 다시 시도/);
  });

  it('hides anything else behind a Korean 500 with no details', async () => {
    const spy = console.error;
    console.error = () => undefined;
    try {
      const res = await appThrowing(new Error('secret stack detail')).request('/boom');
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain('secret');
      expect(JSON.parse(text).code).toBe('INTERNAL_ERROR');
    } finally {
      console.error = spy;
    }
  });
});
