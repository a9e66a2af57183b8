import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../testing/s3rver';
import { openS3Store, parseS3Url, s3ClientConfig } from './s3Store';
import { hashDeleteToken, newShareId } from './shareId';
import { openSqliteStore } from './sqliteStore';
import type { ShareMetadata, ShareStore } from './store';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 2, 12);

function metadata(blob: Uint8Array, expiresAt: number | null): ShareMetadata {
  return { size: blob.byteLength, createdAt: NOW, expiresAt, deleteTokenHash: hashDeleteToken('token') };
}

async function putNew(store: ShareStore, expiresAt: number | null, size = 1000): Promise<{ id: string; blob: Uint8Array }> {
  const blob = new Uint8Array(randomBytes(size));
  const id = newShareId(expiresAt);
  await store.put(id, blob, metadata(blob, expiresAt));
  return { id, blob };
}

/** What every store must do, run against each (docs/SHARING.md lists it as the interface a new store implements). */
function storeContract(name: string, open: () => Promise<ShareStore>): void {
  describe(`the ${name} store`, () => {
    let store: ShareStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());

    it('gives back the bytes and metadata it was given', async () => {
      const { id, blob } = await putNew(store, NOW + DAY, 300_000);
      const share = await store.get(id);
      expect(share?.metadata).toEqual(metadata(blob, NOW + DAY));
      expect(Buffer.from(share?.blob ?? []).equals(Buffer.from(blob))).toBe(true);
      expect(await store.metadata(id)).toEqual(metadata(blob, NOW + DAY));
    });

    it('keeps a share that never expires', async () => {
      const { id } = await putNew(store, null);
      expect((await store.metadata(id))?.expiresAt).toBeNull();
    });

    it('knows nothing of an unknown id, and deleting one is no error', async () => {
      const id = newShareId(NOW + DAY);
      expect(await store.get(id)).toBeUndefined();
      expect(await store.metadata(id)).toBeUndefined();
      await expect(store.delete(id)).resolves.toBeUndefined();
    });

    it('deletes', async () => {
      const { id } = await putNew(store, NOW + DAY);
      await store.delete(id);
      expect(await store.get(id)).toBeUndefined();
      expect(await store.metadata(id)).toBeUndefined();
    });

    it('purges what has expired and nothing else', async () => {
      const late = await putNew(store, NOW - DAY);
      const justNow = await putNew(store, NOW);
      const soon = await putNew(store, NOW + 1000);
      const never = await putNew(store, null);
      expect(await store.purgeExpired(NOW)).toBeGreaterThanOrEqual(2);
      expect(await store.get(late.id)).toBeUndefined();
      expect(await store.get(justNow.id)).toBeUndefined();
      expect(await store.metadata(soon.id)).toBeDefined();
      expect(await store.metadata(never.id)).toBeDefined();
      expect(await store.purgeExpired(NOW)).toBe(0);
    });

    it('finds a share again after it is closed and opened anew (a restart, or another instance)', async () => {
      const { id, blob } = await putNew(store, NOW + DAY);
      await store.close();
      store = await open();
      expect(Buffer.from((await store.get(id))?.blob ?? []).equals(Buffer.from(blob))).toBe(true);
    });
  });
}

const sqliteDir = mkdtempSync(join(tmpdir(), 'msgscope-sqlite-'));
storeContract('SQLite', () => Promise.resolve(openSqliteStore(sqliteDir)));

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

const s3Config = () => ({ ...s3ClientConfig({ forcePathStyle: true }), endpoint: s3.endpoint, region: 'us-east-1', credentials: s3.credentials });
storeContract('S3', () => openS3Store({ bucket: s3.bucket, prefix: 'shares/' }, s3Config()));

describe('the S3 store, beyond the contract', () => {
  it('keeps to its prefix, and its purge leaves objects that are not shares alone', async () => {
    const client = new S3Client(s3Config());
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'other/0000000notashare', Body: 'x' }));
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'other/README', Body: 'hello' }));
    client.destroy();
    const other = await openS3Store({ bucket: s3.bucket, prefix: 'other/' }, s3Config());
    const mine = await openS3Store({ bucket: s3.bucket, prefix: 'mine/' }, s3Config());
    try {
      const { id } = await putNew(mine, NOW - DAY);
      expect(await other.get(id)).toBeUndefined();
      expect(await other.purgeExpired(NOW)).toBe(0);
      // An object that this server did not write reads as no share.
      expect(await other.get('0000000notashare')).toBeUndefined();
      expect(await mine.purgeExpired(NOW)).toBe(1);
    } finally {
      await Promise.all([other.close(), mine.close()]);
    }
  });

  it('says at once when the bucket does not answer', async () => {
    await expect(openS3Store({ bucket: 'no-such-bucket', prefix: '' }, s3Config())).rejects.toThrow(/bucket no-such-bucket does not answer.*404/);
  });

  it('reads s3:// URLs', () => {
    expect(parseS3Url('s3://bucket')).toEqual({ bucket: 'bucket', prefix: '' });
    expect(parseS3Url('s3://bucket/')).toEqual({ bucket: 'bucket', prefix: '' });
    expect(parseS3Url('s3://bucket/a/b/')).toEqual({ bucket: 'bucket', prefix: 'a/b/' });
    expect(parseS3Url('s3://bucket//shares')).toEqual({ bucket: 'bucket', prefix: 'shares/' });
    expect(parseS3Url('s3:///x')).toMatch(/--store must be/);
    expect(parseS3Url('https://bucket/x')).toMatch(/--store must be/);
  });
});
