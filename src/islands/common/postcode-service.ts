import { POSTCODE_SCRIPT_URL, type PostcodeResult } from '../../lib/postcode.ts';

/**
 * Loads Kakao's postcode script on the shopper's first 우편번호 찾기 (never on page load; decision
 * 041) and answers its constructor. A failed or slow load rejects, and the next click tries again.
 */
export interface PostcodeWidget {
  embed(element: HTMLElement, options?: { autoClose?: boolean; q?: string }): void;
}

export type PostcodeConstructor = new (options: {
  oncomplete(data: PostcodeResult): void;
  onclose?(state: 'FORCE_CLOSE' | 'COMPLETE_CLOSE'): void;
  width?: string | number;
  height?: string | number;
}) => PostcodeWidget;

type WithPostcode = { kakao?: { Postcode?: PostcodeConstructor }; daum?: { Postcode?: PostcodeConstructor } };

/** `kakao.Postcode` since 2026; `daum.Postcode` before (still defined by the same script). */
function constructorOnPage(): PostcodeConstructor | undefined {
  const w = window as unknown as WithPostcode;
  return w.kakao?.Postcode ?? w.daum?.Postcode;
}

let loading: Promise<PostcodeConstructor> | null = null;

export function loadPostcodeService(timeoutMs = 10_000): Promise<PostcodeConstructor> {
  const ready = constructorOnPage();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<PostcodeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (why: string) => {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(why));
    };
    const timer = window.setTimeout(() => fail('timeout'), timeoutMs);
    script.src = POSTCODE_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const found = constructorOnPage();
      if (!found) return fail('no Postcode');
      window.clearTimeout(timer);
      resolve(found);
    };
    script.onerror = () => fail('load failed');
    document.head.append(script);
  });
  return loading;
}
