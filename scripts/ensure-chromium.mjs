#!/usr/bin/env node
/**
 * Before the browser tests: a Chromium for Playwright. Playwright's own browser download is not
 * reachable from these machines, so the tests use Debian's (`/usr/bin/chromium`) or the one named by
 * CHROMIUM_PATH. When neither is there and this machine can install packages (root, or sudo without
 * a password), it installs Debian's `chromium`, so `npm test` sets itself up on a fresh machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const log = (message) => console.log(`[podo] ${message}`);

function run(command, args) {
  const r = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
}

function asRoot(args) {
  if (process.getuid?.() === 0) return run(args[0], args.slice(1));
  if (spawnSync('sudo', ['-n', 'true']).status === 0) return run('sudo', ['-n', ...args]);
  return false;
}

const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(wanted)) process.exit(0);
if (process.env.CHROMIUM_PATH) {
  console.error(`[podo] CHROMIUM_PATH=${wanted}에 Chromium이 없습니다 / no Chromium at CHROMIUM_PATH.`);
  process.exit(1);
}
if (!existsSync('/usr/bin/apt-get')) {
  console.error(
    '[podo] 브라우저 테스트에 Chromium이 필요합니다. 설치한 뒤 CHROMIUM_PATH에 경로를 알려 주세요.\n' +
      '  Browser tests need Chromium: install it and set CHROMIUM_PATH to its executable.',
  );
  process.exit(1);
}
log('Chromium이 없어 데비안 패키지로 설치합니다 / installing Debian chromium…');
const installed =
  asRoot(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']) ||
  (asRoot(['apt-get', 'update']) &&
    asRoot(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']));
if (!installed || !existsSync(wanted)) {
  console.error(
    '[podo] Chromium을 설치하지 못했습니다. 관리자 권한으로 `apt-get install chromium`을 실행해 주세요.\n' +
      '  Could not install Chromium: run `apt-get install chromium` as root.',
  );
  process.exit(1);
}
log(`Chromium: ${wanted}`);
