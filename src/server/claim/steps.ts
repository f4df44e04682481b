/**
 * What other modules (the back office's and my page's routes) read of claims: one claim, its lines,
 * the claims of an order.
 */
export { selectClaim, selectClaimOptions, selectClaimsOfOrder } from './repo.ts';
export type { ClaimRow } from './repo.ts';
export { hasOpenReturn, selectClaimableLines, takenPointsAmt } from './repo.ts';
export type { ClaimableLineRow } from './repo.ts';
