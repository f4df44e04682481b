import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { SOCIAL_PROVIDERS, oauthProvider, type SocialProvider } from '../../server/adapters/oauth/index.ts';
import type { TermsVersion } from '../../server/member/index.ts';

/** Server-side helpers of the account pages (src/pages/{login,join,find,sns,member,mypage}). */

/** The providers this server can log in with (a real client id, or the dev consent page). */
export function availableProviders(): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((p) => oauthProvider(p) !== undefined);
}

/** `?provider=` when it names a provider, else null. */
export function providerParam(url: URL): SocialProvider | null {
  const p = url.searchParams.get('provider');
  return p === 'naver' || p === 'kakao' ? p : null;
}

/** The privacy policy is a notice, not a consent: the join consents are the other types. */
const NOT_A_CONSENT = new Set(['PI_PROCESS']);

export interface ConsentTerms {
  termsType: string;
  title: string;
  required: boolean;
  html: string;
}

/** Terms Markdown as safe HTML (headings start at h3 inside the consent list). */
function termsHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, {
    allowedTags: [
      'h3',
      'h4',
      'h5',
      'p',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'a',
      'br',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h5' },
  });
}

/** The usual order of a Korean join form; other types follow. */
const ORDER = [
  'USE',
  'PI_COLLECTION_AND_USE_REQUIRED',
  'PI_14_AGE',
  'PI_COLLECTION_AND_USE_OPTIONAL',
  'MARKETING_RECEIVE',
];
const rank = (t: TermsVersion) =>
  (t.required ? 0 : 100) + (ORDER.includes(t.termsType) ? ORDER.indexOf(t.termsType) : 50);

/** The consents of the join (required first), with their text. */
export function consentTerms(terms: readonly TermsVersion[]): ConsentTerms[] {
  return terms
    .filter((t) => t.used && !NOT_A_CONSENT.has(t.termsType))
    .sort((a, b) => rank(a) - rank(b))
    .map((t) => ({
      termsType: t.termsType,
      title: t.title,
      required: t.required,
      html: termsHtml(t.contents),
    }));
}
