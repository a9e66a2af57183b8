import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { ShareMetadata, ShareStore, StoredShare } from './store';

export const DATABASE_FILE = 'shares.sqlite';

interface Row {
  size: number;
  created_at: number;
  expires_at: number | null;
  delete_token_hash: string;
}

/** The store's calls are synchronous; this gives their result, or their exception, as the interface's promise. */
function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

const metadataOf = (row: Row): ShareMetadata => ({
  size: row.size,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  deleteTokenHash: row.delete_token_hash,
});

/**
 * The default store: one SQLite file, `shares.sqlite` in `dir` (created, readable by its owner only).
 * better-sqlite3 is synchronous, so each call finishes before the next request is handled: a resolved
 * put() is committed and on disk.
 */
export function openSqliteStore(dir: string): ShareStore {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(resolve(dir), DATABASE_FILE);
  const db = new Database(file);
  // WAL lets reads go on during a write (and a second process share the file); FULL syncs every commit,
  // so a share that was answered 201 survives a power cut, not only a crash of the server.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  // A deleted share's pages are overwritten with zeros instead of lingering in the file as free pages.
  db.pragma('secure_delete = ON');
  db.exec(`
    CREATE TABLE IF NOT EXISTS shares (
      id TEXT PRIMARY KEY,
      blob BLOB NOT NULL,
      size INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER,
      delete_token_hash TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS shares_by_expiry ON shares (expires_at) WHERE expires_at IS NOT NULL;
  `);
  const insert = db.prepare<[string, Uint8Array, number, number, number | null, string]>(
    'INSERT INTO shares (id, blob, size, created_at, expires_at, delete_token_hash) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const selectBlob = db.prepare<[string], Row & { blob: Buffer }>('SELECT blob, size, created_at, expires_at, delete_token_hash FROM shares WHERE id = ?');
  const selectMetadata = db.prepare<[string], Row>('SELECT size, created_at, expires_at, delete_token_hash FROM shares WHERE id = ?');
  const remove = db.prepare<[string]>('DELETE FROM shares WHERE id = ?');
  const purge = db.prepare<[number]>('DELETE FROM shares WHERE expires_at IS NOT NULL AND expires_at <= ?');

  return {
    description: `SQLite ${file}`,
    put: (id, blob, metadata) => settle(() => void insert.run(id, blob, metadata.size, metadata.createdAt, metadata.expiresAt, metadata.deleteTokenHash)),
    get: (id) =>
      settle((): StoredShare | undefined => {
        const row = selectBlob.get(id);
        return row && { metadata: metadataOf(row), blob: new Uint8Array(row.blob.buffer, row.blob.byteOffset, row.blob.byteLength) };
      }),
    metadata: (id) =>
      settle(() => {
        const row = selectMetadata.get(id);
        return row && metadataOf(row);
      }),
    delete: (id) => settle(() => void remove.run(id)),
    purgeExpired: (now) => settle(() => purge.run(now).changes),
    // Closing the last connection checkpoints the write-ahead log into the file and removes it.
    close: () => settle(() => void (db.open && db.close())),
  };
}
