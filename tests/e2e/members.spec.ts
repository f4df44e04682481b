import { expect, test } from './support/fixtures.ts';
import {
  accountMenu,
  createMember,
  formAlert,
  hydrated,
  openForm,
  latestConfirmLink,
  latestResetLink,
  latestSmsCode,
  loginInBrowser,
  setSessionEnd,
  setUpdateTokenEnd,
  uniqueAccount,
  PASSWORD,
} from './support/members.ts';

/**
 * Members end to end (issue 3): join, logout, the auth guard and the way back, social login
 * through the dev provider, find password by SMS, the profile edit behind the 30-minute token,
 * leaving. Every account is unique, so the tests share the server without stepping on each other.
 */

test('join (agreement → form) → logout → guarded page → login → back on the page', async ({ page }) => {
  const account = uniqueAccount('join');
  await page.goto('/');
  await accountMenu(page).getByRole('link', { name: '회원가입' }).click();
  await expect(page).toHaveURL(/\/member\/member-register-agreement$/);
  await hydrated(page);

  // the required terms come first
  await page.getByRole('button', { name: '동의하고 다음으로' }).click();
  await expect(page.getByText('필수 약관에 모두 동의해 주세요.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^이용약관/ })).toBeFocused();
  await page.getByLabel('전체 동의 (선택 항목 포함)').check();
  await expect(page.getByRole('checkbox', { name: /만 14세 이상입니다/ })).toBeChecked();
  await page.getByRole('button', { name: '동의하고 다음으로' }).click();
  await expect(page).toHaveURL(/\/join$/);
  await hydrated(page);

  // the shared rules, with focus on the first problem
  await page.getByRole('button', { name: '가입하기' }).click();
  const idField = page.getByLabel('아이디 (필수)', { exact: true });
  await expect(idField).toBeFocused();
  await expect(idField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('아이디는 4~20자로 입력해 주세요.')).toBeVisible();

  // live duplicate checks
  await idField.fill('admin');
  await expect(page.getByText('이미 사용 중인 아이디입니다.')).toBeVisible();
  await idField.fill(account.memberId);
  await expect(page.getByText('사용할 수 있는 아이디입니다.')).toBeVisible();
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill('short1');
  await page.getByLabel('비밀번호 확인 (필수)', { exact: true }).fill('short1');
  await page.getByLabel('이름 (필수)', { exact: true }).fill('김포도');
  // the e-mail is optional now; the phone number is verified by an SMS code
  await page.getByLabel('이메일 (선택)').fill(account.email);
  await expect(page.getByText('사용할 수 있는 이메일입니다.')).toBeVisible();
  const mobileField = page.getByLabel('휴대폰 번호 (필수)', { exact: true });
  await mobileField.fill(account.mobileNo);
  await expect(page.getByText('사용할 수 있는 휴대폰 번호입니다.')).toBeVisible();
  await page.getByRole('button', { name: '가입하기' }).click();
  const passwordField = page.getByLabel('비밀번호 (필수)', { exact: true });
  await expect(passwordField).toBeFocused();
  await expect(page.getByText('비밀번호는 8~16자로 입력해 주세요.')).toBeVisible();

  await passwordField.fill(account.password);
  await page.getByLabel('비밀번호 확인 (필수)', { exact: true }).fill(account.password);
  await page.getByLabel('생년월일 (선택)').fill('1990-01-01');
  await expect(page.getByLabel('생년월일 (선택)')).toHaveValue('19900101');
  await page.getByRole('radio', { name: '여성' }).check();
  // no join without the phone's code: the server refuses it too (API tests), the form says so first
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(mobileField).toBeFocused();
  await expect(page.getByText('휴대폰 번호 인증을 위해 인증번호를 받아 주세요.')).toBeVisible();
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  const codeField = page.getByLabel('인증번호 (필수)', { exact: true });
  await expect(codeField).toBeFocused();
  await expect(page.getByText('인증번호를 보냈습니다. 3분 안에 입력해 주세요.')).toBeVisible();
  await codeField.fill(await latestSmsCode(account.mobileNo));
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.getByText('휴대폰 번호가 인증되었습니다.')).toBeVisible();
  await page.getByLabel('비밀번호 확인 (필수)', { exact: true }).press('Enter');

  // joined and logged in: the welcome page (the sign-up benefit, when the shop runs one), then on
  await expect(page).toHaveURL('/member/welcome');
  await expect(page.getByRole('heading', { name: '가입을 환영합니다' })).toBeVisible();
  await expect(page.getByTestId('welcome-email')).toContainText(account.email.toLowerCase());
  await page.getByRole('link', { name: '쇼핑 계속하기' }).click();
  await expect(page).toHaveURL('/');

  // the e-mail is confirmed by the link of the mail sent to it: opening it changes nothing, the button does
  const confirmLink = new URL(await latestConfirmLink(account.email));
  await page.goto(`${confirmLink.pathname}${confirmLink.search}`);
  await page.getByRole('button', { name: '이메일 주소 확인' }).click();
  await expect(page.getByTestId('email-confirm-result')).toHaveText(
    '이메일 주소가 확인되었습니다. 주문과 배송 안내를 이 주소로 보내 드립니다.',
  );
  await page.goto('/member/welcome');
  await expect(page.getByTestId('welcome-email')).toHaveCount(0);
  await page.goto('/');
  await expect(accountMenu(page).getByText('김포도님')).toBeVisible();
  await expect(accountMenu(page).getByRole('link', { name: '마이페이지' })).toBeVisible();

  // logout clears the client state (consent flags stay) and goes home
  await page.evaluate(() => {
    localStorage.setItem('podo:guest-cart', '{"items":[]}');
    localStorage.setItem('podo:draft-design', '{"shape":"circle"}');
    localStorage.setItem('podo:consent:cookies', 'true');
    sessionStorage.setItem('podo:order-draft', '{}');
  });
  await accountMenu(page).getByRole('button', { name: '로그아웃' }).click();
  await expect(accountMenu(page).getByRole('link', { name: '로그인' })).toBeVisible();
  await expect(page).toHaveURL('/');
  const left = await page.evaluate(() => ({
    local: Object.keys(localStorage).filter((k) => k.startsWith('podo:')),
    session: Object.keys(sessionStorage).filter((k) => k.startsWith('podo:')),
  }));
  expect(left).toEqual({ local: ['podo:consent:cookies'], session: [] });
  const cookies = (await page.context().cookies()).map((c) => c.name);
  expect(cookies).not.toContain('podo_access_token');

  // the auth guard keeps the target; the login brings the member back to it
  await openForm(page, '/mypage/info');
  await expect(page).toHaveURL('/login?redirect=%2Fmypage%2Finfo');
  await hydrated(page);
  await page.evaluate(() => localStorage.setItem('podo:draft-design', '{"shape":"square"}'));
  await page.getByLabel('아이디 (필수)', { exact: true }).fill(account.memberId);
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(account.password);
  await page.getByLabel('비밀번호 (필수)', { exact: true }).press('Enter');
  await expect(page).toHaveURL('/mypage/info');
  await expect(page.getByRole('heading', { level: 1, name: '회원 정보 수정' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('podo:draft-design'))).toBeNull();

  // previous-path guard: a member on /login goes on
  await page.goto('/login?redirect=%2Fmypage%2Fleave');
  await expect(page).toHaveURL('/mypage/leave');
  await hydrated(page);
});

test('login shows the server’s Korean message and never leaves the site', async ({ page, request }) => {
  const account = await createMember(request);
  await openForm(page, '/login?redirect=%2F%2Fevil.example');
  await page.getByLabel('아이디 (필수)', { exact: true }).fill(account.memberId);
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill('wrong-password-1!');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(formAlert(page)).toHaveText('아이디 또는 비밀번호가 올바르지 않습니다.');
  await expect(page.getByLabel('비밀번호 (필수)', { exact: true })).toBeFocused();
  await expect(page.getByLabel('비밀번호 (필수)', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(accountMenu(page).getByText(`${account.memberName}님`)).toBeVisible();
});

test('social sign-up through the dev provider → register an id and password → unlink → log in with the id', async ({
  page,
}) => {
  const who = uniqueAccount('naver');
  await openForm(page, '/login');
  await page.getByRole('button', { name: '네이버 로그인' }).click();

  await expect(page).toHaveURL(/\/api\/dev-oauth\/authorize/);
  await page.getByLabel('네이버 사용자 ID').fill(`naver-${who.memberId}`);
  await page.getByLabel('이름').fill('김네이버');
  await page.getByLabel('이메일').fill(who.email);
  await page.getByLabel('휴대폰 번호').fill(who.mobileNo);
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();

  await expect(page).toHaveURL('/member/member-register-agreement?mode=social');
  await hydrated(page);
  await expect(page.getByText('네이버 계정으로 처음 로그인하셨습니다.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('이름 (필수)', { exact: true })).toHaveValue('김네이버');
  await page.getByLabel('전체 동의 (선택 항목 포함)').check();
  await page.getByRole('button', { name: '동의하고 가입하기' }).click();

  await expect(page).toHaveURL('/');
  await expect(accountMenu(page).getByText('김네이버님')).toBeVisible();

  // the linked provider shows on /mypage/info; the only login method cannot be unlinked
  await openForm(page, '/mypage/info');
  const naver = page
    .getByRole('region', { name: '간편 로그인 연결' })
    .getByRole('listitem')
    .filter({ hasText: '네이버' });
  await expect(naver).toContainText('연결됨');
  await naver.getByRole('button', { name: '네이버 연결 해제' }).click();
  await expect(formAlert(page)).toContainText('아이디와 비밀번호를 먼저 등록해 주세요');

  // no "contact support": the page offers the registration itself (join rules)
  await expect(page.getByText('1:1 문의로 요청해 주세요')).toHaveCount(0);
  await formAlert(page).getByRole('link', { name: '아이디/비밀번호 등록하기' }).click();
  const register = page.getByRole('region', { name: '아이디/비밀번호 등록' });
  await expect(register).toBeFocused();
  await register.getByLabel('아이디 (필수)', { exact: true }).fill('admin');
  await expect(register.getByText('이미 사용 중인 아이디입니다.')).toBeVisible();
  await register.getByLabel('아이디 (필수)', { exact: true }).fill(who.memberId);
  await expect(register.getByText('사용할 수 있는 아이디입니다.')).toBeVisible();
  await register.getByLabel('비밀번호 (필수)', { exact: true }).fill('simple1234');
  await register.getByLabel('비밀번호 확인 (필수)', { exact: true }).fill('simple1234');
  await register.getByRole('button', { name: '아이디/비밀번호 등록' }).click();
  await expect(register.getByText('비밀번호에 특수문자를 포함해 주세요.')).toBeVisible();
  await register.getByLabel('비밀번호 (필수)', { exact: true }).fill(who.password);
  await register.getByLabel('비밀번호 확인 (필수)', { exact: true }).fill(who.password);
  await register.getByRole('button', { name: '아이디/비밀번호 등록' }).click();

  await expect(page).toHaveURL('/mypage/info?registered=1');
  await hydrated(page);
  await expect(
    page.getByRole('status').filter({ hasText: '아이디와 비밀번호를 등록했습니다.' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: '비밀번호 확인' })).toContainText(who.memberId);

  // the password re-check and the profile edit work now
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page).toHaveURL('/mypage/info/modify');
  await hydrated(page);
  await expect(page.getByLabel('이름 (필수)', { exact: true })).toHaveValue('김네이버');
  await page.getByRole('radio', { name: '여성' }).check();
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page).toHaveURL('/mypage/info?updated=1');
  await hydrated(page);

  // the last social login may go; the id logs in
  await naver.getByRole('button', { name: '네이버 연결 해제' }).click();
  await expect(page.getByText('네이버 연결을 해제했습니다.')).toBeVisible();
  await expect(naver).toContainText('연결 안 됨');
  await accountMenu(page).getByRole('button', { name: '로그아웃' }).click();
  await expect(accountMenu(page).getByRole('link', { name: '로그인' })).toBeVisible();
  await loginInBrowser(page, who);
  await expect(accountMenu(page).getByText('김네이버님')).toBeVisible();
});

test('social login with an existing member’s e-mail → existing account → login → link', async ({
  page,
  request,
}) => {
  const account = await createMember(request, uniqueAccount('kakao'));
  await openForm(page, '/login');
  await page.getByRole('button', { name: '카카오 로그인' }).click();
  await expect(page).toHaveURL(/\/api\/dev-oauth\/authorize/);
  await page.getByLabel('이메일').fill(account.email);
  await page.getByLabel('휴대폰 번호').fill('');
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();

  await expect(page).toHaveURL(/\/member\/existing-account\?/);
  await expect(page.getByRole('heading', { name: '이미 가입된 계정이 있습니다' })).toBeVisible();
  // masked: the first two and last two characters around stars
  const masked = new RegExp(`^${account.memberId.slice(0, 2)}\\*+${account.memberId.slice(-2)}$`);
  await expect(page.getByText(masked)).toBeVisible();
  await expect(page.getByText(account.memberId, { exact: true })).toHaveCount(0);

  // log in in social-link mode, then link
  await page.getByRole('link', { name: '로그인하고 카카오 연결하기' }).click();
  await expect(page).toHaveURL('/sns/link?provider=kakao');
  await hydrated(page);
  await page.getByLabel('아이디 (필수)', { exact: true }).fill(account.memberId);
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL('/sns/sns-link?provider=kakao');
  await hydrated(page);
  await page.getByRole('button', { name: '카카오 계정 연결하기' }).click();
  await expect(page).toHaveURL(/\/api\/dev-oauth\/authorize/);
  await page.getByLabel('이메일').fill(account.email);
  await page.getByLabel('휴대폰 번호').fill('');
  await page.getByRole('button', { name: '동의하고 계속하기' }).click();

  await expect(page).toHaveURL('/mypage/info?linked=kakao');
  await expect(page.getByRole('status').filter({ hasText: '카카오 계정이 연결되었습니다.' })).toBeVisible();
  const kakao = page
    .getByRole('region', { name: '간편 로그인 연결' })
    .getByRole('listitem')
    .filter({ hasText: '카카오' });
  await expect(kakao).toContainText('연결됨');

  // a member with a password may unlink
  await kakao.getByRole('button', { name: '카카오 연결 해제' }).click();
  await expect(page.getByText('카카오 연결을 해제했습니다.')).toBeVisible();
  await expect(kakao).toContainText('연결 안 됨');
});

test('find password with the SMS code from the outbox → reset → login with the new password', async ({
  page,
  request,
}) => {
  const account = await createMember(request, uniqueAccount('find'));
  const newPassword = 'berry-2025?';
  await openForm(page, '/login');
  await page.getByRole('link', { name: '비밀번호 찾기' }).click();
  await expect(page).toHaveURL('/find?tab=password');
  await hydrated(page);

  await page.getByLabel('아이디 (필수)', { exact: true }).fill(account.memberId);
  await page.getByRole('button', { name: '다음' }).click();
  await expect(page.getByRole('radio', { name: /휴대폰 인증 \(010-\*+-\d{4}\)/ })).toBeChecked();

  await page.getByLabel('휴대폰 번호').fill('01099998888');
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByText('회원 정보에 등록된 휴대폰 번호와 다릅니다.')).toBeVisible();
  await page.getByLabel('휴대폰 번호').fill(account.mobileNo);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '인증번호를 보냈습니다.' })).toBeVisible();
  await expect(page.getByLabel('인증번호')).toBeFocused();

  const code = await latestSmsCode(account.mobileNo);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('인증번호').fill(wrong);
  await page.getByRole('button', { name: '인증하고 비밀번호 재설정' }).click();
  await expect(page.getByText('인증번호를 정확히 입력해 주세요.')).toBeVisible();
  await expect(page.getByLabel('인증번호')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('인증번호').fill(code);
  await page.getByRole('button', { name: '인증하고 비밀번호 재설정' }).click();

  await expect(page).toHaveURL('/find/password/reset');
  await hydrated(page);
  await expect(page.getByLabel('아이디 (필수)', { exact: true })).toHaveValue(account.memberId);
  await page.getByLabel('새 비밀번호 (필수)', { exact: true }).fill('weakpass1');
  await page.getByLabel('새 비밀번호 확인 (필수)', { exact: true }).fill('weakpass1');
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByText('비밀번호에 특수문자를 포함해 주세요.')).toBeVisible();
  await page.getByLabel('새 비밀번호 (필수)', { exact: true }).fill(newPassword);
  await page.getByLabel('새 비밀번호 확인 (필수)', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page).toHaveURL('/find/success');
  await expect(page.getByRole('heading', { name: '비밀번호가 변경되었습니다' })).toBeVisible();

  await page.getByRole('link', { name: '로그인', exact: true }).last().click();
  await page.getByLabel('아이디 (필수)', { exact: true }).fill(account.memberId);
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(formAlert(page)).toHaveText('아이디 또는 비밀번호가 올바르지 않습니다.');
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(accountMenu(page).getByText(`${account.memberName}님`)).toBeVisible();
});

