import nodemailer from 'nodemailer';
import type { MailPort } from './port.ts';

export interface SmtpMailOptions {
  host: string;
  port: number;
  /** `starttls`: the plain connection must be upgraded (else the send fails); `implicit`: TLS from the start. */
  tls: 'starttls' | 'implicit' | 'off';
  user?: string | undefined;
  pass?: string | undefined;
  /** The sender, e.g. `포도 <shop@example.com>`. */
  from: string;
  /** Milliseconds to wait for the server at each stage; a send never hangs the caller for long. */
  timeoutMs?: number;
  /** Test servers use self-signed certificates; a real shop never sets this. */
  allowSelfSigned?: boolean;
}

/**
 * Mail through an SMTP server with nodemailer. Korean subjects and bodies are UTF-8 (nodemailer
 * encodes the subject as an RFC 2047 word and picks the body's transfer encoding). A refused or
 * failed send throws: the notification outbox counts the attempt and tries again later.
 */
export function createSmtpMail(options: SmtpMailOptions): MailPort {
  const timeout = options.timeoutMs ?? 15_000;
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.tls === 'implicit',
    requireTLS: options.tls === 'starttls',
    ignoreTLS: options.tls === 'off',
    ...(options.user ? { auth: { user: options.user, pass: options.pass ?? '' } } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    ...(options.allowSelfSigned ? { tls: { rejectUnauthorized: false } } : {}),
  });
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      await transport.sendMail({ from: options.from, to, subject, text });
    },
  };
}
