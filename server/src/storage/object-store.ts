import type { Readable } from 'node:stream';

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
  /** Puts a file from disk, streamed (never read whole into memory). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Size and content type, or null when there is no such object. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /**
   * The object's bytes as a stream, whole or one inclusive byte range; null when there is no such object.
   * `size` is the whole object's. An end past the object is cut to its last byte, as S3 does; a start past
   * it is a RangeError (`parseRange` answers such a request before it gets here).
   */
  open(key: string, range?: ByteRange): Promise<OpenedObject | null>;
}

/** Inclusive at both ends, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedObject {
  stream: Readable;
  size: number;
  contentType: string;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are the server's own, but a store still refuses one that could climb out of its folder. */
export function assertKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`not an object key: ${JSON.stringify(key)}`);
  }
}
