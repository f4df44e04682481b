import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shop's words, checked over the whole source: what a shopper or a member of staff reads never
 * leaves a particle unresolved — "디자인 완료(으)로", "이메일을(를)", "상품은(는)" — since es-hangul's
 * `josa` picks the right one for the word it follows.
 */

const ROOT = join(import.meta.dirname, '..');

export function sourceFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Both forms of a particle written side by side, one of them in brackets. */
const UNRESOLVED =
  /(\(으\)로|(을|를)\((을|를)\)|(은|는)\((은|는)\)|(이|가)\((이|가)\)|(과|와)\((과|와)\)|\(이\)(나|라|여))/;

describe('copy', () => {
  it('leaves no particle unresolved in anything the shop says', () => {
    const found = sourceFiles().flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          UNRESOLVED.test(line) ? [`${relative(ROOT, path)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
