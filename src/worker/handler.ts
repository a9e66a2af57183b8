import type { Conversation, Transcript } from '../core/model';
import type {
  Method,
  OpenedView,
  Params,
  ProgressOf,
  RequestOf,
  Result,
  WorkerError,
  WorkerProgress,
  WorkerRequest,
  WorkerResponse,
} from '../protocol/workerApi';
import { MARKDOWN_COPY_CHARS } from '../protocol/workerApi';
import type { ArchiveFile } from '../core/json/archive';
import { readInput, type InputText } from './readInput';

/** Cards sent with the view, so the first screen paints without another round trip. */
const FIRST_CARDS = 64;

export type Post = (response: WorkerResponse, transfer?: Transferable[]) => void;

interface Reply<M extends Method> {
  result: Result<M>;
  /** Buffers handed over rather than copied. */
  transfer?: ArrayBuffer[];
}

type Tools = typeof import('./tools');

type Handlers = { [M in Method]: (params: Params<M>, progress: (progress: ProgressOf<M>) => void) => Promise<Reply<M>> | Reply<M> };

/**
 * `name.json` → `name.openai-chat.json`, the Markdown report `name.md`; a URL or path keeps its last segment. An
 * export of the messages a filter shows is `name.shown-5-of-8.openai-chat.json`: under the whole file's name it
 * would pass for the whole history.
 */
