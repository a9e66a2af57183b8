// One input element, several timeline messages. Formats that keep tool results inside a turn
// (MEAI / Agent Framework `contents`, AI SDK parts) split them out: one tool message per result, in
// block order, while the text and calls around them stay messages of the element's own role.
import { formatPath, type PathSegment } from '../../json/locate';
import type { ContentBlock, Role, ToolCall, Usage } from '../../model';
import type { MessageDraft, ParsedInput } from '../types';
import { placed, readMessageList, type DraftBody, type ElementReader, type MessageList, type Unreadable } from './messageList';
import { joinText } from './drafts';
import { pushAll } from '../../json/pushAll';

/** A message read from an element; `part` is set for one split out of it (a tool result block). */
export interface Piece {
  body: DraftBody;
  part?: { raw: unknown; path: PathSegment[] };
}
export type Pieces = [Piece, ...Piece[]];
export type PieceReader = (element: unknown) => Pieces | Unreadable;

/** What the messages of one element share. */
export type Shared = Pick<DraftBody, 'sourceType' | 'id' | 'name' | 'timestamp' | 'model'>;

/** A tool result split out of an element; `path` is the result block's path inside the element. */
export interface SplitResult {
  sourceType: string;
  toolCallId?: string;
  name?: string;
  status?: string;
  text: string;
  block: ContentBlock;
  path: PathSegment[];
}

/** Collects one element's blocks in order, starting a tool message at each result. */
export class PieceBuilder {
  /** The element's usage; it goes on its first message of its own role. */
  usage: Usage | undefined;
  private readonly pieces: Piece[] = [];
  private open: DraftBody | undefined;
  /** Blocks of a tool-role element waiting for the result they go with. */
  private held: ContentBlock[] = [];

  constructor(
    private readonly role: Role,
    private readonly shared: Shared,
  ) {}

  /** A block of the element's own role; a call is also listed in the message's `toolCalls`. */
  add(block: ContentBlock, call?: ToolCall): void {
    // In a tool message, an approval response or note belongs with a result rather than being a
    // tool message without a call id of its own.
    if (this.role === 'tool' && call === undefined) {
      this.held.push(block);
      return;
    }
    const body = (this.open ??= this.start());
    body.content.push(block);
    if (call) body.toolCalls.push(call);
  }

  result(result: SplitResult): void {
    this.close();
    const { sourceType, toolCallId, name, status, text, block, path } = result;
    // A tool-role element names its results by its role; a result inside another turn by its block type.
    const type = this.role === 'tool' ? this.shared.sourceType : sourceType;
    const body: DraftBody = { role: 'tool', sourceType: type, content: [...this.held, block], text, toolCalls: [], invalidToolCalls: [] };
    this.held = [];
    // Kept only when the result is the element's first message (see readPieceList).
    if (this.shared.id !== undefined) body.id = this.shared.id;
    if (toolCallId !== undefined) body.toolCallId = toolCallId;
    if (name !== undefined) body.name = name;
    if (status !== undefined) body.status = status;
    if (this.shared.timestamp !== undefined) body.timestamp = this.shared.timestamp;
    this.pieces.push({ body, part: { raw: block.raw, path } });
  }

  /** The element's messages in order; an element without content is one empty message of its role. */
  finish(): Pieces {
    const last = this.pieces.at(-1);
    if (this.held.length > 0 && last?.part && !this.open) pushAll(last.body.content, this.held);
    else for (const block of this.held) (this.open ??= this.start()).content.push(block);
    this.held = [];
    this.close();
    const [first = { body: this.start() }, ...rest] = this.pieces;
    const pieces: Pieces = [first, ...rest];
    if (this.usage) (pieces.find((piece) => !piece.part) ?? first).body.usage = this.usage;
    return pieces;
  }

  private close(): void {
    if (!this.open) return;
    this.open.text = joinText(this.open.content);
    this.pieces.push({ body: this.open });
    this.open = undefined;
  }

  private start(): DraftBody {
    const body: DraftBody = { role: this.role, sourceType: this.shared.sourceType, content: [], text: '', toolCalls: [], invalidToolCalls: [] };
    const { id, name, timestamp, model } = this.shared;
    if (id !== undefined) body.id = id;
    if (name !== undefined) body.name = name;
    if (timestamp !== undefined) body.timestamp = timestamp;
    if (model !== undefined) body.model = model;
    return body;
  }
}

/** A message list, or (`single`) one message given on its own, whose path is then the root. */
export interface FoundList extends MessageList {
  single?: boolean;
}

/**
 * readMessageList for readers that may split an element. A split-out message keeps the block it came
 * from as `raw` and that block's path; only the element's first message keeps the element's id, so
 * the pieces do not read as duplicate messages, and all of them get the element's position as `turn`.
 * An element read as one message keeps itself as `raw` and no `turn`.
 */
export function readPieceList(input: ParsedInput, found: FoundList | undefined, read: PieceReader, expects: string): MessageDraft[] {
  const split = new WeakMap<DraftBody, Pieces>();
  const readFirst: ElementReader = (element, path) => {
    const pieces = read(element);
    if ('unreadable' in pieces) return pieces;
    split.set(pieces[0].body, pieces);
    return placed(pieces[0].body, element, path);
  };
  if (!found) return readMessageList(input, readFirst, expects);
  const drafts = readMessageList({ ...input, value: found.list }, readFirst, expects);
  const out: MessageDraft[] = [];
  drafts.forEach((draft, i) => {
    const at = found.single ? [] : [...found.path, i];
    // JSON Lines paths name a line; nothing inside a line can be located.
    const pathOf = (segments: PathSegment[]): string => (input.jsonLines ? draft.location.path : formatPath(segments));
    draft.location = { path: pathOf(at) };
    const pieces = split.get(draft);
    if (!pieces || pieces.length === 1) {
      out.push(draft);
      return;
    }
    pieces.forEach(({ body, part }, k) => {
      const message: MessageDraft = k === 0 ? draft : Object.assign(body, { raw: draft.raw, location: draft.location });
      if (k > 0) delete message.id;
      message.turn = i;
      if (part) {
        message.raw = part.raw;
        message.location = { path: pathOf([...at, ...part.path]) };
      }
      out.push(message);
    });
  });
  return out;
}
