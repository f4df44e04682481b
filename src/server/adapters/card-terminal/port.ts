/**
 * The card terminal at the counter: a port to the VAN agent that drives the card reader. The
 * server asks it to approve or cancel an amount and stores the approval number; the browser never
 * reports an approval itself. Adapters: the built-in `simulator` (demo and tests); a real VAN
 * agent's adapter plugs in here (CARD_TERMINAL_PROVIDER).
 */
export interface CardApproval {
  approvalNo: string;
  /** The terminal's own transaction id, needed to cancel. */
  txId: string;
  /** The card as the receipt names it: "신한카드 1234-****". */
  cardName: string;
}

export class CardDeclinedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'CardDeclinedError';
  }
}

export interface CardTerminalPort {
  readonly name: 'simulator';
  /** Approves `amount` won on the card the customer presents; throws CardDeclinedError. */
  approve(amount: number, ref: string): Promise<CardApproval>;
  /** Cancels `amount` of an approval (the whole or a part); throws CardDeclinedError. */
  cancel(txId: string, amount: number): Promise<{ cancelNo: string }>;
}
