import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { isExpired, shareIdExpiry } from './shareId';
import type { ShareMetadata, ShareStore } from './store';

// Blobs in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Ceph RGW), one object a share under
// `<prefix><id>`, its metadata as the object's user metadata. Nothing is kept in the server's memory, so any
// number of instances can share one bucket. The client reads its endpoint, region and credentials the SDK's
// standard way (AWS_ENDPOINT_URL or AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY,
// ~/.aws/config and credentials, instance roles): docs/SHARING.md.

export interface S3Location {
  bucket: string;
  /** '' or ending in '/'. */
  prefix: string;
}

/** `s3://bucket/prefix` as a location, or a message saying what is wrong with it. */
export function parseS3Url(text: string): S3Location | string {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(text);
  const bucket = match?.[1];
  if (bucket === undefined) return `--store must be s3://BUCKET or s3://BUCKET/PREFIX, not ${text}`;
  // Empty segments are dropped: `s3://b/`, `s3://b//shares/` are `s3://b` and `s3://b/shares`.
  const prefix = (match?.[2] ?? '')
    .split('/')
    .filter((segment) => segment !== '')
    .join('/');
  return { bucket, prefix: prefix === '' ? '' : `${prefix}/` };
}

// User metadata travels as x-amz-meta-* headers: lower-case names, text values.
const META = { createdAt: 'created-at', expiresAt: 'expires-at', deleteTokenHash: 'delete-token-hash' } as const;

function metadataOf(meta: Record<string, string> | undefined, size: number | undefined): ShareMetadata | undefined {
  const createdAt = Number(meta?.[META.createdAt]);
  const expires = meta?.[META.expiresAt];
  const deleteTokenHash = meta?.[META.deleteTokenHash];
  // An object under the prefix that this server did not write is not a share.
  if (!Number.isFinite(createdAt) || expires === undefined || deleteTokenHash === undefined || size === undefined) return undefined;
  return { size, createdAt, expiresAt: expires === 'never' ? null : Number(expires), deleteTokenHash };
}

const isNotFound = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/**
 * The client settings every S3-compatible service accepts. Path-style addressing (`endpoint/bucket/key`) is
 * what MinIO and Ceph expect unless they are set up with wildcard DNS. Checksums only where the API requires
 * them: the SDK's default since 3.729 adds CRC32 checksums to every upload, which several S3-compatible
 * services refuse.
 */
export function s3ClientConfig(options: { forcePathStyle: boolean }): S3ClientConfig {
  return { forcePathStyle: options.forcePathStyle, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' };
}

/**
 * The store on `location`, once the bucket answers (a wrong endpoint, credentials or bucket name is told at
 * start, not at the first upload).
 */
export async function openS3Store(location: S3Location, config: S3ClientConfig): Promise<ShareStore> {
  const client = new S3Client(config);
  const { bucket, prefix } = location;
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    client.destroy();
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    throw new Error(`bucket ${bucket} does not answer: ${(error as Error).message || (error as Error).name}${status ? ` (HTTP ${status})` : ''}`, {
      cause: error,
    });
  }
  const key = (id: string): string => prefix + id;

  /** Deletes, oldest expiry first, the shares expired by `now`; ids sort by expiry, so the listing stops at the first one that is not. */
  async function purgeExpired(now: number): Promise<number> {
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const id = object.Key?.slice(prefix.length) ?? '';
        const expiry = shareIdExpiry(id);
        if (expiry === undefined) continue;
        if (!isExpired(expiry.expiresAt, now)) return removed;
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(id) }));
        removed++;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return removed;
  }

  return {
    description: `S3 s3://${bucket}/${prefix}`,
    put: async (id, blob, metadata) => {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(id),
          Body: blob,
          ContentLength: blob.byteLength,
          ContentType: 'application/octet-stream',
          Metadata: {
            [META.createdAt]: String(metadata.createdAt),
            [META.expiresAt]: metadata.expiresAt === null ? 'never' : String(metadata.expiresAt),
            [META.deleteTokenHash]: metadata.deleteTokenHash,
          },
        }),
      );
    },
    get: async (id) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(id) }));
        const metadata = metadataOf(object.Metadata, object.ContentLength);
        if (metadata === undefined || object.Body === undefined) return undefined;
        return { metadata, blob: await object.Body.transformToByteArray() };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    metadata: async (id) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(id) }));
        return metadataOf(head.Metadata, head.ContentLength);
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    delete: async (id) => {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(id) }));
    },
    purgeExpired,
    close: () => {
      client.destroy();
      return Promise.resolve();
    },
  };
}
