// The worker's side of Repair…: the file loaded, repaired as `msgscope repair` repairs it (core/repair), with the
// name to save it as. Text is repaired in place; an archive's history (no text kept) by converting it.
import type { Conversation, ProviderTarget, Transcript } from '../core/model';
import { repairImported, repairText } from '../core/repair';
import type { RepairReply } from '../protocol/workerApi';

export interface LoadedHistory {
  transcript: Transcript;
  conversations?: Conversation[];
  open: number;
  name: string;
  text: () => string;
  files?: unknown[];
}

/** `name.json` → `name.repaired.json`, `log.jsonl` → `log.repaired.jsonl`; a converted history is JSON. */
export function repairedFileName(source: string, sameFormat: boolean): string {
  const base = (source.split(/[?#]/)[0] ?? '').split(/[/\\]/).filter(Boolean).pop() ?? 'history';
  const extension = /\.(jsonl|ndjson|json)$/i.exec(base)?.[1]?.toLowerCase();
  const stem = base.replace(/\.[^.]*$/, '') || 'history';
  return `${stem}.repaired.${sameFormat && extension !== undefined ? extension : 'json'}`;
}

export function repairLoaded(loaded: LoadedHistory, target: ProviderTarget | undefined): RepairReply {
  // The format it was read as: *Read as* may have chosen it over detection.
  const options = { format: loaded.transcript.format, ...(target !== undefined && { target }) };
  const outcome = loaded.files
    ? repairImported(
        {
          ok: true,
          transcript: loaded.conversations?.[0]?.transcript ?? loaded.transcript,
          ...(loaded.conversations && { conversations: loaded.conversations }),
        },
        { ...options, conversation: loaded.open },
      )
    : repairText(loaded.text(), options);
  if (!outcome.ok) return { ok: false, message: outcome.error.message };
  return { ...outcome, fileName: repairedFileName(loaded.name, outcome.converted === undefined) };
}
