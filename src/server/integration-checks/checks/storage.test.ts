import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../storage/local.ts';
import type { StoragePort } from '../../storage/index.ts';
import { runStorageCheck, STORAGE_CHECK_FOLDER } from './storage.ts';

let dir: string;
let local: StoragePort;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'podo-check-'));
  local = createLocalStorage({ dir, bucket: 'podo-uploads' });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const leftFiles = () => {
  try {
    return readdirSync(join(dir, STORAGE_CHECK_FOLDER));
  } catch {
    return [];
  }
};

describe('the storage check (/test/s3)', () => {
  it('writes a file, reads the same bytes back, deletes it and finds it gone (built-in local adapter)', async () => {
    const steps = await runStorageCheck(local);
    expect(steps.map((s) => [s.label, s.status])).toEqual([
      ['작은 파일 올리기', 'ok'],
      ['다시 읽어 비교하기', 'ok'],
      ['파일 지우기', 'ok'],
      ['지워졌는지 확인하기', 'ok'],
    ]);
    expect(steps[0]?.detail).toMatch(/바이트를 썼습니다\. 키: integration-checks\/\d{14}-[0-9a-f]{8}\.txt/);
    expect(steps[1]?.detail).toContain('쓴 내용과 같습니다');
    expect(leftFiles()).toEqual([]);
  });

  it('shows the read-back step failed when the storage answers other bytes, and still deletes the file', async () => {
    const corrupting: StoragePort = {
      ...local,
      name: local.name,
      bucket: local.bucket,
      get: async (key) => {
        const bytes = await local.get(key);
        return bytes ? bytes.slice(1) : null;
      },
    };
    const steps = await runStorageCheck(corrupting);
    expect(steps.map((s) => s.status)).toEqual(['ok', 'failed', 'ok', 'skipped']);
    expect(steps[1]?.detail).toMatch(/^읽은 내용\(.+\)이 쓴 내용\(.+\)과 다릅니다\.$/);
    expect(leftFiles()).toEqual([]);
  });

  it('shows the upload failed when the storage refuses the write, and has nothing to delete', async () => {
    const refusing: StoragePort = {
      ...local,
      name: local.name,
      bucket: local.bucket,
      put: async () => {
        throw new Error('AccessDenied: bucket policy');
      },
    };
    const steps = await runStorageCheck(refusing);
    expect(steps.map((s) => s.status)).toEqual(['failed', 'skipped', 'ok', 'skipped']);
    expect(steps[0]?.detail).toBe('오류: AccessDenied: bucket policy');
    expect(steps[2]?.detail).toBe('올린 파일이 없어 지울 것이 없습니다.');
  });
});
