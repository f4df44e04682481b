/**
 * What other modules' workflows may do with cart lines: read the lines an order sheet is made
 * from, and remove the lines an order took, inside the order's own transaction.
 */
export { deleteLinesStatement, selectLines } from './repo.ts';
