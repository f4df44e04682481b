import { searchApi } from '../../lib/clients/search.ts';
import { productHref } from '../../components/catalog/product-card.ts';
import { forgetSearches, readRecent, rememberSearch, takeSentSearch } from './recent-searches.ts';

/**
 * The search box's suggestions (decision 031), loaded the first time the box gets focus
 * (SearchBox.astro), plain DOM so that no framework comes with it: recent searches (this browser's
 * own), the week's popular searches and matching products from GET /api/search/suggestions, as an
 * ARIA combobox (arrows move, Enter opens, Escape closes).
 */
interface Option {
  label: string;
  href: string;
  keyword?: string;
}

const DELAY_MS = 120;

export function mountSuggestions(form: HTMLFormElement, input: HTMLInputElement): void {
  const list = document.createElement('div');
  list.id = `${input.id}-suggestions`;
  list.className = 'search-suggestions';
  list.hidden = true;
  form.after(list);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');

  let options: Option[] = [];
  let active = -1;
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };

  const group = (title: string, items: Option[], extra?: HTMLElement) => {
    if (items.length === 0) return;
    const section = document.createElement('div');
    section.className = 'search-suggestions__group';
    const head = document.createElement('p');
    head.className = 'search-suggestions__title';
    head.id = `${list.id}-${options.length}-title`;
    head.textContent = title;
    section.append(head);
    if (extra) section.append(extra);
    const ul = document.createElement('ul');
    ul.setAttribute('role', 'listbox');
    ul.setAttribute('aria-labelledby', head.id);
    for (const item of items) {
      const li = document.createElement('li');
      li.id = `${list.id}-option-${options.length}`;
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', 'false');
      li.textContent = item.label;
      const index = options.length;
      li.addEventListener('mousedown', (e) => {
        e.preventDefault(); // keep focus in the box until the page changes
        go(index);
      });
      ul.append(li);
      options.push(item);
    }
    section.append(ul);
    list.append(section);
  };

  const render = (
    popular: string[],
    products: { productName: string; productNo: number; slug: string }[],
  ) => {
    const typed = input.value.trim();
    list.replaceChildren();
    options = [];
    active = -1;
    const recent = readRecent().filter((k) => !typed || k.includes(typed));
    const clear = document.createElement('button');
    clear.type = 'button';
    clear.className = 'search-suggestions__clear';
    clear.textContent = '최근 검색어 지우기';
    clear.addEventListener('click', () => {
      forgetSearches();
      void refresh();
      input.focus();
    });
    const toSearch = (k: string) => ({
      label: k,
      keyword: k,
      href: `/search?keyword=${encodeURIComponent(k)}`,
    });
    group('최근 검색어', recent.map(toSearch), clear);
    group('인기 검색어', popular.map(toSearch));
    group(
      '추천 상품',
      products.map((p) => ({ label: p.productName, href: productHref(p.productNo, p.slug) })),
    );
    list.hidden = options.length === 0;
    input.setAttribute('aria-expanded', String(options.length > 0));
  };

  const refresh = async () => {
    const ticket = ++asked;
    try {
      const res = await searchApi.suggestions.$get({ query: { q: input.value.trim().slice(0, 100) } });
      if (!res.ok || ticket !== asked) return;
      const body = await res.json();
      if (document.activeElement === input) render(body.popular, body.products);
    } catch {
      // no suggestions: the box still searches
    }
  };

  const highlight = (next: number) => {
    const items = list.querySelectorAll<HTMLElement>('[role="option"]');
    items.forEach((el, i) => el.setAttribute('aria-selected', String(i === next)));
    active = next;
    const el = items[next];
    if (el) input.setAttribute('aria-activedescendant', el.id);
    else input.removeAttribute('aria-activedescendant');
  };

  const go = (index: number) => {
    const option = options[index];
    if (!option) return;
    if (option.keyword) rememberSearch(option.keyword);
    window.location.assign(option.href);
  };

  input.addEventListener('input', () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void refresh(), DELAY_MS);
  });
  input.addEventListener('focus', () => void refresh());
  input.addEventListener('blur', close);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      // closed by the shopper: an answer still on its way does not open it again
      if (timer) clearTimeout(timer);
      asked += 1;
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (options.length === 0) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      highlight((active + step + options.length) % options.length);
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      go(active);
    }
  });
  // a search sent from this page is kept by the box's script (SearchBox.astro) and taken here on
  // the next page, like one sent before this module arrived
  takeSentSearch();
  // a box focused before this module arrived (the focus that loaded it, or an earlier one) shows
  // this browser's recent searches at once; the popular searches and products follow
  if (document.activeElement === input) render([], []);
  void refresh();
}
