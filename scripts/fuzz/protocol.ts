// What the fuzzer's parent and its child say to each other.
import type { StageOptions } from './cases';
import type { HeapPeak } from './ledger';
import type { PipelineReport } from './pipeline';

export interface ChildRequest {
  id: number;
  bytes: Uint8Array;
  options: StageOptions;
}

export type ChildReply =
  | { type: 'ready' }
  | {
      type: 'result';
      id: number;
      report: PipelineReport;
      /** Bytes, after the input. */
      rss: number;
      heapUsed: number;
      /** The child's peak resident set so far, in bytes. */
      maxRss: number;
      heapPeak: HeapPeak;
    };
