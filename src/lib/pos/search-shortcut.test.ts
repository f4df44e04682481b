import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from './search-shortcut.ts';

const press = (
  key: string,
  target: object | null,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
  target: target as EventTarget | null,
});

describe('the counter lists’ "/" shortcut to the search box', () => {
  it('is a plain "/" typed outside a field', () => {
    expect(isSearchShortcut(press('/', { tagName: 'BODY' }))).toBe(true);
    expect(isSearchShortcut(press('/', { tagName: 'A' }))).toBe(true);
    expect(isSearchShortcut(press('/', null))).toBe(true);
  });

  it('leaves "/" typed into a field, editable text and other keys or shortcuts alone', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT'])
      expect(isSearchShortcut(press('/', { tagName }))).toBe(false);
    expect(isSearchShortcut(press('/', { tagName: 'DIV', isContentEditable: true }))).toBe(false);
    expect(isSearchShortcut(press('?', { tagName: 'BODY' }))).toBe(false);
    for (const mod of ['ctrlKey', 'metaKey', 'altKey'] as const)
      expect(isSearchShortcut(press('/', { tagName: 'BODY' }, { [mod]: true }))).toBe(false);
  });
});
