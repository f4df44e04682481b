import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { allowPostcodeSearch, postcodeProvider } from './postcode.ts';

describe('postcodeProvider', () => {
  it('is Kakao’s search in a live shop and manual entry in a demo, unless set', () => {
    expect(postcodeProvider(loadEnv({ SHOP_MODE: 'live' }))).toBe('kakao');
    expect(postcodeProvider(loadEnv({}))).toBe('manual');
    expect(postcodeProvider(loadEnv({ POSTCODE_PROVIDER: 'kakao' }))).toBe('kakao');
    expect(postcodeProvider(loadEnv({ SHOP_MODE: 'live', POSTCODE_PROVIDER: 'manual' }))).toBe('manual');
  });

  it('refuses an unknown value with a Korean message naming the setting', () => {
    expect(() => loadEnv({ POSTCODE_PROVIDER: 'naver' })).toThrow(/POSTCODE_PROVIDER는 kakao 또는 manual/);
  });
});

describe('allowPostcodeSearch', () => {
  function recorder() {
    const directives: string[] = [];
    const scripts: string[] = [];
    return {
      directives,
      scripts,
      csp: {
        insertDirective: (d: string) => directives.push(d),
        insertScriptResource: (r: string) => scripts.push(r),
      },
    };
  }

  it('names exactly the script’s origin and the search page’s frame, keeping self', () => {
    const r = recorder();
    allowPostcodeSearch(r.csp, 'kakao');
    expect(r.scripts).toEqual(["'self'", 'https://t1.kakaocdn.net']);
    expect(r.directives).toEqual(['frame-src https://postcode.map.kakao.com']);
  });

  it('adds nothing with manual entry', () => {
    const r = recorder();
    allowPostcodeSearch(r.csp, 'manual');
    expect([...r.scripts, ...r.directives]).toEqual([]);
  });
});
