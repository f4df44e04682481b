import type { Transporter } from 'nodemailer';
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
 * nodemailer is loaded on the first send (decision 077: about 0.1 s of CPU that every app process's
 * start paid before, although only a shop with MAIL_PROVIDER=smtp uses it).
 */
export function createSmtpMail(options: SmtpMailOptions): MailPort {
  const timeout = options.timeoutMs ?? 15_000;
  let made: Promise<Transporter> | undefined;
  const transport = () =>
    (made ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
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
      }),
    ));
  return {
    name: 'smtp',
    async send({ to, subject, text }) {
      await (await transport()).sendMail({ from: options.from, to, subject, text });
    },
  };
}
