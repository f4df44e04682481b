import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import BugReportButton from './BugReportButton.tsx';

/**
 * The bug report form, loaded when a service page's plain "오류 신고하기" button is first pressed
 * (ServiceLayout.astro, decision 035): React, the form and its validation are not part of the page
 * until then. The island takes the button's place and opens its dialog at once.
 */
export function mountBugReport(host: HTMLElement): void {
  const root = createRoot(host);
  flushSync(() => root.render(<BugReportButton />));
  host.querySelector('button')?.click();
}
