import { randomBytes } from 'node:crypto';
import type { StoragePort } from '../../storage/index.ts';
import { runSteps, type StepDef } from '../run-steps.ts';

/**
 * /test/s3: the object storage round trip — write a small file, read it back and compare it byte
 * for byte, delete it, and make sure it is gone. The file lives under `integration-checks/` and is
 * deleted even when a step in between fails.
 */

export const STORAGE_CHECK_FOLDER = 'integration-checks';

interface StorageCtx {
  storage: StoragePort;
  key: string;
  body: Uint8Array;
  written: boolean;
}

const bytes = (n: number) => `${n.toLocaleString('ko-KR')}바이트`;

const STEPS: readonly StepDef<StorageCtx>[] = [
  {
    label: '작은 파일 올리기',
    async run(ctx) {
      await ctx.storage.put(ctx.key, ctx.body, 'text/plain; charset=utf-8');
      ctx.written = true;
      return `${bytes(ctx.body.byteLength)}를 썼습니다. 키: ${ctx.key}, 공개 주소: ${ctx.storage.publicUrl(ctx.key)}`;
    },
  },
  {
    label: '다시 읽어 비교하기',
    async run(ctx) {
      const back = await ctx.storage.get(ctx.key);
      if (!back)
        throw new Error(`방금 쓴 파일을 읽지 못했습니다. 저장소가 없다고 답했습니다 (키: ${ctx.key}).`);
      if (Buffer.compare(Buffer.from(back), Buffer.from(ctx.body)) !== 0)
        throw new Error(
          `읽은 내용(${bytes(back.byteLength)})이 쓴 내용(${bytes(ctx.body.byteLength)})과 다릅니다.`,
        );
      return `${bytes(back.byteLength)}를 읽었고 쓴 내용과 같습니다.`;
    },
  },
  {
    label: '파일 지우기',
    undo: true,
    async run(ctx) {
      if (!ctx.written) return '올린 파일이 없어 지울 것이 없습니다.';
      const removed = await ctx.storage.deleteObject(ctx.key);
      if (!removed)
        throw new Error(`파일을 지우지 못했습니다. 저장소가 지울 것이 없다고 답했습니다 (키: ${ctx.key}).`);
      return `파일을 지웠습니다 (키: ${ctx.key}).`;
    },
  },
  {
    label: '지워졌는지 확인하기',
    async run(ctx) {
      const left = await ctx.storage.get(ctx.key);
      if (left) throw new Error(`지운 뒤에도 파일이 남아 있습니다 (키: ${ctx.key}).`);
      return '다시 읽으니 파일이 없습니다.';
    },
  },
];

export function runStorageCheck(storage: StoragePort, now = new Date()) {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const key = `${STORAGE_CHECK_FOLDER}/${stamp}-${randomBytes(4).toString('hex')}.txt`;
  const body = new TextEncoder().encode(`podo integration check ${now.toISOString()}\n`);
  return runSteps<StorageCtx>({ storage, key, body, written: false }, STEPS);
}

export function storageAdapterLabel(storage: StoragePort): string {
  return storage.name === 's3'
    ? `S3 호환 저장소, 버킷 ${storage.bucket} (STORAGE_DRIVER=s3)`
    : `이 서버의 디스크, 버킷 ${storage.bucket} (STORAGE_DRIVER=local)`;
}
