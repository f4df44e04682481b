import { POSTCODE_FRAME_ORIGIN, POSTCODE_SCRIPT_ORIGIN } from '../../lib/postcode.ts';
import { env, type Env } from './env.ts';

/**
 * Where the address forms' 우편번호 찾기 goes (decision 041): Kakao's postcode search when the shop
 * is online (`POSTCODE_PROVIDER`, by default in live mode), else the built-in manual entry form.
 */
export type PostcodeProvider = 'kakao' | 'manual';

export function postcodeProvider(e: Env = env()): PostcodeProvider {
  return e.POSTCODE_PROVIDER ?? (e.SHOP_MODE === 'live' ? 'kakao' : 'manual');
}

/**
 * On a page with an address form, lets Kakao's postcode script load (its one origin, keeping
 * `'self'`, which naming a resource would otherwise drop) and its search page show in the form's
 * dialog. Nothing when the shop uses manual entry; other pages never name the origin.
 */
export function allowPostcodeSearch(
  csp: { insertDirective(d: string): void; insertScriptResource(r: string): void } | undefined,
  provider: PostcodeProvider = postcodeProvider(),
): void {
  if (!csp || provider !== 'kakao') return;
  csp.insertScriptResource("'self'");
  csp.insertScriptResource(POSTCODE_SCRIPT_ORIGIN);
  csp.insertDirective(`frame-src ${POSTCODE_FRAME_ORIGIN}`);
}
