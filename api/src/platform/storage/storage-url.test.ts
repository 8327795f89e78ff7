import { describe, expect, it } from 'vitest';
import { parseStorageUrl, storageKey } from './storage-url';

describe('STORAGE_URL', () => {
  it('reads a bucket on AWS with the SDK’s own credentials', () => {
    expect(parseStorageUrl('s3://barberly-backups')).toEqual({
      bucket: 'barberly-backups',
      prefix: '',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('reads an S3-compatible service with credentials, a prefix and a region', () => {
    const location = parseStorageUrl('s3://minio:s3cr%2Ft@barberly/prod/?endpoint=http://minio:9000&region=eu-west-1');
    expect(location).toEqual({
      bucket: 'barberly',
      prefix: 'prod',
      region: 'eu-west-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 's3cr/t' },
    });
    expect(storageKey(location, 'backups/x.dump')).toBe('prod/backups/x.dump');
  });

  it('refuses what it cannot use, saying what to write', () => {
    expect(() => parseStorageUrl('http://minio:9000/barberly')).toThrow(/STORAGE_URL must look like s3:\/\/bucket/);
    expect(() => parseStorageUrl('barberly')).toThrow(/STORAGE_URL is not a URL/);
    expect(() => parseStorageUrl('s3://b?endpoint=minio:9000')).toThrow(/endpoint must be an http\(s\) address/);
  });
});
