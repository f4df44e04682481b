import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { A11Y_EXPLICIT_ROUTES } from './a11y-explicit-routes.ts';
import { coverage } from './a11y-routes.ts';
import { a11yDir, readLedger } from './a11y.ts';

/**
 * The end of the run: every route pattern the suite visited was checked by axe or is listed in
 * `a11y-explicit-routes.ts` (issue 18, decision 039), else the run fails naming it. Then the run's
 * temporary database and storage are removed; `PODO_E2E_KEEP=1` keeps them to look into. The
 * server is still running here and a demo shop writes its image files in the background after it
 * starts (decision 038), so a short run may end while it still adds files: try again for a while.
 */
export default async function globalTeardown(config: FullConfig) {
  try {
    checkAccessibilityCoverage(config);
  } finally {
    await removeRunDirectory();
  }
}

function checkAccessibilityCoverage(config: FullConfig) {
  const outputDir = config.projects[0]?.outputDir;
  if (!outputDir) return;
  const dir = a11yDir(outputDir);
  const visited = readLedger(dir, 'visited');
  const failed = readLedger(dir, 'failed');
  const result = coverage(
    visited.map((r) => r.pattern),
    readLedger(dir, 'checked').map((r) => r.pattern),
    failed.map((r) => r.pattern),
    A11Y_EXPLICIT_ROUTES.map((r) => r.pattern),
  );
  const seen = [...new Set(visited.map((r) => r.pattern))].sort();
  mkdirSync(dir, { recursive: true }); // a run of API-only specs visits no page and has no ledger
  const exampleOf = (pattern: string) => visited.find((r) => r.pattern === pattern);
  writeFileSync(
    join(dir, 'summary.txt'),
    [
      `visited ${seen.length} patterns`,
      ...seen,
      '',
      'unchecked',
      ...result.unchecked,
      '',
      'failed',
      ...result.failed,
    ].join('\n'),
  );
  const unchecked = result.unchecked;
  const problems: string[] = [];
  if (unchecked.length) {
    problems.push(
      'axe가 검사하지 않은 페이지가 있습니다. 테스트 끝까지 열어 두거나 tests/e2e/support/a11y-explicit-routes.ts에 추가해 주세요:',
      ...unchecked.map((p) => {
        const row = exampleOf(p);
        return `  ${p}  (예: ${row?.url ?? '?'} — ${row?.test ?? '?'})`;
      }),
    );
  }
  if (result.failed.length) {
    problems.push(
      'axe가 접근성 위반을 찾은 페이지 (해당 테스트의 오류에 목록이 있습니다):',
      ...result.failed.map((p) => `  ${p}`),
    );
  }
  if (problems.length) throw new Error(problems.join('\n'));
}

async function removeRunDirectory() {
  const dir = process.env.PODO_E2E_DIR;
  if (!dir || process.env.PODO_E2E_KEEP === '1') return;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
