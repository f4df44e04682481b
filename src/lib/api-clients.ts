/**
 * The rules of a registered API client (decision 017, 032): its clientId and its origins. Used by
 * the configuration (`API_CLIENTS`, src/server/platform/env.ts), the back office's form and the
 * server's schema (src/server/api-client/schema.ts), so all three read a value the same way.
 */

export const CLIENT_ID_PATTERN = /^[\w.-]{1,64}$/;
export const CLIENT_ID_RULE = '영문, 숫자, _ . -로 64자까지';
export const API_CLIENT_ORIGINS_MAX = 20;

/** True for a bare origin (`https://skin.example.com`, `http://localhost:5173`): no path, query or user. */
export function isBareOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}
