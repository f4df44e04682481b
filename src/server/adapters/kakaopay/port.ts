/**
 * Kakao Pay at the counter: the counter asks for a payment of an amount and shows its QR code; the
 * customer scans it and approves on their phone; the counter sees the approval and the sale is
 * recorded with its approval number. Adapters: the built-in `sandbox` (the customer's phone is the
 * page /test/pos/kakao); Kakao Pay's own API plugs in here (KAKAOPAY_PROVIDER).
 */
export type KakaoRequestStatus = 'READY' | 'APPROVED' | 'CANCELLED' | 'EXPIRED' | 'USED';

export interface KakaoRequest {
  requestId: string;
  storeNo: number;
  amount: number;
  status: KakaoRequestStatus;
  approvalNo: string | null;
  txId: string | null;
  /** What the QR code holds: the address the customer's phone opens to approve. */
  approveUrl: string;
  expiresAt: string;
}

export class KakaoPayError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'KakaoPayError';
  }
}

export interface KakaoPayPort {
  readonly name: 'sandbox';
  /** A new payment request of `amount` won, valid for a few minutes. */
  ready(storeNo: number, amount: number): Promise<KakaoRequest>;
  /** The request as Kakao Pay knows it now; null when there is none. */
  status(requestId: string): Promise<KakaoRequest | null>;
  /**
   * Marks an approved request as used by a sale, once; false when it is not approved (or already
   * used), so one approval never pays two sales.
   */
  use(requestId: string, amount: number): Promise<KakaoRequest | null>;
  /** Cancels `amount` of an approved payment. */
  cancel(txId: string, amount: number): Promise<{ cancelNo: string }>;
  /**
   * Withdraws a request no sale will use (the counter closed its QR code): a waiting one can no
   * longer be approved, an approved one is paid back in full. A used one stays as it is.
   */
  withdraw(requestId: string): Promise<KakaoRequest | null>;
  /**
   * Pays back approvals no sale used within `before` (the counter lost them: a closed tab, a crash)
   * and closes expired requests; answers how many approvals were paid back.
   */
  releaseUnused(before: Date): Promise<number>;
}