test('profile edit needs the password re-check; the update token opens the form', async ({
  page,
  request,
  context,
}) => {
  const account = await createMember(request, uniqueAccount('edit'));
  await loginInBrowser(page, account);

  // without the token: back to /mypage/info with the reason
  await page.goto('/mypage/info/modify');
  await expect(page).toHaveURL('/mypage/info?reason=required');
  await hydrated(page);
  await expect(page.getByRole('alert').filter({ hasText: '비밀번호를 다시 확인해 주세요.' })).toBeVisible();

  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill('not-my-password-1!');
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.getByText('비밀번호가 올바르지 않습니다.')).toBeVisible();
  await expect(page.getByLabel('비밀번호 (필수)', { exact: true })).toBeFocused();
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '확인', exact: true }).click();

  await expect(page).toHaveURL('/mypage/info/modify');
  await hydrated(page);
  await expect(page.getByText(/정보 수정 가능 시간이 (30:00|29:\d\d) 남았습니다/)).toBeVisible();
  const name = page.getByLabel('이름 (필수)', { exact: true });
  await expect(name).toHaveValue(account.memberName);
  await name.fill('이수정');
  await page.getByLabel('이메일 (필수)', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByLabel('이메일 (필수)', { exact: true })).toBeFocused();
  await expect(page.getByText('이메일 형식이 올바르지 않습니다.')).toBeVisible();
  await page.getByLabel('이메일 (필수)', { exact: true }).fill(`new.${account.email}`);
  await page.getByLabel('생년월일 (선택)').fill('19851231');
  await page.getByRole('radio', { name: '남성' }).check();
  await page.getByRole('button', { name: '저장' }).click();

  await expect(page).toHaveURL('/mypage/info?updated=1');
  await expect(page.getByRole('status').filter({ hasText: '회원 정보가 수정되었습니다.' })).toBeVisible();
  await expect(accountMenu(page).getByText('이수정님')).toBeVisible();
  const profile = await (await page.request.get('/shop-api/profile', { headers: { Version: '1.0' } })).json();
  expect(profile).toMatchObject({
    memberName: '이수정',
    email: `new.${account.email}`,
    birthday: '19851231',
    sex: 'M',
  });

  // a token that is not the member's: back to /mypage/info
  await context.addCookies([
    { name: 'podo_user_update', value: 'x'.repeat(43), url: page.url(), httpOnly: true, sameSite: 'Strict' },
  ]);
  await page.goto('/mypage/info/modify');
  await expect(page).toHaveURL('/mypage/info?reason=required');
  await hydrated(page);
});

