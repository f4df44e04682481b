/** What the auth module reads and records of members to sign them in (credentials, the last login). */
export { isWithdrawnId, recordLogin, selectAuthIdentity, selectCredentialsById } from './repo.ts';
