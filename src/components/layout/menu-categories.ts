import { db } from '../../server/db/client.ts';
import { getMenuCategories } from '../../server/catalog/index.ts';
import { categoryHref, toCategoryTree, type CategoryNode } from '../catalog/category-tree.ts';
import { escapeText } from '../../lib/html.ts';

/** The shortcuts before the categories, in the strip and in the drawer. */
const SHORTCUTS: readonly { href: string; label: string }[] = [
  { href: '/shop', label: '전체상품' },
  { href: '/best', label: '베스트' },
  { href: '/new', label: '신상품' },
  { href: '/custom-products', label: '커스텀 상품' },
];

/**
 * The header's category links as HTML (decision 073): the strip of wide screens (children open
 * under their parent) and the phone drawer (all shown). Nothing in them depends on the visitor:
 * they are made once per catalogue version and only the current page's `aria-current` is added
 * per request (`menuLinksFor`). Their styles are global ones guarded by `.category-menu`
 * (CategoryMenu.astro), so the markup carries no scoping attributes.
 */
export interface MenuLinks {
  strip: string;
  drawer: string;
  /** Every address linked, to mark the current page's links. */
  hrefs: ReadonlySet<string>;
}

function link(href: string, label: string): string {
  // hrefs are ours (fixed paths and category numbers), labels are escaped as Astro escapes text
  return `<a href="${href}">${escapeText(label)}</a>`;
}

function listHtml(categories: readonly CategoryNode[], place: 'strip' | 'drawer'): string {
  const strip = place === 'strip';
  let html = `<ul role="list" class="${strip ? 'top' : 'drawer-list'}">`;
  for (const s of SHORTCUTS) html += `<li>${link(s.href, s.label)}</li>`;
  for (const c of categories) {
    const parent = c.children.length > 0;
    html += `<li${strip && parent ? ' class="has-children"' : ''}>${link(categoryHref(c.categoryNo), c.label)}`;
    if (parent) {
      html += `<ul role="list" class="${strip ? 'sub' : 'drawer-sub'}">`;
      for (const child of c.children) html += `<li>${link(categoryHref(child.categoryNo), child.label)}</li>`;
      html += '</ul>';
    }
    html += '</li>';
  }
  return `${html}</ul>`;
}

export function menuLinksHtml(categories: readonly CategoryNode[]): MenuLinks {
  const hrefs = new Set(SHORTCUTS.map((s) => s.href));
  for (const c of categories) {
    hrefs.add(categoryHref(c.categoryNo));
    for (const child of c.children) hrefs.add(categoryHref(child.categoryNo));
  }
  return { strip: listHtml(categories, 'strip'), drawer: listHtml(categories, 'drawer'), hrefs };
}

/** The links with `aria-current="page"` on those to `pathname` (none when it is not linked). */
export function menuLinksFor(links: MenuLinks, pathname: string): { strip: string; drawer: string } {
  if (!links.hrefs.has(pathname)) return { strip: links.strip, drawer: links.drawer };
  const plain = `<a href="${pathname}">`;
  const current = `<a href="${pathname}" aria-current="page">`;
  return { strip: links.strip.split(plain).join(current), drawer: links.drawer.split(plain).join(current) };
}

/** Per kept menu tree (a new one comes with each catalogue version). */
const madeLinks = new WeakMap<object, MenuLinks>();
const NO_CATEGORIES = menuLinksHtml([]);

/**
 * The category menu's links for this page. A page still renders (with shortcuts only) when the
 * catalogue cannot be read, so the not-found and error pages never fail because of the menu.
 */
export async function loadMenuLinks(pathname: string): Promise<{ strip: string; drawer: string }> {
  let links = NO_CATEGORIES;
  try {
    const roots = await getMenuCategories(await db());
    links = madeLinks.get(roots) ?? menuLinksHtml(toCategoryTree(roots));
    madeLinks.set(roots, links);
  } catch (err) {
    console.error('[podo] category menu unavailable', err);
  }
  return menuLinksFor(links, pathname);
}