test('profile edit: the update token’s 30 minutes lead back to the re-check, a dead session to login', async ({
  page,
  request,
}) => {
  const account = await createMember(request, uniqueAccount('tok'));
  await loginInBrowser(page, account, '/login?redirect=%2Fmypage%2Finfo');
  await expect(page).toHaveURL('/mypage/info');
  const recheck = async () => {
    await hydrated(page);
    await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: '확인', exact: true }).click();
    await expect(page).toHaveURL('/mypage/info/modify');
    await hydrated(page);
  };
  await recheck();

  // the re-check is over while the form is open: back to /mypage/info, still signed in
  await setUpdateTokenEnd(account.memberId, -1);
  await page.getByLabel('이름 (필수)', { exact: true }).fill('박수정');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page).toHaveURL('/mypage/info?reason=expired');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: '개인정보 수정 시간이 지났습니다. 비밀번호를 다시 확인해 주세요.' }),
  ).toBeVisible();
  await expect(accountMenu(page).getByText(`${account.memberName}님`)).toBeVisible();

  // the login session ends (the server refuses it in its last minute) while the form is open
  await recheck();
  await setSessionEnd(account.memberId, 30);
  await page.getByLabel('이름 (필수)', { exact: true }).fill('박수정');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Fmypage%2Finfo&reason=expired');
  await expect(formAlert(page)).toHaveText('로그인 시간이 만료되었습니다. 다시 로그인해 주세요.');
  await expect(accountMenu(page).getByRole('link', { name: '로그인' })).toBeVisible();

  // logging in again leads back to the re-check; nothing was saved on the way
  await hydrated(page);
  await page.getByLabel('아이디 (필수)', { exact: true }).fill(account.memberId);
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL('/mypage/info');
  await expect(accountMenu(page).getByText(`${account.memberName}님`)).toBeVisible();
});

