import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSolapiSms, solapiAuthorization, SolapiError } from './solapi.ts';

const KEY = 'NCSTESTKEY000001';
const SECRET = 'test-secret-of-the-stand-in';

interface Seen {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  body: { message: Record<string, unknown> };
}

/**
 * A local stand-in of Solapi's HTTP API: it checks the HMAC-SHA256 signature as Solapi does
 * (HMAC(secret, date + salt), a date within 15 minutes, a salt not seen before) and answers
 * `POST /messages/v4/send` like Solapi (2000 on success; 4xx with errorCode/errorMessage).
 */
let server: Server;
let base: string;
let seen: Seen[];
let failNext: { status: number; errorCode: string; errorMessage: string } | null;
const salts = new Set<string>();

beforeEach(async () => {
  seen = [];
  failNext = null;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const auth = String(req.headers.authorization ?? '');
      const m = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]{64})$/.exec(
        auth,
      );
      if (!m) return answer(401, { errorCode: 'InvalidAuthorizationHeader', errorMessage: 'bad header' });
      const [, apiKey, date, salt, signature] = m;
      const expected = createHmac('sha256', SECRET)
        .update(date! + salt!)
        .digest('hex');
      if (apiKey !== KEY || signature !== expected)
        return answer(403, { errorCode: 'SignatureDoesNotMatch', errorMessage: 'signature' });
      if (Math.abs(Date.now() - Date.parse(date!)) > 15 * 60_000)
        return answer(403, { errorCode: 'RequestTimeTooSkewed', errorMessage: 'date' });
      if (salts.has(salt!))
        return answer(403, { errorCode: 'DuplicatedSignature', errorMessage: 'salt reused' });
      salts.add(salt!);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Seen['body'];
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: auth,
        contentType: String(req.headers['content-type'] ?? ''),
        body,
      });
      if (req.method !== 'POST' || req.url !== '/messages/v4/send')
        return answer(404, { errorCode: 'NotFound', errorMessage: 'no route' });
      if (failNext) {
        const f = failNext;
        failNext = null;
        return answer(f.status, { errorCode: f.errorCode, errorMessage: f.errorMessage });
      }
      const msg = body.message;
      answer(200, {
        groupId: 'G4V20261126000000TEST',
        messageId: 'M4V20261126000000TEST',
        to: msg.to,
        from: msg.from,
        type: msg.kakaoOptions ? 'ATA' : 'SMS',
        statusCode: '2000',
        statusMessage: '정상 접수(이통사로 접수 예정) ',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('Solapi SMS adapter', () => {
  it('signs the request as Solapi documents it', () => {
    const header = solapiAuthorization('KEY', 'SECRET', '2026-11-26T00:00:00.000Z', 'abcdef0123456789');
    const signature = createHmac('sha256', 'SECRET')
      .update('2026-11-26T00:00:00.000Zabcdef0123456789')
      .digest('hex');
    expect(header).toBe(
      `HMAC-SHA256 apiKey=KEY, date=2026-11-26T00:00:00.000Z, salt=abcdef0123456789, signature=${signature}`,
    );
  });

  it('sends an SMS with the registered sender, signed, accepted by the stand-in; a fresh salt each time', async () => {
    const sms = createSolapiSms({ apiKey: KEY, apiSecret: SECRET, sender: '0212345678', baseUrl: base });
    await sms.send({ to: '01012345678', text: '[포도] 주문이 접수되었습니다.' });
    await sms.send({ to: '01012345678', text: '[포도] 결제가 확인되었습니다.' });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.path).toBe('/messages/v4/send');
    expect(seen[0]!.contentType).toBe('application/json');
    expect(seen[0]!.body).toEqual({
      message: { to: '01012345678', from: '0212345678', text: '[포도] 주문이 접수되었습니다.' },
    });
    expect(seen[0]!.authorization).not.toBe(seen[1]!.authorization);
  });

  it('sends a 알림톡 with the channel, template and variables, the text kept as the SMS fallback', async () => {
    const sms = createSolapiSms({
      apiKey: KEY,
      apiSecret: SECRET,
      sender: '0212345678',
      baseUrl: base,
      pfId: 'KA01PF0000TEST',
    });
    await sms.send({
      to: '01012345678',
      text: '주문번호 202611260001 배송이 시작되었습니다.',
      kakao: { templateId: 'KA01TP0000SHIP', variables: { '#{주문번호}': '202611260001' } },
    });
    expect(seen[0]!.body.message).toEqual({
      to: '01012345678',
      from: '0212345678',
      text: '주문번호 202611260001 배송이 시작되었습니다.',
      kakaoOptions: {
        pfId: 'KA01PF0000TEST',
        templateId: 'KA01TP0000SHIP',
        variables: { '#{주문번호}': '202611260001' },
        disableSms: false,
      },
    });
  });

  it('sends a plain SMS when no KakaoTalk channel is configured', async () => {
    const sms = createSolapiSms({ apiKey: KEY, apiSecret: SECRET, sender: '0212345678', baseUrl: base });
    await sms.send({ to: '01012345678', text: '본문', kakao: { templateId: 'T', variables: {} } });
    expect(seen[0]!.body.message.kakaoOptions).toBeUndefined();
  });

  it('throws with Solapi’s error code on a refusal and on a wrong secret', async () => {
    const sms = createSolapiSms({ apiKey: KEY, apiSecret: SECRET, sender: '0212345678', baseUrl: base });
    failNext = { status: 400, errorCode: 'NotEnoughBalance', errorMessage: '잔액이 부족합니다.' };
    const err = await sms.send({ to: '01012345678', text: '본문' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SolapiError);
    expect((err as SolapiError).errorCode).toBe('NotEnoughBalance');
    expect((err as SolapiError).status).toBe(400);

    const wrong = createSolapiSms({
      apiKey: KEY,
      apiSecret: 'not-the-secret',
      sender: '0212345678',
      baseUrl: base,
    });
    await expect(wrong.send({ to: '01012345678', text: '본문' })).rejects.toThrow(/SignatureDoesNotMatch/);
  });
});
