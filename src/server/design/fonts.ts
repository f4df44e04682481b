import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FONTS, type DesignFont } from '../../lib/design/fonts.ts';

/**
 * Registers the editor's fonts with @napi-rs/canvas once per process, from the same npm packages
 * the browser loads: every unicode-range subset file of an @fontsource package under the one family
 * name its CSS declares (Korean is split into ~100 files), so each glyph is found in its subset.
 */

let registered: Promise<ReadonlyMap<string, number>> | undefined;

function packageDir(name: string): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve(`${name}/package.json`));
}

export function fontFiles(font: DesignFont): string[] {
  const dir = packageDir(font.source.package);
  if (font.source.kind === 'files') return font.source.files.map((f) => join(dir, f));
  const files = join(dir, 'files');
  return readdirSync(files)
    .filter((f) => f.endsWith('-400-normal.woff2'))
    .sort()
    .map((f) => join(files, f));
}

/**
 * Registers every font (idempotent); returns files registered per family. Throws if one has none.
 * The canvas is loaded here, on the first render, not at start (decision 077).
 */
export function registerDesignFonts(): Promise<ReadonlyMap<string, number>> {
  registered ??= import('@napi-rs/canvas').then(({ GlobalFonts }) => {
    const counts = new Map<string, number>();
    for (const font of FONTS) {
      let n = 0;
      for (const file of fontFiles(font)) {
        if (GlobalFonts.registerFromPath(file, font.cssFamily)) n += 1;
      }
      if (n === 0) throw new Error(`글꼴을 등록하지 못했습니다: ${font.specName} (${font.source.package})`);
      counts.set(font.cssFamily, n);
    }
    return counts;
  });
  return registered;
}