test('profile edit: a new phone number needs the SMS code sent to it (outbox)', async ({ page, request }) => {
  const account = await createMember(request, uniqueAccount('phone'));
  const newMobile = uniqueAccount('phone').mobileNo;
  await loginInBrowser(page, account, '/login?redirect=%2Fmypage%2Finfo');
  await hydrated(page);
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page).toHaveURL('/mypage/info/modify');
  await hydrated(page);

  // the same number needs nothing; another one asks for its code
  const phone = page.getByLabel('휴대폰 번호 (필수)', { exact: true });
  await expect(page.getByRole('button', { name: '인증번호 받기' })).toHaveCount(0);
  await phone.fill(newMobile);
  await expect(page.getByText('번호를 바꾸려면 새 번호로 인증번호를 받아 확인해 주세요.')).toBeVisible();
  await page.getByRole('button', { name: '저장' }).click();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('휴대폰 번호를 바꾸려면 인증번호를 받아 확인해 주세요.')).toBeVisible();

  await page.getByRole('button', { name: '인증번호 받기' }).click();
  const code = page.getByLabel('인증번호 (필수)', { exact: true });
  await expect(code).toBeFocused();
  await expect(page.getByText('인증번호를 보냈습니다. 3분 안에 입력해 주세요.')).toBeVisible();
  const sent = await latestSmsCode(newMobile);
  await code.fill(sent === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.getByText('인증번호를 정확히 입력해 주세요.')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill(sent);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect(page.getByText('새 휴대폰 번호가 인증되었습니다.')).toBeVisible();
  await expect(code).toHaveCount(0);
  await page.getByRole('button', { name: '저장' }).click();

  await expect(page).toHaveURL('/mypage/info?updated=1');
  const profile = await (await page.request.get('/shop-api/profile', { headers: { Version: '1.0' } })).json();
  expect(profile.mobileNo).toBe(newMobile);
});

