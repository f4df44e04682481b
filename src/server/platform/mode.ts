import { env, loadEnv, type Env } from './env.ts';

/**
 * Demo or live, one switch (`SHOP_MODE`, decision 013). A demo shop runs on the built-in adapters
 * (sandbox payments, dev social login, SMS and mail outboxes, the print-service simulator), has demo
 * data and says so on every page. A live shop refuses to start until every outside service is a real
 * one: `liveProblems` lists what is missing, all at once, by name. The
 * database check (demo accounts) and the start-up gate are in startup.ts.
 */

export type ShopMode = 'demo' | 'live';

export function shopMode(): ShopMode {
  return env().SHOP_MODE;
}

export const isLive = (): boolean => shopMode() === 'live';
export const isDemo = (): boolean => shopMode() === 'demo';

const MIN_SECRET = 32;

/**
 * What stops a live shop from starting, judged on the environment alone (the database check is
 * `demoAccountsProblem`). Empty outside live mode. `source` is the raw environment: a setting left to
 * its default is not a decision (e.g. storage on the local disk).
 */
export function liveProblems(source: Record<string, string | undefined> = process.env): string[] {
  const e: Env = loadEnv(source);
  if (e.SHOP_MODE !== 'live') return [];
  const problems: string[] = [];
  const add = (name: string, why: string) => problems.push(`${name}: ${why}`);

  const provider = source.PAYMENT_PROVIDER ?? 'sandbox';
  if (provider !== 'portone') {
    add(
      'PAYMENT_PROVIDER',
      '결제가 내장 샌드박스(sandbox)로 설정되어 있습니다. 실제 결제사(portone)와 PORTONE_* 설정이 필요합니다',
    );
  }
  const secret = source.PAYMENT_SIGNING_SECRET ?? '';
  if (secret.length < MIN_SECRET) {
    add('PAYMENT_SIGNING_SECRET', `${MIN_SECRET}자 이상의 비밀값이 필요합니다`);
  }
  if (!source.PUBLIC_BASE_URL || new URL(e.PUBLIC_BASE_URL).protocol !== 'https:') {
    add('PUBLIC_BASE_URL', '쇼핑몰의 https 주소가 필요합니다 (예: https://shop.example.com)');
  }
  if (e.SMS_PROVIDER === 'outbox') {
    add('SMS_PROVIDER', 'SMS가 내장 outbox에 쌓이기만 합니다. 실제 SMS 발송 서비스가 필요합니다');
  }
  if (e.MAIL_PROVIDER === 'outbox') {
    add('MAIL_PROVIDER', '메일이 내장 outbox에 쌓이기만 합니다. 실제 메일 발송(SMTP 등)이 필요합니다');
  } else if (e.SMTP_TLS === 'off') {
    add('SMTP_TLS', '운영 모드의 메일은 암호화된 연결(starttls 또는 implicit)로만 보낼 수 있습니다');
  }
  if (!source.STORAGE_DRIVER) {
    add(
      'STORAGE_DRIVER',
      '파일 저장소를 정해야 합니다: s3(여러 서버), 또는 한 서버의 디스크에 둔다면 명시적으로 local',
    );
  }
  if (e.POD_PROVIDER === 'simulator') {
    add(
      'POD_PROVIDER',
      '인쇄 서비스가 내장 시뮬레이터입니다. 실제 인쇄 서비스(http)와 POD_API_URL, POD_CLIENT_ID, POD_CLIENT_SECRET이 필요합니다',
    );
  } else {
    for (const missing of podHttpMissing(e)) add(missing, 'POD_PROVIDER=http에는 이 값이 필요합니다');
    if (e.POD_API_URL && new URL(e.POD_API_URL).protocol !== 'https:') {
      add('POD_API_URL', '인쇄 서비스의 https 주소가 필요합니다');
    }
  }
  if (e.POD_WEBHOOK_SECRET && e.POD_WEBHOOK_SECRET.length < MIN_SECRET) {
    add('POD_WEBHOOK_SECRET', `${MIN_SECRET}자 이상의 비밀값이 필요합니다`);
  }
  if (e.CARD_TERMINAL_PROVIDER === 'simulator') {
    add(
      'CARD_TERMINAL_PROVIDER',
      '매장 카드 단말기가 내장 시뮬레이터입니다. 실제 VAN 단말기 연결이 필요합니다',
    );
  }
  if (e.KAKAOPAY_PROVIDER === 'sandbox') {
    add('KAKAOPAY_PROVIDER', '매장 카카오페이가 내장 샌드박스입니다. 실제 카카오페이 가맹 연결이 필요합니다');
  }
  if (Boolean(e.NAVER_CLIENT_ID) !== Boolean(e.NAVER_CLIENT_SECRET)) {
    add(
      'NAVER_CLIENT_ID, NAVER_CLIENT_SECRET',
      '네이버 로그인을 쓰려면 둘 다, 쓰지 않으려면 둘 다 비워 두세요',
    );
  }
  if (e.KAKAO_CLIENT_SECRET && !e.KAKAO_CLIENT_ID) {
    add('KAKAO_CLIENT_ID', '카카오 로그인을 쓰려면 KAKAO_CLIENT_ID가 필요합니다');
  }
  return problems;
}

/** The settings the print service's `http` adapter cannot work without, by name. */
export function podHttpMissing(e: Env): string[] {
  return (['POD_API_URL', 'POD_CLIENT_ID', 'POD_CLIENT_SECRET'] as const).filter((k) => !e[k]);
}

export function formatLiveProblems(problems: readonly string[]): string {
  return [
    `운영 모드(SHOP_MODE=live)로 시작할 수 없습니다. 다음 ${problems.length}가지를 설정해 주세요:`,
    ...problems.map((p) => `  - ${p}`),
    '데모로 열려면 SHOP_MODE=demo (기본값). 자세한 내용: README의 설정 표, docs/decisions/013-demo-or-live.md',
  ].join('\n');
}
