import type { Db } from '../db/client.ts';
import type { CheckReport, CheckStep } from './types.ts';

/**
 * The integration checks of the specification's /test/* pages. Each check exercises one outside
 * service (or one of the shop's own flows) through whatever adapter is configured and reports its
 * steps. A check's `run` gets the database and the page's input (a product's slug, a phone
 * number…) and answers with its steps; the entry (index.ts) times nothing itself and records the
 * run in the audit trail.
 */

export interface CheckInput {
  slug?: string | undefined;
  phone?: string | undefined;
  code?: string | undefined;
  /** The OAuth state a provider sent back (the social login checks). */
  state?: string | undefined;
}

export interface CheckRun {
  adapter: string;
  steps: CheckStep[];
  notConfigured?: CheckReport['notConfigured'];
  links?: CheckReport['links'];
  image?: CheckReport['image'];
}

export interface CheckEnv {
  db: Db;
  /** The administrator who runs the check. */
  admin: { memberNo: number; memberName: string };
  baseUrl: string;
  /** The administrator's session token: social login checks bind their state to it. */
  sessionKey: string;
}

export interface IntegrationCheck {
  id: string;
  /** The page of the specification the check lives on. */
  path: string;
  title: string;
  /** What the check does, one or two Korean sentences for the list and the page. */
  description: string;
  /** The adapter it would run against now, in words (shown before running). */
  adapter: () => string;
  run: (env: CheckEnv, input: CheckInput) => Promise<CheckRun>;
}
