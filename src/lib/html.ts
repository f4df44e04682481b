/**
 * HTML written as strings by TypeScript (decision 071: the product cards of a list page), escaped
 * exactly as Astro escapes a template's expressions, so a string written here and the same markup
 * rendered by an Astro template are byte for byte the same.
 *
 * - Text (`<p>{value}</p>`): Astro's `escapeHTML`, the five characters `& < > ' "`.
 * - An attribute value (`<a href={value}>`): Astro's `addAttribute`, which escapes `&` and `"` only
 *   (the value is always written between double quotes, so `<`, `>` and `'` cannot end it).
 */

const TEXT_ESCAPABLE = /[&<>'"]/g;
const TEXT_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
  '"': '&quot;',
};

/** A text node's content, as Astro writes `{value}`. */
export function escapeText(value: string | number): string {
  const text = String(value);
  TEXT_ESCAPABLE.lastIndex = 0;
  if (!TEXT_ESCAPABLE.test(text)) return text;
  return text.replace(TEXT_ESCAPABLE, (ch) => TEXT_ENTITIES[ch] ?? ch);
}

/** An attribute's value between double quotes, as Astro writes `name={value}`. */
export function escapeAttr(value: string | number): string {
  const text = String(value);
  if (!text.includes('&') && !text.includes('"')) return text;
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * ` name="value"`, as Astro writes `name={value}` for an ordinary (not boolean) attribute: nothing
 * for `undefined` or `null`, the bare name for an empty string. Only for names written in code.
 */
export function attr(name: string, value: string | number | undefined | null): string {
  if (value === undefined || value === null) return '';
  if (value === '') return ` ${name}`;
  return ` ${name}="${escapeAttr(value)}"`;
}
