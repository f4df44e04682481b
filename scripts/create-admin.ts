/**
 * Creates the shop's administrator, or promotes an existing member (`npm run user:create-admin`).
 *
 *   npm run user:create-admin -- --id manager --name 김관리 [--email a@b.com] [--mobile 01012345678] [--staff]
 *
 * The password never goes on the command line (other users can see it in the process list): it
 * is read from PODO_ADMIN_PASSWORD, from the first line of stdin with --password-stdin, or asked
 * for at the terminal. An existing member is only promoted; their password stays unless
 * --reset-password is given. --staff makes a point-of-sale staff account instead.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  Email,
  MemberId,
  MemberName,
  MobileNo,
  StrictPassword,
  firstMessage,
} from '../src/lib/validation.ts';
import { openDb } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { env } from '../src/server/platform/env.ts';
import {
  changePassword,
  createMember,
  ensureBrandAdminGroup,
  getMemberById,
  grantAdmin,
  grantStaff,
} from '../src/server/member/index.ts';

const USAGE = `사용법 / usage: npm run user:create-admin -- --id <아이디> --name <이름> [--email <이메일>] [--mobile <휴대폰>]
       [--staff] [--reset-password] [--password-stdin]
  비밀번호 / password: PODO_ADMIN_PASSWORD, --password-stdin, 또는 입력 요청 / or prompted`;

function check<T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: import('zod').ZodError };
  },
  value: unknown,
): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(firstMessage(r.error));
  return r.data;
}

async function readLine(prompt: string | null, hidden: boolean): Promise<string> {
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: hidden && process.stdin.isTTY,
  });
  if (hidden) {
    // echo nothing while the password is typed
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (prompt && s.startsWith(prompt)) process.stdout.write(prompt);
    };
  }
  return new Promise((resolve) => {
    rl.question(prompt ?? '', (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (process.env.PODO_ADMIN_PASSWORD) return process.env.PODO_ADMIN_PASSWORD;
  if (fromStdin || !process.stdin.isTTY) return (await readLine(null, false)).trim();
  const first = await readLine('비밀번호 / password: ', true);
  const again = await readLine('비밀번호 확인 / again: ', true);
  if (first !== again) throw new Error('비밀번호가 서로 다릅니다 / passwords differ');
  return first;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      id: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      mobile: { type: 'string' },
      staff: { type: 'boolean', default: false },
      'reset-password': { type: 'boolean', default: false },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.id) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const memberId = check(MemberId, values.id);
  const e = env();
  const client = await openDb({
    url: e.DATABASE_URL,
    authToken: e.DATABASE_AUTH_TOKEN,
    busyTimeoutMs: e.DATABASE_BUSY_TIMEOUT_MS,
  });
  try {
    await migrate(client);
    await ensureBrandAdminGroup(client);
    const existing = await getMemberById(client, memberId);
    if (existing && existing.memberStatus === 'WITHDRAWN')
      throw new Error('탈퇴한 회원입니다 / member has left');
    let memberNo: number;
    if (existing) {
      memberNo = existing.memberNo;
      if (values['reset-password']) {
        await changePassword(
          client,
          memberNo,
          check(StrictPassword, await readPassword(values['password-stdin'])),
        );
        console.log('비밀번호를 바꿨습니다 / password changed (other sessions ended)');
      }
    } else {
      if (!values.name)
        throw new Error('새 계정에는 --name 이 필요합니다 / --name is required for a new account');
      const password = check(StrictPassword, await readPassword(values['password-stdin']));
      memberNo = (
        await createMember(client, {
          memberId,
          password,
          memberName: check(MemberName, values.name),
          email: values.email ? check(Email, values.email) : null,
          mobileNo: values.mobile ? check(MobileNo, values.mobile) : null,
          // an operator account, not a shopper: no shopping consents are recorded
          requireTerms: false,
        })
      ).memberNo;
      console.log(`계정을 만들었습니다 / account created: ${memberId} (회원번호 ${memberNo})`);
    }
    if (values.staff) {
      await grantStaff(client, memberNo);
      console.log(`매장 직원 권한을 주었습니다 / ${memberId} is point-of-sale staff`);
    } else {
      await grantAdmin(client, memberNo);
      console.log(`${e.BRAND_NAME} 관리자 그룹에 넣었습니다 / ${memberId} is an administrator`);
    }
    return 0;
  } finally {
    client.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`실패 / failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
