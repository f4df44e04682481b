import { DESIGN_LIMITS } from '../../lib/design/schema.ts';

/**
 * What a text field's value becomes in a design: line breaks normalised, control characters the
 * schema refuses dropped (a pasted tab would otherwise make the whole design invalid), and the
 * length capped. Arc text has a single line.
 */
export function cleanDesignText(value: string, singleLine = false): string {
  let text = value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
  // eslint-disable-next-line no-control-regex
  text = text.replace(/[\u0000-\u0008\u000B-\u001F\u007F\u2028\u2029]/g, '');
  if (singleLine) text = text.replace(/\n+/g, ' ');
  return Array.from(text).slice(0, DESIGN_LIMITS.maxTextLength).join('');
}

/** Whether a value can be stored (the schema wants at least one character that is not blank). */
export const isStorableText = (text: string) => text.trim().length > 0;
