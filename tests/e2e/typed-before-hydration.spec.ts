import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ADMIN, createMember, hydrated, signedIn } from './support/members.ts';
import { STAFF } from './support/pos.ts';

/**
 * A slow phone (decision 068): the page is shown, the shopper types, picks and ticks before the
 * islands' scripts have run, and none of it is lost once React takes the island over — the text,
 * the caret inside it and the focus stay, and React's state holds them, so the island's next render
 * writes them back instead of the server's empty value. The page's scripts are held back until the
 * typing is done (the island still carries Astro's `ssr` mark then), and the CPU runs 20× slower.
 */

type Who = 'visitor' | 'member' | 'admin';

interface Case {
  island: string;
  path: string;
  who: Who;
  /** What the shopper does before hydration; what must hold after it. */
  fields: (page: Page) => Step[];
}

type Step =
  | { kind: 'text'; field: Locator; text: string; caretBack: number }
  | { kind: 'select'; field: Locator; label: string }
  | { kind: 'tick'; field: Locator };

const text = (field: Locator, value: string, caretBack = 2): Step => ({
  kind: 'text',
  field,
  text: value,
  caretBack,
});

const CASES: Case[] = [
  {
    island: 'LoginForm (member forms)',
    path: '/login',
    who: 'visitor',
    fields: (page) => [
      text(page.getByLabel('아이디 (필수)', { exact: true }), 'grape01'),
      { kind: 'tick', field: page.getByLabel('로그인 상태 유지') },
    ],
  },
  {
    island: 'AgreementForm (member forms)',
    path: '/member/member-register-agreement',
    who: 'visitor',
    fields: (page) => [{ kind: 'tick', field: page.getByLabel('전체 동의 (선택 항목 포함)') }],
  },
  {
    island: 'AddressForm (checkout and address book)',
    path: '/address/edit/new?return=%2Fmypage%2Faddress',
    who: 'member',
    fields: (page) => [text(page.getByLabel('받는 분 (필수)', { exact: true }), '김포도', 1)],
  },
  {
    island: 'InquiryForm (board, 1:1 questions)',
    path: '/board/inquiry/form',
    who: 'member',
    fields: (page) => [
      { kind: 'select', field: page.getByLabel('문의 유형 (필수)'), label: '배송' },
      text(page.getByLabel('문의 내용 (필수)'), '배송이 언제 되나요?', 3),
    ],
  },
  {
    island: 'ArticleEditor (manager)',
    path: '/manager/board/notice/write',
    who: 'admin',
    fields: (page) => [
      text(page.getByLabel('제목 (필수)'), '설 연휴 배송 안내'),
      { kind: 'select', field: page.getByLabel('내용 형식'), label: 'HTML' },
    ],
  },
  {
    island: 'PosLogin (counter)',
    path: '/test/pos/login',
    who: 'visitor',
    fields: (page) => [text(page.getByLabel('아이디 (필수)', { exact: true }), STAFF.memberId, 1)],
  },
];

async function pageFor(browser: Browser, who: Who, page: Page): Promise<Page> {
  if (who === 'visitor') return page;
  if (who === 'admin') return signedIn(browser, ADMIN);
  const account = await createMember(page.request);
  return signedIn(browser, account);
}

/** What React holds for a field: the props it last rendered it with. */
async function reactProps(field: Locator): Promise<{ value?: unknown; checked?: unknown }> {
  return field.evaluate((el) => {
    const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
    if (!key) throw new Error('React has not rendered this field');
    const props = (el as unknown as Record<string, { value?: unknown; checked?: unknown }>)[key]!;
    return { value: props.value, checked: props.checked };
  });
}

for (const c of CASES) {
  test(`${c.island}: what was typed before hydration stays, with its caret and focus`, async ({
    browser,
    page: fresh,
  }) => {
    test.setTimeout(90_000);
    const page = await pageFor(browser, c.who, fresh);
    const hydrationErrors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /hydrat/i.test(msg.text())) hydrationErrors.push(msg.text());
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    // the page's scripts (islands, React, Astro's renderer) wait until the shopper is done
    let held = true;
    await page.route(/\/_astro\/[^/]+\.js$/, async (route) => {
      while (held) await new Promise((r) => setTimeout(r, 50));
      await route.continue();
    });
    await page.goto(c.path, { waitUntil: 'commit' });

    const steps = c.fields(page);
    const island = page.locator('astro-island', { has: steps[0]!.field }).first();
    // at 20× the page takes seconds to be parsed and shown
    await expect(island).toHaveAttribute('ssr', '', { timeout: 30_000 });
    for (const step of steps) {
      if (step.kind === 'text') {
        await step.field.click();
        await step.field.pressSequentially(step.text);
        for (let i = 0; i < step.caretBack; i++) await step.field.press('ArrowLeft');
      } else if (step.kind === 'select') {
        await step.field.selectOption({ label: step.label });
      } else {
        await step.field.check();
      }
    }
    // the last text field typed keeps the focus
    const focused = steps.findLast((s) => s.kind === 'text');
    if (focused) await focused.field.focus();
    await expect(island, 'typed before the island hydrated').toHaveAttribute('ssr', '');

    held = false;
    await page.unrouteAll({ behavior: 'wait' });
    // at 20× a page's islands take many seconds (client:painted ones wait for the first paint)
    await hydrated(page, { timeout: 60_000 });

    for (const step of steps) {
      if (step.kind === 'text') {
        await expect(step.field).toHaveValue(step.text);
        expect((await reactProps(step.field)).value, 'React holds the typed text').toBe(step.text);
      } else if (step.kind === 'select') {
        const picked = await step.field.evaluate((el: HTMLSelectElement) => el.value);
        await expect(step.field.locator('option:checked')).toHaveText(step.label);
        expect((await reactProps(step.field)).value, 'React holds the pick').toBe(picked);
      } else {
        await expect(step.field).toBeChecked();
        expect((await reactProps(step.field)).checked, 'React holds the tick').toBe(true);
      }
    }
    if (focused?.kind === 'text') {
      await expect(focused.field).toBeFocused();
      const caret = await focused.field.evaluate((el: HTMLInputElement | HTMLTextAreaElement) => [
        el.selectionStart,
        el.selectionEnd,
      ]);
      const at = [...focused.text].length - focused.caretBack;
      expect(caret, 'the caret stays where the shopper left it').toEqual([at, at]);
    }
    expect(hydrationErrors).toEqual([]);
  });
}
