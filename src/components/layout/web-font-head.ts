import { createHash } from 'node:crypto';
import { WEB_FONT_CLASS, WEB_FONT_HELD_KEY } from '../../lib/web-font.ts';

/**
 * The head's inline script, run before the first paint: `html.web-font` when this browser holds
 * the font (decision 048). Storage refused (private mode) leaves the system font.
 */
export const WEB_FONT_HEAD_SCRIPT =
  `try{localStorage.getItem(${JSON.stringify(WEB_FONT_HELD_KEY)})&&` +
  `document.documentElement.classList.add(${JSON.stringify(WEB_FONT_CLASS)})}catch{}`;

/** Its CSP hash: Astro hashes only the scripts it bundles; astro.config.mjs gives this one's. */
export const WEB_FONT_HEAD_SCRIPT_HASH =
  `sha256-${createHash('sha256').update(WEB_FONT_HEAD_SCRIPT).digest('base64')}` as const;
