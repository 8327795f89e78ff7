// One storage module for uploaded files (DESIGN round 3): S3-compatible storage when STORAGE_URL is set, else the
// local disk under .data/uploads. Keys are content-addressed ('portfolio/<shop>/<barber>/<sha256>-640.webp'), so an
// object never changes once written and can be cached for a year. The api serves both at /api/uploads/<key>: the
// same address on every host (shop subdomains and custom domains included), whichever storage holds the bytes.
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createS3Client, parseStorageUrl, type StorageLocation, storageKey } from './storage-url';

export interface StoredFile {
  body: Readable;
  contentType: string;
  size?: number;
}

export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** The public path of a stored file. */
export const uploadUrl = (key: string) => `/api/uploads/${key}`;

/** Keys are ours alone: lower-case letters, digits, '-', '.', '/' between parts; no '..' can reach outside. */
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(webp|avif)$/;
export const isStorageKey = (key: string) => KEY_PATTERN.test(key) && !key.includes('..');

const TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif' };
const typeOf = (key: string) => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export function diskStorage(root: string): FileStorage {
  const file = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const target = file(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(target), contentType: typeOf(key), size: info.size };
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

export function s3Storage(location: StorageLocation, client: S3Client = createS3Client(location)): FileStorage {
  const full = (key: string) => storageKey(location, key);
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const put = () =>
        client.send(
          new PutObjectCommand({
            Bucket: location.bucket,
            Key: full(key),
            Body: body,
            ContentType: contentType,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      try {
        await put();
      } catch (err) {
        // A fresh MinIO has no bucket yet: made on first use, as the backups do.
        if ((err as { name?: string }).name !== 'NoSuchBucket') throw err;
        await client.send(new CreateBucketCommand({ Bucket: location.bucket })).catch((e: { name?: string }) => {
          if (e.name !== 'BucketAlreadyOwnedByYou' && e.name !== 'BucketAlreadyExists') throw e;
        });
        await put();
      }
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: full(key) }));
        return {
          body: out.Body as Readable,
          contentType: out.ContentType ?? typeOf(key),
          size: out.ContentLength,
        };
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: full(key) }));
    },
  };
}

/** STORAGE_URL set: S3 (files under its prefix); unset: UPLOADS_DIR on this machine. */
export function createFileStorage(options: { storageUrl?: string; uploadsDir: string }): FileStorage {
  if (options.storageUrl) return s3Storage(parseStorageUrl(options.storageUrl));
  return diskStorage(path.resolve(options.uploadsDir));
}
