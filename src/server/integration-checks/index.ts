import { recordAudit } from '../audit/index.ts';
import { INTEGRATION_CHECKS } from './checks.ts';
import type { CheckEnv, CheckInput, IntegrationCheck } from './registry.ts';
import { passed } from './run-steps.ts';
import type { CheckReport } from './types.ts';

/**
 * The integration checks' public entry (the specification's /test/* pages, decision 028): the list
 * the back office shows and `runIntegrationCheck`, which runs one through the configured adapters
 * and writes the run into the audit trail (who ran what, and how each step ended).
 */

export type { CheckReport, CheckStep, StepStatus } from './types.ts';
export type { CheckEnv, CheckInput, IntegrationCheck } from './registry.ts';
export { INTEGRATION_CHECKS };

export function findIntegrationCheck(id: string): IntegrationCheck | undefined {
  return INTEGRATION_CHECKS.find((c) => c.id === id);
}

export async function runIntegrationCheck(
  check: IntegrationCheck,
  env: CheckEnv,
  input: CheckInput = {},
  now = new Date(),
): Promise<CheckReport> {
  const run = await check.run(env, input);
  const ok = !run.notConfigured && passed(run.steps);
  const report: CheckReport = {
    checkId: check.id,
    title: check.title,
    adapter: run.adapter,
    ok,
    ranAt: now.toISOString(),
    steps: run.steps,
    notConfigured: run.notConfigured,
    links: run.links,
    image: run.image,
  };
  const failedAt = run.steps.find((s) => s.status === 'failed');
  await recordAudit(env.db, {
    action: 'integration.run',
    targetType: 'integration-check',
    targetId: check.id,
    summary: `연동 점검 ‘${check.title}’ 실행: ${ok ? '모두 정상' : `실패 (${failedAt?.label ?? '설정 없음'})`}`,
    after: {
      adapter: run.adapter,
      ok,
      steps: run.steps.map((s) => ({ label: s.label, status: s.status, detail: s.detail })),
    },
  });
  return report;
}
export { firstProductSlug } from './checks/product.ts';