test('leave: reason and confirmation, logged out, and the id cannot log in again', async ({
  page,
  request,
}) => {
  const account = await createMember(request, uniqueAccount('leave'));
  await loginInBrowser(page, account, '/login?redirect=%2Fmypage%2Fleave');
  await expect(page).toHaveURL('/mypage/leave');
  await hydrated(page);

  await page.getByRole('button', { name: '회원 탈퇴' }).click();
  await expect(page.getByLabel('탈퇴 사유 (필수)')).toBeFocused();
  await expect(page.getByText('탈퇴 사유를 선택해 주세요.')).toBeVisible();
  await page.getByLabel('탈퇴 사유 (필수)').selectOption('이용 빈도가 낮아요');
  await page.getByRole('button', { name: '회원 탈퇴' }).click();
  await expect(page.getByRole('checkbox', { name: /회원 탈퇴에 동의합니다/ })).toBeFocused();
  await page.getByRole('checkbox', { name: /회원 탈퇴에 동의합니다/ }).check();
  await page.getByRole('button', { name: '회원 탈퇴' }).click();

  await expect(page).toHaveURL('/');
  await expect(accountMenu(page).getByRole('link', { name: '로그인' })).toBeVisible();

  await openForm(page, '/login');
  await page.getByLabel('아이디 (필수)', { exact: true }).fill(account.memberId);
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(formAlert(page)).toHaveText('탈퇴한 회원의 아이디입니다. 새 아이디로 가입해 주세요.');
  await expect(page).toHaveURL('/login');
});

