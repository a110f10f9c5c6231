/** A file kept by the server (a floor map image), found again by the key it was put under. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * Where files live: a local folder or an S3-compatible bucket. Keys are made by the server (never from a
 * client's file name), `/`-separated, and each write uses a new key, so an object never changes once put.
 */
export interface ObjectStore {
  /** For logs: where the objects go (never a secret). */
  readonly label: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing a missing object is not an error: cleanup may run twice. */
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are the server's own, but a store still refuses one that could climb out of its folder. */
export function assertKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`not an object key: ${JSON.stringify(key)}`);
  }
}
