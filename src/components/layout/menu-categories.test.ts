import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../catalog/category-tree.ts';
import { menuLinksFor, menuLinksHtml } from './menu-categories.ts';

const tree: CategoryNode[] = [
  {
    categoryNo: 529105,
    label: '방진패드·매트',
    depth: 1,
    children: [
      { categoryNo: 529106, label: '세탁기 <방진> & "패드"', depth: 2, children: [] },
      { categoryNo: 5291060, label: '긴 번호', depth: 2, children: [] },
    ],
  },
  { categoryNo: 757067, label: "운동's", depth: 1, children: [] },
];

const shortcuts =
  '<li><a href="/shop">전체상품</a></li><li><a href="/best">베스트</a></li>' +
  '<li><a href="/new">신상품</a></li><li><a href="/custom-products">커스텀 상품</a></li>';

describe("the header's category links (decision 073)", () => {
  it("writes the strip and the drawer as CategoryLinks.astro did, without Astro's scoping attributes", () => {
    const links = menuLinksHtml(tree);
    expect(links.strip).toBe(
      `<ul role="list" class="top">${shortcuts}` +
        '<li class="has-children"><a href="/categories/529105">방진패드·매트</a><ul role="list" class="sub">' +
        '<li><a href="/categories/529106">세탁기 &lt;방진&gt; &amp; &quot;패드&quot;</a></li>' +
        '<li><a href="/categories/5291060">긴 번호</a></li></ul></li>' +
        '<li><a href="/categories/757067">운동&#39;s</a></li></ul>',
    );
    expect(links.drawer).toBe(
      `<ul role="list" class="drawer-list">${shortcuts}` +
        '<li><a href="/categories/529105">방진패드·매트</a><ul role="list" class="drawer-sub">' +
        '<li><a href="/categories/529106">세탁기 &lt;방진&gt; &amp; &quot;패드&quot;</a></li>' +
        '<li><a href="/categories/5291060">긴 번호</a></li></ul></li>' +
        '<li><a href="/categories/757067">운동&#39;s</a></li></ul>',
    );
  });

  it('marks the links to the current page, in the strip and the drawer, and no other', () => {
    const links = menuLinksHtml(tree);
    const page = menuLinksFor(links, '/categories/529106');
    for (const html of [page.strip, page.drawer]) {
      expect(html.match(/aria-current="page"/g)).toHaveLength(1);
      expect(html).toContain('<a href="/categories/529106" aria-current="page">세탁기');
      expect(html).toContain('<a href="/categories/5291060">긴 번호'); // a longer number is another page
    }
    expect(menuLinksFor(links, '/best').strip).toContain('<a href="/best" aria-current="page">베스트</a>');
    // the kept HTML itself is never changed
    expect(links.strip).not.toContain('aria-current');
  });

  it('leaves the links alone on a page they do not link, whatever its address', () => {
    const links = menuLinksHtml(tree);
    for (const path of [
      '/',
      '/terms/agreement',
      '/categories/52910',
      '/categories/529105/',
      '/x"><script>',
    ]) {
      expect(menuLinksFor(links, path)).toEqual({ strip: links.strip, drawer: links.drawer });
    }
  });

  it('has the shortcuts only when there are no categories', () => {
    expect(menuLinksHtml([]).strip).toBe(`<ul role="list" class="top">${shortcuts}</ul>`);
  });
});
