import type { ConvertTarget } from '../core/convert';
import type { ToolCallTable } from '../core/analytics/toolCalls';
import type { TokenStats } from '../core/analytics/tokenStats';
import type { RunCost } from '../core/cost';
import type { ProviderTarget } from '../core/model';
import type { RowsParams } from '../protocol/messagesTable';
import type { FacetCounts, SearchAnswer, SearchParams } from '../protocol/search';
import type {
  Card,
  CompositionView,
  Conversion,
  CountProgress,
  MessageDetail,
  Params,
  RepairReply,
  SecretScan,
  ShareParams,
  SharePrepared,
  TranscriptView,
} from '../protocol/workerApi';
import { CardCache } from './cardCache';
import type { WorkerClient } from './workerClient';

/** Details kept: the selected message and the few before it, for stepping back and forth. */
const DETAILS_KEPT = 8;

/** A history on screen: its compact view here, its full transcript in `client`'s worker. */
export class ViewSession {
  readonly cards: CardCache;
  private readonly details = new Map<number, Promise<MessageDetail>>();
  private compositionReply: Promise<CompositionView> | undefined;
  /** Who hears the composition's count progress until it answers: it is asked for once, by whichever view opens first. */
  private readonly compositionListeners = new Set<(progress: CountProgress) => void>();
  /** The Tools table, asked for once: the worker builds it once per conversation, and a session is one conversation. */
  private toolCallTable: Promise<ToolCallTable> | undefined;
  private tokenStatsReply: Promise<TokenStats> | undefined;
  private costReply: Promise<RunCost> | undefined;
  private facetCounts: Promise<FacetCounts> | undefined;

  constructor(
    private readonly client: WorkerClient,
    readonly view: TranscriptView,
    firstCards: readonly Card[],
  ) {
    this.cards = new CardCache((indices) => client.call('cards', { indices }), firstCards);
  }

  detail(index: number): Promise<MessageDetail> {
    let detail = this.details.get(index);
    if (!detail) {
      detail = this.client.call('detail', { index });
      // A failed request is not kept: asking again may work (and says why again if not).
      detail.catch(() => this.details.delete(index));
      this.details.set(index, detail);
      for (const key of this.details.keys()) {
        if (this.details.size <= DETAILS_KEPT) break;
        this.details.delete(key);
      }
    }
    return detail;
  }

  /** An inline image its detail left out for size, as a `data:` URL. */
  image(index: number, block: number): Promise<string> {
    return this.client.call('image', { index, block }).then((result) => result.src);
  }

  /** One row a tool call of the conversation on screen, and one line a tool (core/analytics/toolCalls). */
  toolCalls(): Promise<ToolCallTable> {
    if (!this.toolCallTable) {
      const table = this.client.call('toolCalls', {});
      // A failed request is not kept: opening the view again asks again.
      table.catch(() => {
        if (this.toolCallTable === table) this.toolCallTable = undefined;
      });
      this.toolCallTable = table;
    }
    return this.toolCallTable;
  }

  /** The Tokens view's totals and context growth (core/analytics/tokenStats), asked for once per session as the Tools table is. */
  tokenStats(): Promise<TokenStats> {
    if (!this.tokenStatsReply) {
      const stats = this.client.call('tokenStats', {});
      stats.catch(() => {
        if (this.tokenStatsReply === stats) this.tokenStatsReply = undefined;
      });
      this.tokenStatsReply = stats;
    }
    return this.tokenStatsReply;
  }

  /** What the conversation on screen cost (core/cost), asked for once per session; a failure is asked again. */
  cost(): Promise<RunCost> {
    if (!this.costReply) {
      const cost = this.client.call('cost', {});
      cost.catch(() => {
        if (this.costReply === cost) this.costReply = undefined;
      });
      this.costReply = cost;
    }
    return this.costReply;
  }

  /**
   * What each AI turn's input was made of and each message's estimated tokens (core/composition), counted once per
   * session (the worker keeps it per conversation too); `onProgress` hears how far a long count has got.
   */
  composition(onProgress?: (progress: CountProgress) => void): Promise<CompositionView> {
    if (onProgress) this.compositionListeners.add(onProgress);
    if (!this.compositionReply) {
      const reply = this.client.call('composition', {}, (progress) => {
        for (const listener of this.compositionListeners) listener(progress);
      });
      const done = (): void => this.compositionListeners.clear();
      reply.then(done, () => {
        done();
        // A failed request is not kept: opening the view again asks again.
        if (this.compositionReply === reply) this.compositionReply = undefined;
      });
      this.compositionReply = reply;
    }
    return this.compositionReply;
  }

  /** The messages the search box's text, the roles shown and the facets keep (src/protocol/search.ts). */
  search(params: SearchParams): Promise<SearchAnswer> {
    return this.client.call('search', params);
  }

  /** What each facet chip would keep, asked for once per session; a failure is asked again. */
  searchFacets(): Promise<FacetCounts> {
    if (!this.facetCounts) {
      const counts = this.client.call('searchFacets', {});
      counts.catch(() => {
        if (this.facetCounts === counts) this.facetCounts = undefined;
      });
      this.facetCounts = counts;
    }
    return this.facetCounts;
  }

  /** The messages table's rows (message indices) for these filters and sort keys, sorted and filtered in the worker. */
  rows(params: RowsParams): Promise<Int32Array> {
    return this.client.call('rows', params);
  }

  convert(target: ConvertTarget, only?: Int32Array): Promise<Conversion> {
    return this.client.call('convert', only === undefined ? { target } : { target, only });
  }

  /** The file on screen repaired for `target` (every target when absent): the edits to list, then the text to save or open. */
  repair(target?: ProviderTarget): Promise<RepairReply> {
    return this.client.call('repair', target === undefined ? {} : { target });
  }

  /** Possible secrets in the input on screen, masked. */
  secrets(): Promise<SecretScan> {
    return this.client.call('secrets', {});
  }

  /** The input on screen packed for a link, an HTML file or a short link. */
  share(params: ShareParams): Promise<SharePrepared> {
    return this.client.call('share', params);
  }

  /** The run on screen, or one message of it, as Markdown for the clipboard. */
  markdown(params: Params<'markdown'>): Promise<string> {
    return this.client.call('markdown', params).then((result) => result.text);
  }

  /** Another conversation of the same file, from the same worker: this session's worker then answers for that one. */
  async open(conversation: number): Promise<ViewSession> {
    const { view, cards } = await this.client.call('open', { conversation });
    return new ViewSession(this.client, view, cards);
  }

  /** Frees the worker and the transcript it holds. */
  close(): void {
    this.client.terminate();
  }
}
