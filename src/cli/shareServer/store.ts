// Where a share server keeps its blobs. The server hands a store only ciphertext (the page and `msgscope share`
// encrypt before they upload, and the key stays in the link's fragment) and what it needs to enforce its limits;
// a store never sees a key or a history. Two stores implement it: SQLite (sqliteStore.ts, the default) and
// S3-compatible object storage (s3Store.ts). docs/SHARING.md says what another store would implement.

/** What a store keeps beside a blob: no content, only what the limits need. */
export interface ShareMetadata {
  /** The blob's length in bytes. */
  size: number;
  /** Milliseconds since 1970. */
  createdAt: number;
  /** Milliseconds since 1970, a whole second; null: never. The share id carries it too (shareId.ts). */
  expiresAt: number | null;
  /** SHA-256 of the delete token, hex: the token itself is given to the creator and kept nowhere. */
  deleteTokenHash: string;
}

export interface StoredShare {
  metadata: ShareMetadata;
  blob: Uint8Array;
}

export interface ShareStore {
  /** Where the blobs are, for the line the server prints when it starts. */
  readonly description: string;
  /** Keeps a new share; resolves once it is durable (a restart or another instance finds it). */
  put(id: string, blob: Uint8Array, metadata: ShareMetadata): Promise<void>;
  /** The share, or undefined when the store has none under that id. Expiry is the caller's to judge. */
  get(id: string): Promise<StoredShare | undefined>;
  /** The share's metadata without reading its blob. */
  metadata(id: string): Promise<ShareMetadata | undefined>;
  /** Removes the share; nothing happens when there is none. */
  delete(id: string): Promise<void>;
  /** Removes every share whose expiry is at or before `now`; resolves to how many it removed. */
  purgeExpired(now: number): Promise<number>;
  /** Waits for pending writes and releases the store (file handles, connections). */
  close(): Promise<void>;
}
