import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.js';
import { assertKey, type ObjectStore } from './object-store.js';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/**
 * Objects in an S3-compatible bucket (AWS, MinIO, Ceph, R2…). Checksums are sent only when S3 requires them:
 * the SDK's default extra checksum headers are refused by several S3-compatible servers.
 */
export function s3Store(config: S3Config): ObjectStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = config.bucket;
  return {
    label: `s3:${config.endpoint ?? 'aws'}/${Bucket}`,
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key) {
      assertKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        const bytes = await res.Body.transformToByteArray();
        return {
          body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: res.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        if (err instanceof NoSuchKey || isStatus(err, 404)) return null;
        throw err;
      }
    },
    async putFile(key, filePath, contentType) {
      assertKey(key);
      // The SDK pipes a stream body into the request as it is read, so the file is never whole in memory; the
      // length must be given, since S3 refuses a PUT of unknown length. A stream cannot be read twice, so the SDK
      // does not retry this one: a failure reaches the caller at once, whose cleanup then runs.
      const { size } = await stat(filePath);
      const body = createReadStream(filePath);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            ContentLength: size,
          }),
        );
      } finally {
        body.destroy();
      }
    },
    async stat(key) {
      assertKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        if (res.ContentLength === undefined) throw new Error(`S3 gave no size for ${key}`);
        return { size: res.ContentLength, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isStatus(err, 404)) return null;
        throw err;
      }
    },
    async open(key, range) {
      assertKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!res.Body) return null;
        // Node's HTTP handler answers with the response message itself, unread: a Readable to pipe onward.
        if (!(res.Body instanceof Readable))
          throw new Error('the S3 client gave a body that is not a Node stream');
        // For a range, the whole object's size is the part of Content-Range after the slash.
        const size = range ? Number(res.ContentRange?.split('/')[1]) : res.ContentLength;
        if (size === undefined || !Number.isSafeInteger(size)) {
          res.Body.destroy();
          throw new Error(`S3 gave no size for ${key}`);
        }
        return { stream: res.Body, size, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (err instanceof NoSuchKey || isStatus(err, 404)) return null;
        if (isStatus(err, 416)) {
          throw new RangeError(`bytes ${range?.start}-${range?.end} lie outside ${key}`, { cause: err });
        }
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!isStatus(err, 404)) throw err;
      }
    },
  };
}

function isStatus(err: unknown, status: number): boolean {
  return err instanceof S3ServiceException && err.$metadata.httpStatusCode === status;
}