export function exportFileName(source: string, target: string, shown?: { count: number; total: number }): string {
  const path = source.split(/[?#]/)[0] ?? '';
  const base = path.split(/[/\\]/).filter(Boolean).pop() ?? 'history';
  const name = base.replace(/\.(?:jsonl?|txt)$/i, '') || 'history';
  const stem = shown === undefined ? name : `${name}.shown-${shown.count}-of-${shown.total}`;
  return target === 'markdown' ? `${stem}.md` : `${stem}.${target}.json`;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A failure whose kind is known where it happens; anything else thrown is answered as `failed`. */
class RequestFailed extends Error {
  constructor(readonly error: WorkerError) {
    super(error.message);
  }
}

/** The open conversation's view and its first screen of cards. */
function openedView(tools: Tools, { transcript, conversations, open }: { transcript: Transcript; conversations?: Conversation[]; open: number }): OpenedView {
  const view = tools.buildView(transcript, conversations && { conversations, open });
  const cards = tools.buildCards(
    transcript,
    Array.from({ length: FIRST_CARDS }, (_, i) => i),
  );
  return { view, cards };
}

/**
 * The worker's side of the protocol. An import keeps its Transcript here; the page holds one worker per
 * history on screen, so every other request reads that one.
 */
export function createHandler(post: Post): (request: WorkerRequest) => Promise<void> {
  // Fetched and compiled while the first input is read, rather than before the worker can start reading it.
  const tools = import('./tools');
  // The input text stays (a streamed one in pieces, joined when first needed): line:column of a message is
  // found in it when its detail is asked for (the importer skips locating 100k messages that nobody may open).
  // What was read stays too (an archive's files and bytes), for a share: it carries the input, not the messages.
  let loaded:
    | { transcript: Transcript; conversations?: Conversation[]; open: number; name: string; text: () => string; files?: ArchiveFile[]; bytes?: Uint8Array }
    | undefined;
  const history = () => {
    if (!loaded) throw new Error('No history is loaded in this worker.');
    return loaded;
  };
  const current = (): Transcript => history().transcript;
  let searches = 0;

  const handlers: Handlers = {
    async import({ input, name, format, conversation }, progress) {
      // Bytes as read; text passed in as a string counts its characters.
      let bytes = typeof input === 'string' ? input.length : 0;
      let read: InputText;
      try {
        read = await readInput(input, (report) => {
          bytes = report.bytes;
          progress(report);
        });
      } catch (error) {
        throw new RequestFailed({ kind: 'read', message: messageOf(error) });
      }
      const { text, parsed, files, bytes: archiveBytes } = read;
      // A shared history is named by the file name it carried, for its exports and a share of it in turn.
      const source = read.name ?? name;
      progress({ phase: 'parse', bytes });
      const loadedTools = await tools;
      const { importText, importArchive, detectedFormat, viewBuffers } = loadedTools;
      const options = { ...(format !== undefined ? { format } : {}), ...(parsed ? { parsed } : {}) };
      const result = files ? importArchive(files, options) : importText(text, options);
      if (!result.ok) return { result };
      const { conversations } = result;
      const open = conversations?.[conversation ?? 0] ? (conversation ?? 0) : 0;
      const transcript = conversations?.[open]?.transcript ?? result.transcript;
      loaded = {
        transcript,
        ...(conversations && { conversations }),
        open,
        name: source,
        text,
        ...(files && { files }),
        ...(archiveBytes && { bytes: archiveBytes }),
      };
      progress({ phase: 'prepare', bytes, messages: transcript.messages.length });
      const opened = openedView(loadedTools, loaded);
      // Without a forced format, detection chose the one read.
      const detected = format === undefined ? transcript.format : files ? null : detectedFormat(text, parsed);
      const sourceName = read.name !== undefined ? { sourceName: read.name } : {};
      return { result: { ok: true, ...opened, detectedFormat: detected, ...sourceName }, transfer: viewBuffers(opened.view) };
    },
    open: async ({ conversation }) => {
      const state = history();
      const chosen = state.conversations?.[conversation];
      if (!chosen) throw new Error(`This history has no conversation ${conversation + 1}.`);
      state.transcript = chosen.transcript;
      state.open = conversation;
      const loadedTools = await tools;
      const opened = openedView(loadedTools, state);
      return { result: opened, transfer: loadedTools.viewBuffers(opened.view) };
    },
    cards: async ({ indices }) => ({ result: (await tools).buildCards(current(), indices) }),
    detail: async ({ index }) => {
      const { transcript, text } = history();
      const { buildDetail, locateMessages, needsCounter } = await tools;
      const message = transcript.messages[index];
      if (message) locateMessages(text(), [message]);
      // The tokenizer loads with the first reasoning shown, not before.
      // Without a tokenizer (the single HTML file has none), reasoning shows without its count.
      const count = message && needsCounter(message) ? await (await import('./tokenCounter')).loadTokenCounter().catch(() => undefined) : undefined;
      return { result: buildDetail(transcript, index, count) };
    },
    image: async ({ index, block }) => {
      const message = current().messages[index];
      if (!message) throw new Error(`No message #${index}.`);
      return { result: { src: (await tools).imageData(message, block) } };
    },
    // Each search takes a number; one that a newer search overtakes stops at its next slice (src/worker/search.ts).
    search: async (params) => {
      const ticket = ++searches;
      const answer = await (await tools).searchInSlices(current(), params, () => ticket !== searches);
      return { result: answer, ...(answer.kind === 'hits' && { transfer: [answer.hits.buffer] }) };
    },
    searchFacets: async () => ({ result: (await tools).facetCounts(current()) }),
    // Loaded when the table first asks: its sort keys are no part of the first paint.
    rows: async (params) => {
      const indices = (await import('./rows')).tableRows(current(), params);
      return { result: indices, transfer: [indices.buffer] };
    },
    secrets: async () => ({ result: (await import('./share')).scanSecrets(history()) }),
    composition: async (_, progress) => {
      const { compositionOf, compositionReply } = await import('./composition');
      return compositionReply(await compositionOf(current(), progress));
    },
    share: async (params) => (await import('./share')).prepareShare(history(), params),
    // Loaded when the Tools view first asks; not transferred: the worker keeps the table for the next ask.
    toolCalls: async () => ({ result: (await import('./toolCalls')).toolCallsOf(current()) }),
    // Loaded when the Tokens view first asks; built afresh each time, so its columns are handed over, not copied.
    tokenStats: async () => (await import('./tokenStats')).tokenStatsReply(current()),
    // Loaded when the Tokens view first asks, and the price data only for a history with usage to estimate.
    cost: async () => ({ result: await (await import('./cost')).costOf(current()) }),
    convert: async ({ target, only }) => {
      const { name } = history();
      const whole = current();
      // An export of the messages shown says so in a report's title; the history targets write those messages alone.
      const shown = only === undefined ? { name } : { name: `${name} (${only.length} of ${whole.messages.length} messages shown)`, only };
      const { text, lost } = (await tools).convertTranscript(whole, target, shown);
      const part = only === undefined ? undefined : { count: only.length, total: whole.messages.length };
      return { result: { text, lost, fileName: exportFileName(name, target, part) } };
    },
    // Loaded when Repair… first asks: the repair and its second reading are no part of the first paint.
    repair: async ({ target }) => ({ result: (await import('./repair')).repairLoaded(history(), target) }),
    markdown: async ({ message, redact }) => {
      const { convertTranscript, messageMarkdown } = await tools;
      const options = { name: history().name, ...(redact !== undefined && { redact }) };
      if (message !== undefined) return { result: { text: messageMarkdown(current(), message, options) } };
      return { result: { text: convertTranscript(current(), 'markdown', { ...options, maxChars: MARKDOWN_COPY_CHARS }).text } };
    },
  };

  async function run<M extends Method>(request: RequestOf<M>): Promise<Reply<M>> {
    const progress = (p: WorkerProgress): void => post({ id: request.id, kind: 'progress', progress: p });
    return handlers[request.method](request.params, progress);
  }

  return async (request) => {
    try {
      const { result, transfer } = await run(request);
      post({ id: request.id, kind: 'result', result }, transfer);
    } catch (error) {
      // A bug must reach the user as an error, not as a request that never answers.
      const failure: WorkerError = error instanceof RequestFailed ? error.error : { kind: 'failed', message: messageOf(error) };
      post({ id: request.id, kind: 'error', error: failure });
    }
  };
}
