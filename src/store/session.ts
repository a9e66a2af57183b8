import type { ConvertTarget } from '../core/convert';
import type { Role } from '../core/model';
import type { Card, Conversion, MessageDetail, Params, SecretScan, ShareParams, SharePrepared, TranscriptView } from '../protocol/workerApi';
import { CardCache } from './cardCache';
import type { WorkerClient } from './workerClient';

/** Details kept: the selected message and the few before it, for stepping back and forth. */
const DETAILS_KEPT = 8;

/** A history on screen: its compact view here, its full transcript in `client`'s worker. */
export class ViewSession {
  readonly cards: CardCache;
  private readonly details = new Map<number, Promise<MessageDetail>>();

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

  search(query: string, roles: Role[]): Promise<Int32Array> {
    return this.client.call('search', { query, roles });
  }

  convert(target: ConvertTarget): Promise<Conversion> {
    return this.client.call('convert', { target });
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
