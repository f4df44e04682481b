/** The SMS port: how the shop sends a text message. Adapters: `outbox` (built-in), `solapi`. */
export interface SmsMessage {
  /** Digits only, e.g. "01012345678". */
  to: string;
  text: string;
  /**
   * Send as a 알림톡 (KakaoTalk business message) with this approved template, `text` being both
   * the template's filled text and the SMS sent instead when KakaoTalk cannot deliver it. Adapters
   * without 알림톡 send `text` as an SMS.
   */
  kakao?: { templateId: string; variables: Record<string, string> } | undefined;
}

export interface SmsPort {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}
