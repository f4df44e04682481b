import { hashToken } from '../auth/index.ts';
import { commerceError } from './errors.ts';

/**
 * Who an order sheet or order belongs to: a member, or a guest identity (the `guestToken` header,
 * kept only as a digest). A signed-in member is always the member, whatever else is sent.
 */
export type Owner = { memberNo: number; guestTokenHash: null } | { memberNo: null; guestTokenHash: string };

export function ownerOf(member: { memberNo: number } | null, guestToken: string | null): Owner {
  if (member) return { memberNo: member.memberNo, guestTokenHash: null };
  if (guestToken) return { memberNo: null, guestTokenHash: hashToken(`guest:${guestToken}`) };
  throw commerceError('IDENTITY_REQUIRED');
}

/** The owner as far as it is known (null: neither a member nor a guest token was sent). */
export function maybeOwner(member: { memberNo: number } | null, guestToken: string | null): Owner | null {
  return member || guestToken ? ownerOf(member, guestToken) : null;
}

export function owns(
  owner: Owner | null,
  row: { memberNo: number | null; guestTokenHash: string | null },
): boolean {
  if (!owner) return false;
  if (owner.memberNo !== null) return row.memberNo === owner.memberNo;
  return row.memberNo === null && row.guestTokenHash === owner.guestTokenHash;
}