test('admin guard: visitors log in first, members who are not administrators get the 403 page', async ({
  page,
}) => {
  const res = await page.goto('/custom/admin/list');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL('/login?redirect=%2Fcustom%2Fadmin%2Flist');
  await hydrated(page);
  await page.getByLabel('아이디 (필수)', { exact: true }).fill('staff');
  await page.getByLabel('비밀번호 (필수)', { exact: true }).fill('podo-staff-1234!');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByRole('heading', { name: '접근 권한이 없습니다' })).toBeVisible();
  expect((await page.request.get('/manager')).status()).toBe(403);
});

test('social login in a 550x600 popup: the popup closes and the page goes on to the terms', async ({
  page,
}) => {
  const who = uniqueAccount('popup');
  await openForm(page, '/sns/login?popup=true');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: '카카오 로그인' }).click(),
  ]);
  await expect(popup).toHaveURL(/\/api\/dev-oauth\/authorize/);
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([550, 600]);
  await popup.getByLabel('카카오 사용자 ID').fill(`kakao-${who.memberId}`);
  await popup.getByLabel('이름').fill('이카카오');
  await popup.getByLabel('이메일').fill(who.email);
  await popup.getByLabel('휴대폰 번호').fill(who.mobileNo);
  await Promise.all([
    popup.waitForEvent('close'),
    popup.getByRole('button', { name: '동의하고 계속하기' }).click(),
  ]);

  await expect(page).toHaveURL('/member/member-register-agreement?mode=social');
  await hydrated(page);
  await page.getByLabel('전체 동의 (선택 항목 포함)').check();
  await page.getByRole('button', { name: '동의하고 가입하기' }).click();
  await expect(page).toHaveURL('/');
  await expect(accountMenu(page).getByText('이카카오님')).toBeVisible();
});

