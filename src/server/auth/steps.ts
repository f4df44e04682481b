/**
 * What other modules' workflows may do with the auth tables inside their own transaction: when a
 * member withdraws (the member service's withdrawal batch), forget its sessions, update tokens and
 * login counters. Each is a statement builder, so the caller keeps ONE batch.
 */
export {
  deleteLoginAttemptsOfMemberStatement as forgetLoginCounters,
  deleteSessionsOfMemberStatement as forgetSessions,
  deleteUpdateTokensOfMemberStatement as forgetUpdateTokens,
} from './repo.ts';
