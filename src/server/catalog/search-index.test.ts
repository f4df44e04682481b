import { describe, expect, it } from 'vitest';
import { parseKeywords } from './search-index.ts';

describe('parseKeywords', () => {
  it('quotes words of three or more characters for the trigram index and ANDs them', () => {
    expect(parseKeywords('세탁기 방진패드')).toEqual({ match: '"세탁기" "방진패드"', likePatterns: [] });
  });

  it('sends one- and two-character words to LIKE, escaping its wildcards', () => {
    expect(parseKeywords('매트 세탁기 a')).toEqual({ match: '"세탁기"', likePatterns: ['%매트%', '%a%'] });
    expect(parseKeywords('%_ \\')).toEqual({ match: null, likePatterns: ['%\\%\\_%', '%\\\\%'] });
  });

  it('neutralises FTS5 syntax inside words', () => {
    expect(parseKeywords('a"b OR NEAR(x')).toEqual({ match: '"a""b" "NEAR(x"', likePatterns: ['%OR%'] });
  });

  it('joins several texts, drops repeats and blanks, and keeps at most ten words', () => {
    expect(parseKeywords('  요가  요가 ', undefined, '매트')).toEqual({
      match: null,
      likePatterns: ['%요가%', '%매트%'],
    });
    const many = Array.from({ length: 15 }, (_, i) => `단어${i}`).join(' ');
    expect(parseKeywords(many).match?.split(' ')).toHaveLength(10);
    expect(parseKeywords('')).toEqual({ match: null, likePatterns: [] });
  });
});
