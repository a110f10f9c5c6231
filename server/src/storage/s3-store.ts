import {
  DeleteObjectCommand,
  GetObjectCommand,
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
