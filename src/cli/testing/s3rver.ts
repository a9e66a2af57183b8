import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  bucket: string;
  /** The keys s3rver checks signatures with. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Where s3rver keeps its objects, one file each (a test can read them as they are on disk). */
  directory: string;
  close(): Promise<void>;
}

/** An S3-compatible server on 127.0.0.1, a free port, with one empty bucket, its objects in a temporary directory. */
export async function startLocalS3(bucket = 'msgscope-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'msgscope-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    directory,
    close: () => server.close(),
  };
}
