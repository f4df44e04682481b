/**
 * Rewrites of Astro's and its Node adapter's own files as the server is bundled (the Vite plugins
 * of astro.config.mjs; decisions 058, 067, 073, 074). Each replaces texts that must occur exactly
 * once in the file: when an upgrade moves one, the build fails with the decision to update, rather
 * than the server quietly losing the rewrite.
 */

export interface Replacement {
  find: string;
  replace: string;
}

/** The file path of a module id as Vite gives it: no query, forward slashes. */
export function modulePath(id: string): string {
  return (id.split('?')[0] ?? '').replaceAll('\\', '/');
}

/**
 * `code` with each `find` replaced by its `replace`, in order; throws, naming `path` and `decision`,
 * when a `find` does not occur exactly once.
 */
export function replaceEachOnce(
  path: string,
  code: string,
  replacements: readonly Replacement[],
  decision: string,
): string {
  let out = code;
  for (const { find, replace } of replacements) {
    if (out.split(find).length !== 2) {
      throw new Error(`${path}: "${find}" not found once; decision ${decision}'s rewrite needs updating`);
    }
    out = out.replace(find, replace);
  }
  return out;
}
