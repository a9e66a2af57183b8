import type { ImportResult } from '../core/model';

/** Page -> worker: parse this input. A Blob (file, fetched body) is read inside the worker. */
export interface ImportRequest {
  /** Echoed in the response so the page can drop results of requests it has since replaced. */
  id: number;
  input: string | Blob;
}

/** Worker -> page. */
export interface ImportResponse {
  id: number;
  result: ImportResult;
}
