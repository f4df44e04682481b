/** The mail port: how the shop sends an e-mail. Adapters: `outbox` (built-in). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailPort {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}
