// STORAGE_URL: where files that outlive a machine go (backups now; uploads use the same setting), in S3's terms.
//
//   s3://barberly-backups                                  AWS S3, region us-east-1, credentials from the SDK's chain
//   s3://barberly-backups/nightly?region=eu-west-1         a key prefix and another region
//   s3://KEY:SECRET@barberly?endpoint=http://minio:9000    any S3-compatible service (MinIO, R2, Spaces, s3rver)
//
// Credentials in the URL win; without them the SDK's own chain applies (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
// a web identity token on Kubernetes, an instance role). An endpoint implies path-style addressing, which every
// S3-compatible service understands.
import { S3Client } from '@aws-sdk/client-s3';

export interface StorageLocation {
  bucket: string;
  /** Key prefix without leading or trailing slashes ('' for the bucket's root). */
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Parses STORAGE_URL; a wrong one throws with what to write instead. */
export function parseStorageUrl(value: string): StorageLocation {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`STORAGE_URL is not a URL: write s3://bucket[/prefix][?endpoint=http://host:9000&region=...]`);
  }
  if (url.protocol !== 's3:' || !url.hostname) {
    throw new Error(`STORAGE_URL must look like s3://bucket[/prefix][?endpoint=http://host:9000&region=...]`);
  }
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) {
    throw new Error('STORAGE_URL: endpoint must be an http(s) address, e.g. ?endpoint=http://minio:9000');
  }
  const pathStyle = url.searchParams.get('forcePathStyle');
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  return {
    bucket: url.hostname,
    prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, ''),
    region: url.searchParams.get('region') || 'us-east-1',
    endpoint,
    forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
    credentials: user && password ? { accessKeyId: user, secretAccessKey: password } : undefined,
  };
}

/** The object key of `name` under the location's prefix. */
export function storageKey(location: StorageLocation, name: string): string {
  return location.prefix ? `${location.prefix}/${name}` : name;
}

export function createS3Client(location: StorageLocation): S3Client {
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials: location.credentials,
    // The SDK's default checksum trailers (aws-chunked bodies) are AWS's own: some S3-compatible services store the
    // chunk framing as the object's bytes (s3rver did, and the dump no longer restored). Elsewhere they are sent only
    // where an operation requires them.
    ...(location.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
      : {}),
  });
}

/** An S3 error in words an operator can act on: its code, the HTTP status, the message (HEAD answers have none). */
export function describeS3Error(err: unknown): string {
  const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return [e.name, status ? `HTTP ${status}` : undefined, e.message && e.message !== e.name ? e.message : undefined]
    .filter(Boolean)
    .join(', ');
}
