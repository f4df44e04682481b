/**
 * The object storage port: where uploaded files live. Adapters: `local` (built-in, files under
 * STORAGE_DIR served at /uploads/) and, later, `s3` (@aws-sdk/client-s3). Uploads always pass
 * through the app (signed PUT URL → check → re-encode → `put`), so an adapter only stores, lists
 * away and names objects; it never has to trust what a browser sent.
 */
export interface StoragePort {
  readonly name: 'local' | 's3';
  /** The bucket the shop writes to; `GET /api/upload?bucket=` must name it when it names one. */
  readonly bucket: string;
  /** Writes an object, replacing one with the same key. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Reads an object (the server renders print files from uploaded images); null when absent. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes one object; true when there was one to remove. */
  deleteObject(key: string): Promise<boolean>;
  /** Removes every object under `prefix/` (a folder); returns how many were removed. */
  deleteFolder(prefix: string): Promise<number>;
  /** The public address of an object: no query string. */
  publicUrl(key: string): string;
  /** The key behind one of this storage's public addresses, or null when the address is not ours. */
  keyOfUrl(url: string): string | null;
}

/** Object keys: `/`-separated segments of letters, digits, `.`, `_` and `-`, no `.`/`..` segment. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((s) => /^[A-Za-z0-9._-]{1,128}$/.test(s) && s !== '.' && s !== '..');
}
