import { useEffect, useState } from 'react';
import { loadDesignFont } from './font-loader.ts';
import type { FontId } from '../../lib/design/fonts.ts';
import type { DesignDocument } from '../../lib/design/schema.ts';

/**
 * Fonts and images a design needs, loaded before anything is drawn with them. A text is drawn only
 * once its font's CSS and the glyph subsets of its actual characters are in (`document.fonts.load`
 * on the text, see font-loader.ts): Konva would otherwise measure and draw with a fallback font, and
 * Korean would show as boxes or jump when the real font arrives. Images come from the shop's own
 * storage (same origin), so the canvas stays exportable.
 */

const fontKeys = new Set<string>();
const fontPending = new Map<string, Promise<void>>();

/** Distinct characters, so "안녕" and "녕안" share one load. */
const charsKey = (font: FontId, text: string) => `${font}|${[...new Set(Array.from(text))].sort().join('')}`;

export function isFontReady(font: FontId, text: string): boolean {
  return fontKeys.has(charsKey(font, text));
}

function ensureFont(font: FontId, text: string): Promise<void> {
  const key = charsKey(font, text);
  if (fontKeys.has(key)) return Promise.resolve();
  let pending = fontPending.get(key);
  if (!pending) {
    pending = loadDesignFont(font, text)
      .catch(() => {
        // offline or blocked: draw with what the browser has rather than never
      })
      .then(() => {
        fontKeys.add(key);
        fontPending.delete(key);
      });
    fontPending.set(key, pending);
  }
  return pending;
}

const images = new Map<string, HTMLImageElement>();
const imagePending = new Map<string, Promise<HTMLImageElement | null>>();

export function loadedImage(src: string): HTMLImageElement | undefined {
  return images.get(src);
}

export function ensureImage(src: string): Promise<HTMLImageElement | null> {
  const done = images.get(src);
  if (done) return Promise.resolve(done);
  let pending = imagePending.get(src);
  if (!pending) {
    pending = new Promise<HTMLImageElement | null>((resolve) => {
      const img = new Image();
      // same-origin uploads need nothing; a CDN address must allow CORS or the canvas is tainted
      if (new URL(src, window.location.href).origin !== window.location.origin) img.crossOrigin = 'anonymous';
      img.decoding = 'async';
      img.onload = () => {
        images.set(src, img);
        resolve(img);
      };
      img.onerror = () => resolve(null);
      img.src = src;
    }).finally(() => imagePending.delete(src));
    imagePending.set(src, pending);
  }
  return pending;
}

/** Every (font, text) and image of both sides. */
function needs(doc: DesignDocument) {
  const fonts: [FontId, string][] = [];
  const srcs = new Set<string>();
  for (const side of [doc.sides.front, doc.sides.back]) {
    for (const n of side.nodes) {
      if (n.type === 'text') fonts.push([n.fontFamily, n.text]);
      else srcs.add(n.src);
    }
  }
  return { fonts, srcs };
}

/**
 * Loads what `doc` uses; the returned number changes whenever something new became ready, so the
 * canvas redraws (and re-measures) then.
 */
export function useDesignAssets(doc: DesignDocument): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    const { fonts, srcs } = needs(doc);
    const waits: Promise<unknown>[] = [];
    for (const [font, text] of fonts) if (!isFontReady(font, text)) waits.push(ensureFont(font, text));
    for (const src of srcs) if (!images.has(src)) waits.push(ensureImage(src));
    if (waits.length === 0) return;
    void Promise.all(waits).then(() => {
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [doc]);
  return version;
}

/** Resolves once every font and image of `doc` is ready (before exporting a preview). */
export async function designAssetsReady(doc: DesignDocument): Promise<void> {
  const { fonts, srcs } = needs(doc);
  await Promise.all([...fonts.map(([f, t]) => ensureFont(f, t)), ...[...srcs].map(ensureImage)]);
}
