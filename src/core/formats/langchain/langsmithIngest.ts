// LangSmith ingest payloads (langchain-ai/langsmith-sdk @bc8dd67 `js/src/client.ts` batchIngestRuns,
// `python/langsmith/client.py` batch_ingest_runs): the body the SDKs send to `/runs/batch`,
// `{post: [run creates], patch: [run updates]}`. A run's create carries its inputs, its update the
// outputs and end time; an update may lack `id` (the SDK's own test recordings drop it), so it is
// matched to its create by `id`, else by `dotted_order`. Once joined, runs read as LangSmith runs.
import { formatPath, type PathSegment } from '../../json/locate';
import { isRecord } from '../../json/value';
import { problemDraft } from '../common/drafts';
import { guarded } from '../common/guard';
import { isRun, readRuns, type Located } from './langsmith';
import type { AdapterOutput, FormatAdapter, ParsedInput } from '../types';
import { pushAll } from '../../json/pushAll';

const EXPECTS = 'a LangSmith ingest body {"post": [run creates], "patch": [run updates]}, as the SDKs send it to /runs/batch';
const SIDES = ['post', 'patch'] as const;

/** What ties an update to its create: its id, or failing that its dotted_order (which ends in the id). */
function keyOf(run: Record<string, unknown>): string | undefined {
  if (typeof run.id === 'string') return `id ${run.id}`;
  if (typeof run.dotted_order !== 'string') return undefined;
  const id = /Z([0-9a-f-]{36})$/i.exec(run.dotted_order)?.[1];
  return id === undefined ? `order ${run.dotted_order}` : `id ${id}`;
}

function runLike(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && ('inputs' in value || 'outputs' in value) && ('run_type' in value || 'dotted_order' in value || 'trace_id' in value);
}

function detect({ value }: ParsedInput): number {
  if (!isRecord(value) || 'run_type' in value) return 0;
  const lists = SIDES.map((side) => value[side]).filter((list) => list !== undefined);
  if (lists.length === 0 || !lists.every(Array.isArray)) return 0;
  const sample = lists.flatMap((list) => (list as unknown[]).slice(0, 5));
  return sample.length > 0 && sample.every(runLike) ? 100 : 0;
}

interface Part {
  value: Record<string, unknown>;
  at: PathSegment[];
}

function read({ value }: ParsedInput): AdapterOutput {
  if (!isRecord(value)) return { messages: [problemDraft(value, '', `expected ${EXPECTS}`)] };
  const joined = new Map<string, { create?: Part; update?: Part }>();
  const loose: Part[] = [];
  let unmatched = 0;
  for (const side of SIDES) {
    const list = value[side];
    if (!Array.isArray(list)) continue;
    list.forEach((run, i) => {
      if (!isRecord(run)) return;
      const part = { value: run, at: [side, i] };
      const key = keyOf(run);
      if (key === undefined) {
        loose.push(part);
        return;
      }
      const entry = joined.get(key) ?? {};
      if (side === 'post') entry.create = part;
      else entry.update = part;
      joined.set(key, entry);
    });
  }
  const runs: Located[] = [];
  for (const { create, update } of joined.values()) {
    if (create && update) runs.push(join(create, update));
    else {
      const only = create ?? update;
      if (only) runs.push(located(only));
      if (update && !create) unmatched++;
    }
  }
  pushAll(runs, loose.map(located));
  const output = readRuns(
    runs.filter((run) => isRun(run.value)),
    () => problemDraft(value, '', `expected ${EXPECTS}; no run has a run_type`),
  );
  const notes = [...(output.notes ?? [])];
  if (unmatched > 0) {
    const one = unmatched === 1;
    notes.push(`${unmatched} run update${one ? '' : 's'} in "patch" had no create in "post" and ${one ? 'was' : 'were'} read on ${one ? 'its' : 'their'} own.`);
  }
  return { ...output, notes };
}

function located(part: Part): Located {
  return { value: part.value, pathOf: (sub) => formatPath([...part.at, ...sub]) };
}

/**
 * The update's fields over the create's (the SDK merges them the same way when both are in one batch).
 * A path points where the field was first written: the inputs into the create, the outputs into the update.
 */
function join(create: Part, update: Part): Located {
  const value = { ...create.value, ...update.value };
  return {
    value,
    pathOf: (sub) => {
      const key = sub[0];
      const from = typeof key === 'string' && (key === 'outputs' || !(key in create.value)) && key in update.value ? update : create;
      return formatPath([...from.at, ...sub]);
    },
  };
}

export const langsmithIngest: FormatAdapter = guarded({
  name: 'langsmith-ingest',
  label: 'LangSmith ingest payload',
  expects: EXPECTS,
  detect,
  read,
});
