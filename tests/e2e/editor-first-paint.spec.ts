import { expect, open, test } from './support/fixtures.ts';

/**
 * The editor's largest paint (issue 16, decision 049): on Lighthouse's phone the page's largest
 * contentful paint must be something the server's HTML paints — the template's first frame, an
 * image of known size — not the title or the guest guide the workspace draws seconds later after
 * loading Konva. Checked structurally (which element the browser names), not by timing.
 */

// Lighthouse's mobile screen (a Moto G Power), where the score is measured
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

interface Lcp {
  id: string;
  url: string;
  size: number;
  startTime: number;
}

test("the editor's largest paint is the first frame in the server's HTML, not the workspace's", async ({
  page,
}) => {
  const html = await (await page.request.get('/custom/dampener')).text();
  const img = /<img[^>]*\bid="editor-first-frame"[^>]*>/.exec(html)?.[0];
  expect(img, 'the first frame is in the HTML').toBeDefined();
  expect(img).toMatch(/\bwidth="\d+"/);
  expect(img).toMatch(/\bheight="\d+"/);
  expect(img).toMatch(/\bsrc="data:image\/png;base64,/);

  await open(page, '/custom/dampener');
  // the workspace has replaced the first draw and opened the visitor's guest guide: all it paints
  await expect(page.getByRole('toolbar', { name: '편집 도구' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '로그인 안내' })).toBeVisible();
  const entries = await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100))));
    return new Promise<Lcp[]>((resolve) =>
      new PerformanceObserver((list) =>
        resolve(
          list.getEntries().map((e) => {
            const lcp = e as PerformanceEntry & { id: string; url: string; size: number };
            return { id: lcp.id, url: lcp.url.slice(0, 22), size: lcp.size, startTime: lcp.startTime };
          }),
        ),
      ).observe({ type: 'largest-contentful-paint', buffered: true }),
    );
  });
  expect(entries.at(-1), JSON.stringify(entries)).toMatchObject({
    id: 'editor-first-frame',
    url: 'data:image/png;base64,',
  });
});