test('session expiry: 60 s early in the page (home, logged out) and on the server (login says why)', async ({
  page,
  request,
}) => {
  const account = await createMember(request, uniqueAccount('expiry'));
  await loginInBrowser(page, account);

  // 65 s left: the server still serves the member; the page ends the session 60 s early, in ~5 s
  await setSessionEnd(account.memberId, 65);
  await page.goto('/best');
  await expect(accountMenu(page).getByText(`${account.memberName}님`)).toBeVisible();
  await page.evaluate(() => localStorage.setItem('podo:order-draft', '{}'));
  await expect(page).toHaveURL('/', { timeout: 15_000 });
  await expect(accountMenu(page).getByRole('link', { name: '로그인' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('podo:order-draft'))).toBeNull();

  // within the last minute the server refuses the cookie: the guard sends to login with the reason
  await loginInBrowser(page, account);
  await setSessionEnd(account.memberId, 30);
  await openForm(page, '/mypage/info');
  await expect(page).toHaveURL('/login?redirect=%2Fmypage%2Finfo&reason=expired');
  await expect(formAlert(page)).toHaveText('로그인 시간이 만료되었습니다. 다시 로그인해 주세요.');
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('podo_access_token');
});

test('find id: name + phone with the SMS code, and name + e-mail; the id is shown masked', async ({
  page,
  request,
}) => {
  const account = await createMember(request, uniqueAccount('findid'));
  const masked = new RegExp(`^${account.memberId.slice(0, 2)}\\*+${account.memberId.slice(-2)}$`);
  await openForm(page, '/find');
  await page.getByLabel('이름 (필수)', { exact: true }).fill(account.memberName);
  await page.getByLabel('휴대폰 번호 (필수)', { exact: true }).fill(account.mobileNo);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByLabel('인증번호 (필수)', { exact: true })).toBeFocused();
  await page.getByLabel('인증번호 (필수)', { exact: true }).fill(await latestSmsCode(account.mobileNo));
  await page.getByRole('button', { name: '아이디 찾기', exact: true }).click();
  await expect(page).toHaveURL(/\/find\/id\/success\?/);
  await expect(page.getByText(masked)).toBeVisible();
  await expect(page.getByText(account.memberId, { exact: true })).toHaveCount(0);

  await openForm(page, '/find');
  await page.getByRole('radio', { name: '이메일' }).check();
  // another name with a registered e-mail reads exactly like an unknown e-mail
  await page.getByLabel('이름 (필수)', { exact: true }).fill('다른이름');
  await page.getByLabel('이메일 (필수)', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: '아이디 찾기', exact: true }).click();
  await expect(formAlert(page)).toHaveText('일치하는 회원 정보가 없습니다. 입력하신 정보를 확인해 주세요.');
  await page.getByLabel('이름 (필수)', { exact: true }).fill(account.memberName);
  await page.getByLabel('이메일 (필수)', { exact: true }).fill(`nobody.${account.email}`);
  await page.getByRole('button', { name: '아이디 찾기', exact: true }).click();
  await expect(formAlert(page)).toHaveText('일치하는 회원 정보가 없습니다. 입력하신 정보를 확인해 주세요.');
  await page.getByLabel('이메일 (필수)', { exact: true }).fill(account.email);
  await page.getByLabel('이름 (필수)', { exact: true }).fill(account.memberName);
  await page.getByRole('button', { name: '아이디 찾기', exact: true }).click();
  await expect(page).toHaveURL(/\/find\/id\/success\?/);
  await expect(page.getByText(masked)).toBeVisible();
});

