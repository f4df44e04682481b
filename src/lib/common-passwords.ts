/**
 * Common passwords, for the password rule of src/lib/validation.ts (browser and server alike).
 *
 * Where the list comes from: a curation by hand, made for Podo, of the entries that recur at
 * the top of well-known published lists of leaked or most-used passwords (SplashData's and
 * NordPass's yearly top lists, the top of the RockYou leak), with the keyboard patterns popular in
 * Korea and Korean words typed on a two-set (두벌식) keyboard in Latin mode (`dkssud` for 안녕,
 * `tkfkd` for 사랑). It is not a copy of any one list, nor checked entry by entry against one; add
 * to it by the same measure. It ships to the browser with the forms, so it stays small: well-known
 * words and patterns only, since `isCommonPassword` also catches their variants (upper case, `@`,
 * `$`, `0`, `1`, `3` for letters, symbols anywhere, digits before or after a word of the list).
 *
 * Entries are lower-case letters and digits only, without repeats (a test holds this); spelling
 * variants are not needed (`p@ssw0rd` is `password`).
 */
export const COMMON_PASSWORDS: readonly string[] = [
  // numbers and number patterns
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '87654321',
  '987654321',
  '12341234',
  '11223344',
  '123123123',
  '147258369',
  '159753',
  '5201314',
  // keyboard patterns (Latin rows and columns)
  'qwer',
  'qwert',
  'qwerty',
  'qwertyu',
  'qwertyuiop',
  'qwer1234',
  'qwerty123',
  'qwerty1234',
  'qwe123',
  '123qwe',
  'qweasd',
  'qweasdzxc',
  '123qweasd',
  'qweasd123',
  'qwerasdf',
  'qwerasdfzxcv',
  'asdf',
  'asdfg',
  'asdfgh',
  'asdfghjkl',
  'asdf1234',
  'asdfasdf',
  'asd123',
  'zxcv',
  'zxcvb',
  'zxcvbn',
  'zxcvbnm',
  'zxcv1234',
  'zxc123',
  '1q2w3e',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'q1w2e3r4t5',
  '1qaz2wsx',
  '1qaz2wsx3edc',
  'qazwsx',
  'qazwsxedc',
  'zaq12wsx',
  'zaq1xsw2',
  'q2w3e4r',
  'a1s2d3f4',
  // letters and digits in order
  'abc123',
  'abc1234',
  'abc12345',
  'abcd1234',
  'abcde12345',
  'abcdef',
  'abcdefg',
  'abcdefgh',
  'a1b2c3',
  'a1b2c3d4',
  'a123456',
  'a1234567',
  'a12345678',
  'aa123456',
  'aa1234',
  'test',
  'test123',
  'test1234',
  'testtest',
  // words at the top of the published lists
  'password',
  'password1',
  'password12',
  'password123',
  'passwd',
  'pass',
  'pass1234',
  'passpass',
  'iloveyou',
  'iloveu',
  'loveyou',
  'love',
  'lovelove',
  'admin',
  'admin123',
  'admin1234',
  'administrator',
  'root',
  'manager',
  'master',
  'welcome',
  'letmein',
  'login',
  'guest',
  'user',
  'hello',
  'helloworld',
  'sunshine',
  'princess',
  'dragon',
  'monkey',
  'football',
  'baseball',
  'soccer',
  'superman',
  'batman',
  'starwars',
  'pokemon',
  'shadow',
  'michael',
  'jennifer',
  'jordan',
  'charlie',
  'trustno1',
  'whatever',
  'freedom',
  'secret',
  'computer',
  'internet',
  'angel',
  'samsung',
  'google',
  'naver',
  'kakao',
  'korea',
  'seoul',
  'sarang',
  'saranghae',
  'saranghaeyo',
  // Korean words typed on a two-set (두벌식) keyboard in Latin mode
  'dkssud', // 안녕
  'dkssudgktpdy', // 안녕하세요
  'tkfkd', // 사랑
  'tkfkdgo', // 사랑해
  'gksrmf', // 한글
  'rkskek', // 가나다
  'qlalfqjsgh', // 비밀번호
];

/** Rows a run of typed characters follows: the alphabet, the digits and the keyboard's rows. */
const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const RUNS = [...SEQUENCES, ...SEQUENCES.map((s) => [...s].reverse().join(''))];
/** Digits (and `l`) that stand for letters, folded on both sides of a comparison. */
const LOOKALIKES: Record<string, string> = { '0': 'o', '1': 'i', l: 'i', '3': 'e' };

/** Letters and digits of a lower-cased password; `@` and `$` dropped, or read as `a` and `s`. */
export function alphanumericForms(password: string): string[] {
  const lower = password.toLowerCase();
  const dropped = lower.replace(/[^a-z0-9]/g, '');
  const read = lower
    .replace(/@/g, 'a')
    .replace(/\$/g, 's')
    .replace(/[^a-z0-9]/g, '');
  return dropped === read ? [dropped] : [dropped, read];
}

/** `0`→o, `1` and `l`→i, `3`→e: a digit typed for a letter compares as the letter. */
export const foldLookalikes = (alphanumeric: string) =>
  alphanumeric.replace(/[013l]/g, (c) => LOOKALIKES[c] ?? c);

const COMMON = new Set(COMMON_PASSWORDS.map(foldLookalikes));
const MAX_CHECKED_LENGTH = 64;

/** Three or more of one character, or of consecutive characters of a row (`abc`, `987`, `qwer`). */
function isRun(part: string): boolean {
  return part.length >= 3 && (/^(.)\1+$/.test(part) || RUNS.some((row) => row.includes(part)));
}

/** Whether the whole string is made of runs only (`qwe123`, `aaa111`, `abcd4321`). */
function onlyRuns(s: string): boolean {
  // covered[i]: s.slice(0, i) splits into runs
  const covered = [true, ...Array<boolean>(s.length).fill(false)];
  for (let end = 3; end <= s.length; end++) {
    for (let start = 0; start <= end - 3 && !covered[end]; start++) {
      covered[end] = covered[start] === true && isRun(s.slice(start, end));
    }
  }
  return covered[s.length] === true;
}

/** Whether the string repeats a unit of up to 4 characters (`a1a1a1a1`, `ab12ab12`). */
function repeatsUnit(s: string): boolean {
  for (let unit = 1; unit <= 4 && unit * 2 <= s.length; unit++) {
    if (s.length % unit === 0 && s === s.slice(0, unit).repeat(s.length / unit)) return true;
  }
  return false;
}

/**
 * Whether a password is a common one: an entry of the list (case, `@`→a, `$`→s, `0`→o, `1`/`l`→i,
 * `3`→e and any symbols aside), an entry of four or more characters with only digits before or
 * after it (`password2024!`), or nothing but runs and repeats (`abc123!!`, `a1a1a1a1`).
 */
export function isCommonPassword(password: string): boolean {
  // longer than any password the rules allow: not worth the (quadratic) look
  if (password.length > MAX_CHECKED_LENGTH) return false;
  for (const form of alphanumericForms(password)) {
    if (form.length < 4) continue;
    if (COMMON.has(foldLookalikes(form))) return true;
    const word = form.replace(/^\d+|\d+$/g, '');
    if (word.length >= 4 && COMMON.has(foldLookalikes(word))) return true;
    if (onlyRuns(form) || repeatsUnit(form)) return true;
  }
  return false;
}
