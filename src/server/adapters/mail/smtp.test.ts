import { afterEach, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../tests/fixtures/smtp-server.ts';
import { createSmtpMail } from './smtp.ts';

let server: TestSmtpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SUBJECT = '[포도] 주문이 접수되었습니다 (주문번호 202611260001)';
const TEXT = '홍길동님, 주문해 주셔서 감사합니다.\n결제 금액: 12,900원\n배송지: 서울특별시 강남구 테헤란로 1';

describe('SMTP mail adapter', () => {
  it('delivers over STARTTLS with login to a real SMTP server: envelope, headers, Korean subject and body', async () => {
    server = await startTestSmtpServer({ user: 'shop', pass: 'secret-pass' });
    const mail = createSmtpMail({
      host: '127.0.0.1',
      port: server.port,
      tls: 'starttls',
      user: 'shop',
      pass: 'secret-pass',
      from: '포도 <shop@podo.example>',
      allowSelfSigned: true,
    });
    await mail.send({ to: 'buyer@example.com', subject: SUBJECT, text: TEXT });

    expect(server.received).toHaveLength(1);
    const got = server.received[0]!;
    expect(got.secure).toBe(true);
    expect(got.user).toBe('shop');
    expect(got.from).toBe('shop@podo.example');
    expect(got.to).toEqual(['buyer@example.com']);
    // the raw subject is an RFC 2047 encoded word (pure ASCII on the wire), decoding to the Korean text
    expect(got.headers.get('subject')).toMatch(/^=\?UTF-8\?[BQ]\?/i);
    expect([...got.raw.slice(0, got.raw.indexOf('\r\n\r\n'))].every((ch) => ch.charCodeAt(0) < 128)).toBe(
      true,
    );
    expect(got.subject).toBe(SUBJECT);
    expect(got.headers.get('from')).toMatch(/<shop@podo\.example>$/);
    expect(got.headers.get('to')).toBe('buyer@example.com');
    expect(got.headers.get('content-type')).toMatch(/^text\/plain; charset=utf-8/i);
    expect(got.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(got.headers.get('date')).toBeTruthy();
    expect(got.text.trim()).toBe(TEXT);
  });

  it('throws when the server refuses the login, so the outbox tries again later', async () => {
    server = await startTestSmtpServer({ user: 'shop', pass: 'secret-pass' });
    const mail = createSmtpMail({
      host: '127.0.0.1',
      port: server.port,
      tls: 'starttls',
      user: 'shop',
      pass: 'wrong',
      from: 'shop@podo.example',
      allowSelfSigned: true,
    });
    await expect(mail.send({ to: 'buyer@example.com', subject: '제목', text: '본문' })).rejects.toThrow();
    expect(server.received).toHaveLength(0);
  });

  it('throws on a temporary refusal (451) and on a server that is not there', async () => {
    server = await startTestSmtpServer({ reject: () => true });
    const refused = createSmtpMail({
      host: '127.0.0.1',
      port: server.port,
      tls: 'off',
      from: 'shop@podo.example',
    });
    await expect(refused.send({ to: 'a@example.com', subject: '제목', text: '본문' })).rejects.toThrow(/451/);
    const port = server.port;
    await server.close();
    server = undefined;
    const gone = createSmtpMail({
      host: '127.0.0.1',
      port,
      tls: 'off',
      from: 'shop@podo.example',
      timeoutMs: 2000,
    });
    await expect(gone.send({ to: 'a@example.com', subject: '제목', text: '본문' })).rejects.toThrow();
  });

  it('refuses to send in the clear when STARTTLS is required but the server does not offer it', async () => {
    // a server that hides STARTTLS: the adapter must not fall back to plain text
    const { SMTPServer } = await import('smtp-server');
    const plain = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const address = plain.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const mail = createSmtpMail({ host: '127.0.0.1', port, tls: 'starttls', from: 'shop@podo.example' });
      await expect(mail.send({ to: 'a@example.com', subject: '제목', text: '본문' })).rejects.toThrow();
    } finally {
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });
});
