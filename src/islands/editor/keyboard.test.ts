import { describe, expect, it } from 'vitest';
import { editorCommandFor, isTypingTarget } from './keyboard.ts';

const canvas = { tagName: 'DIV', closest: () => null };
const toolbarButton = { tagName: 'BUTTON', closest: (s: string) => (s.includes('toolbar') ? {} : null) };

describe('editor keyboard map', () => {
  it('maps Delete and Backspace to delete, Escape to deselect', () => {
    expect(editorCommandFor({ key: 'Delete', target: canvas })).toEqual({ type: 'delete' });
    expect(editorCommandFor({ key: 'Backspace', target: canvas })).toEqual({ type: 'delete' });
    expect(editorCommandFor({ key: 'Escape', target: canvas })).toEqual({ type: 'deselect' });
  });

  it('nudges by 1, or 10 with Shift', () => {
    expect(editorCommandFor({ key: 'ArrowLeft', target: canvas })).toEqual({ type: 'nudge', dx: -1, dy: 0 });
    expect(editorCommandFor({ key: 'ArrowDown', shiftKey: true, target: canvas })).toEqual({
      type: 'nudge',
      dx: 0,
      dy: 10,
    });
  });

  it('undo, redo (Shift+Z and Y) and duplicate with Ctrl or ⌘, any letter case', () => {
    expect(editorCommandFor({ key: 'z', ctrlKey: true, target: canvas })).toEqual({ type: 'undo' });
    expect(editorCommandFor({ key: 'Z', ctrlKey: true, shiftKey: true, target: canvas })).toEqual({
      type: 'redo',
    });
    expect(editorCommandFor({ key: 'z', metaKey: true, shiftKey: true, target: canvas })).toEqual({
      type: 'redo',
    });
    expect(editorCommandFor({ key: 'y', ctrlKey: true, target: canvas })).toEqual({ type: 'redo' });
    expect(editorCommandFor({ key: 'd', ctrlKey: true, target: canvas })).toEqual({ type: 'duplicate' });
  });

  it('leaves other shortcuts to the browser', () => {
    expect(editorCommandFor({ key: 'c', ctrlKey: true, target: canvas })).toBeNull();
    expect(editorCommandFor({ key: 'ArrowLeft', altKey: true, target: canvas })).toBeNull();
    expect(editorCommandFor({ key: 'a', target: canvas })).toBeNull();
  });

  it('does nothing while typing in fields, and nothing while an IME composes', () => {
    for (const target of [
      { tagName: 'INPUT', type: 'text' },
      { tagName: 'INPUT', type: 'number' },
      { tagName: 'TEXTAREA' },
      { tagName: 'SELECT' },
      { tagName: 'DIV', isContentEditable: true },
    ]) {
      expect(editorCommandFor({ key: 'Delete', target })).toBeNull();
      expect(editorCommandFor({ key: 'z', ctrlKey: true, target })).toBeNull();
      expect(editorCommandFor({ key: 'ArrowUp', target })).toBeNull();
    }
    expect(editorCommandFor({ key: 'Backspace', isComposing: true, target: canvas })).toBeNull();
    expect(editorCommandFor({ key: 'Process', keyCode: 229, target: canvas })).toBeNull();
  });

  it('arrows move within toolbars and radio groups, the other keys still work there', () => {
    expect(editorCommandFor({ key: 'ArrowRight', target: toolbarButton })).toBeNull();
    expect(editorCommandFor({ key: 'z', ctrlKey: true, target: toolbarButton })).toEqual({ type: 'undo' });
  });

  it('knows which targets take typing', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'radio' })).toBe(true);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
