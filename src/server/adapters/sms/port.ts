/** The SMS port: how the shop sends a text message. Adapters: `outbox` (built-in). */
export interface SmsMessage {
  /** Digits only, e.g. "01012345678". */
  to: string;
  text: string;
}

export interface SmsPort {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