test('find password by e-mail: the link opens the reset form once', async ({ page, request }) => {
  const account = await createMember(request, uniqueAccount('mail'));
  const newPassword = 'melon-2026#';
  await openForm(page, '/find?tab=password');
  await page.getByLabel('아이디 (필수)', { exact: true }).fill(account.memberId);
  await page.getByRole('button', { name: '다음' }).click();
  await page.getByRole('radio', { name: /이메일로 재설정 링크 받기/ }).check();
  await page.getByLabel('이메일 (필수)', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: '재설정 메일 받기' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '비밀번호 재설정 메일을 보냈습니다.' }),
  ).toBeVisible();

  const link = new URL(await latestResetLink(account.email));
  await openForm(page, `${link.pathname}${link.search}`);
  // the key leaves the address bar; the id typed on /find is remembered
  await expect(page).toHaveURL('/find/password/reset');
  await expect(page.getByLabel('아이디 (필수)', { exact: true })).toHaveValue(account.memberId);
  await page.getByLabel('새 비밀번호 (필수)', { exact: true }).fill(newPassword);
  await page.getByLabel('새 비밀번호 확인 (필수)', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page).toHaveURL('/find/success');

  // used up: the same link now says so
  await page.goto(`${link.pathname}${link.search}`);
  await expect(formAlert(page)).toContainText('비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다.');
  await loginInBrowser(page, { memberId: account.memberId, password: newPassword });
  await expect(accountMenu(page).getByText(`${account.memberName}님`)).toBeVisible();
});
