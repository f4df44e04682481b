/**
 * What an integration check reports: the steps it took, in order, each with what was done, whether
 * it worked, how long it took and the outside service's answer in one Korean sentence.
 */

export type StepStatus = 'ok' | 'failed' | 'skipped';

export interface CheckStep {
  /** What the step does ("파일 올리기"). */
  label: string;
  status: StepStatus;
  /** Milliseconds the step took (0 for a skipped one). */
  ms: number;
  /** The adapter's answer, summarised ("12바이트를 integration-checks/…에 썼습니다."). */
  detail: string;
}

export interface CheckReport {
  checkId: string;
  title: string;
  /** The adapter the check ran against ("내장 샌드박스 (PAYMENT_PROVIDER=sandbox)"). */
  adapter: string;
  /** True when every step that ran worked (skipped steps neither pass nor fail). */
  ok: boolean;
  ranAt: string;
  steps: CheckStep[];
  /** Set when the integration is not configured at all: what to set to enable it. */
  notConfigured?: { message: string; settings: string[] } | undefined;
  /** Links the page shows after the run (the print file of /test/dampener, the provider's window…). */
  links?: { label: string; href: string }[] | undefined;
  /** A picture of the result (the print file of /test/dampener). */
  image?: { src: string; alt: string } | undefined;
}
