import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../../tests/fixtures/source-files.ts';

/**
 * The shop's words, checked over the whole source: what a shopper or a member of staff reads never
 * leaves a particle unresolved — "디자인 완료(으)로", "이메일을(를)", "상품은(는)" — since es-hangul's
 * `josa` picks the right one for the word it follows.
 */

/** Both forms of a particle written side by side, one of them in brackets. */
const UNRESOLVED =
  /(\(으\)로|(을|를)\((을|를)\)|(은|는)\((은|는)\)|(이|가)\((이|가)\)|(과|와)\((과|와)\)|\(이\)(나|라|여))/;

describe('copy', () => {
  it('leaves no particle unresolved in anything the shop says', () => {
    const found = sourceFiles().flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          UNRESOLVED.test(line) ? [`${relative(SRC, path)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
