/**
 * The periods of the sales page (/test/pos/sales): 오늘, 어제, 최근 7일, 이번 달, 지난달, 직접 선택, as
 * Seoul dates (`2026-11-25`). Client-safe: the page works them out on the server, the island again
 * when the staff pick another one. The server checks every period again (src/api/api/pos-sales.ts).
 */

export type PeriodKey = 'today' | 'yesterday' | 'last7' | 'thisMonth' | 'lastMonth' | 'custom';

export const PERIODS: readonly { key: PeriodKey; label: string }[] = [
  { key: 'today', label: '오늘' },
  { key: 'yesterday', label: '어제' },
  { key: 'last7', label: '최근 7일' },
  { key: 'thisMonth', label: '이번 달' },
  { key: 'lastMonth', label: '지난달' },
  { key: 'custom', label: '직접 선택' },
];

/** The longest period one report covers (src/server/pos/reports.ts MAX_REPORT_DAYS). */
export const MAX_PERIOD_DAYS = 366;

const DAY_MS = 86_400_000;
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

export interface Period {
  key: PeriodKey;
  from: string;
  to: string;
}

/** Today's date in Seoul. */
export function seoulToday(now: Date = new Date()): string {
  return new Date(now.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(ymd: string, days: number): string {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `2026-02-30` is not a date; `2026-02-28` is. */
export function isCalendarDate(ymd: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === ymd;
}

/** The dates of a preset period on `today` (a Seoul date). */
export function presetRange(key: Exclude<PeriodKey, 'custom'>, today: string): { from: string; to: string } {
  switch (key) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const lastDay = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** What is wrong with one date of a period ('시작일을'/'종료일을' names it), or null. */
function dateProblem(ymd: string, nameWithParticle: string): string | null {
  if (!ymd) return `${nameWithParticle} 입력해 주세요.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return `${nameWithParticle} 2026-11-25처럼 입력해 주세요.`;
  if (!isCalendarDate(ymd)) return `달력에 없는 날짜입니다. ${nameWithParticle} 확인해 주세요.`;
  return null;
}

/** What is wrong with a chosen period, per field, in Korean (empty: nothing); the API's own words. */
export function periodProblems(from: string, to: string): { from?: string; to?: string } {
  const problems: { from?: string; to?: string } = {};
  const fromProblem = dateProblem(from, '시작일을');
  const toProblem = dateProblem(to, '종료일을');
  if (fromProblem) problems.from = fromProblem;
  if (toProblem) problems.to = toProblem;
  if (fromProblem || toProblem) return problems;
  if (from > to) problems.to = '종료일은 시작일과 같거나 그 뒤여야 합니다.';
  else if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_PERIOD_DAYS)
    problems.to = `기간은 ${MAX_PERIOD_DAYS}일까지 조회할 수 있습니다.`;
  return problems;
}

/**
 * The period a page address asks for (`?period=last7`, or `?period=custom&from=…&to=…`); today
 * when it names none. A custom period with a problem shows today, keeping what was typed and the
 * problems for the form.
 */
export function periodFromQuery(
  params: URLSearchParams,
  today: string,
): Period & { input: { from: string; to: string }; problems: { from?: string; to?: string } } {
  const key = PERIODS.find((p) => p.key === params.get('period'))?.key ?? 'today';
  if (key !== 'custom') {
    const range = presetRange(key, today);
    return { key, ...range, input: range, problems: {} };
  }
  const input = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const problems = periodProblems(input.from, input.to);
  if (problems.from || problems.to) return { key, from: today, to: today, input, problems };
  return { key, ...input, input, problems };
}

/** The page address of a period (what the browser's address bar shows). */
export function periodHref(p: Period): string {
  const q = new URLSearchParams({ period: p.key });
  if (p.key === 'custom') {
    q.set('from', p.from);
    q.set('to', p.to);
  }
  return `/test/pos/sales?${q.toString()}`;
}

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

/** `2026.11.25 (수)`. */
export function dayLabel(ymd: string): string {
  const weekday = WEEKDAYS[new Date(`${ymd}T00:00:00Z`).getUTCDay()]!;
  return `${ymd.replaceAll('-', '.')} (${weekday})`;
}

/** `2026.11.01 – 2026.11.25`, or the one day. */
export function periodLabel(from: string, to: string): string {
  return from === to ? dayLabel(from) : `${dayLabel(from)} – ${dayLabel(to)}`;
}
