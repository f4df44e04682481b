/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * The signed-in member, resolved once per page request by `src/middleware.ts` from the
     * httpOnly access-token cookie; null for visitors (and for API paths, which resolve their own).
     */
    member: import('./server/auth/session.ts').AuthMember | null;
    /**
     * What the access-token cookie turned out to be: none sent, a live session, or one that had
     * expired (60 s margin included) or was revoked; the middleware removes dead cookies.
     */
    sessionStatus: 'none' | 'ok' | 'expired' | 'invalid';
    /**
     * The page runs islands anyway (a member's page, or one that passes `toast` to BaseLayout),
     * set by BaseLayout before its body renders: the header's cart count is an island only then,
     * so a visitor's listing page still ships no JavaScript (decision 030).
     */
    pageHasIslands?: boolean;
  }
}
