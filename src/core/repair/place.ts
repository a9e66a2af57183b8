// A conversation's plan as edits to the text: each message that leaves its place is cut out of its list (or its
// block out of its wire message), and put back, with the results a repair adds, right after the results its call's
// message already has. An action that the text's layout does not allow (a message that shares its entry with one
// that stays) is taken back and listed, never done halfway.
import type { Message } from '../model';
import type { ConversationLayout, Placed } from './layout';
import type { JsonSpans, KeyedSpan, Segment, Span } from './jsonSpans';
import type { Plan, RepairEdit } from './plan';
import type { Piece, TextEdits } from './textEdits';
import type { WritableFormat } from './writable';

export interface PlaceInput {
  messages: readonly Message[];
  plan: Plan;
  layout: ConversationLayout;
  spans: JsonSpans;
  edits: TextEdits;
  format: WritableFormat;
  /** The parsed list of wire messages (the layout's `list`). */
  listValue: readonly unknown[];
  /** Paths of parsed values, for a call inside a message. */
  paths: Map<object, Segment[]>;
}

type Item = { kind: 'moved'; message: number } | { kind: 'added'; value: unknown };

/**
 * Writes the plan's edits; returns the messages whose own text changes besides those the edits name: a wire
 * message that gets or loses a result block changes for the message that is that whole wire message.
 */
export function place(input: PlaceInput): Set<number> {
  const changed = new Set<number>();
  const { plan } = input;
  const leaving = leavingSet(plan);
  checkLeaving(input, leaving);
  // What failed above stays where it is; what is left leaves.
  const left = leavingSet(plan);
  const entries = input.spans.entries(input.layout.listSpan) ?? [];
  const emptiedCandidates: { array: Span; element: number }[] = [];
  for (const index of left) {
    const placed = input.layout.placed[index]!;
    if (placed.block) {
      const element = placed.elements[0]!;
      const array = blockArray(input, element, placed.block);
      if (!array) continue;
      input.edits.remove(array, placed.block[placed.block.length - 1] as number);
      emptiedCandidates.push({ array, element });
      wholeHolders(input, element).forEach((h) => changed.add(h));
    } else for (const element of placed.elements) input.edits.remove(input.layout.listSpan, element);
  }
  for (const element of insertAfterCalls(input, left)) wholeHolders(input, element).forEach((h) => changed.add(h));
  moveSystemToStart(input, left);
  for (const { array, element } of emptiedCandidates) {
    const holders = input.layout.holders.get(element) ?? [];
    if (input.edits.emptied(array) && holders.every((h) => left.has(h)) && !input.edits.isRemoved(input.layout.listSpan, element) && entries[element]) {
      input.edits.remove(input.layout.listSpan, element);
    }
  }
  renames(input);
  if (input.format.byLocation) for (const index of sharedRaws(input)) changed.add(index);
  for (const index of left) changed.delete(index);
  return changed;
}

/** The messages that are the whole of `element` (not one block of it). */
function wholeHolders({ layout }: PlaceInput, element: number): number[] {
  return (layout.holders.get(element) ?? []).filter((h) => layout.placed[h] && !layout.placed[h].block);
}

/**
 * msgscope JSON names a raw value shared with an earlier message by that message's position (`rawOf`, see
 * convert/msgscope.ts): renumbered where entries moved, and written out in full where the earlier one left or
 * now comes later. Returns the messages so changed (the list's entries are the messages, one each).
 */
function sharedRaws({ spans, edits, layout }: PlaceInput): number[] {
  const entries = spans.entries(layout.listSpan) ?? [];
  const order = edits.order(layout.listSpan);
  const newIndex = new Map<number, number>();
  order.forEach((original, i) => {
    if (original >= 0) newIndex.set(original, i);
  });
  const rawOf = (element: number): { entry: KeyedSpan; of: number } | undefined => {
    const span = entries[element];
    const entry = span && spans.keyed(span)?.find((e) => e.key === 'rawOf');
    const of = entry && Number(spans.slice(entry.value));
    return entry && of !== undefined && Number.isInteger(of) ? { entry, of } : undefined;
  };
  const rawSpan = (element: number, depth = 0): Span | undefined => {
    const span = entries[element];
    const raw = span && spans.keyed(span)?.find((e) => e.key === 'raw')?.value;
    if (raw) return raw;
    const shared = rawOf(element);
    return shared && depth < entries.length ? rawSpan(shared.of, depth + 1) : undefined;
  };
  const changed: number[] = [];
  for (const [original, now] of newIndex) {
    const shared = rawOf(original);
    if (!shared) continue;
    const target = newIndex.get(shared.of);
    if (target === shared.of && target < now) continue;
    if (target !== undefined && target < now) edits.replace(shared.entry.value, String(target));
    else {
      const raw = rawSpan(shared.of);
      if (!raw) continue;
      edits.replace({ start: shared.entry.keySpan.start, end: shared.entry.value.end }, [{ text: '"raw": ' }, { span: raw }]);
    }
    for (const message of layout.holders.get(original) ?? []) changed.push(message);
  }
  return changed;
}

function leavingSet(plan: Plan): Set<number> {
  return new Set([...plan.drops.keys(), ...plan.moves.keys(), ...plan.toStart.keys()]);
}

function takeBack(plan: Plan, edit: RepairEdit, reason: string): void {
  plan.skipped.push({
    ...(edit.conversation !== undefined && { conversation: edit.conversation }),
    rule: edit.rule,
    message: edit.message,
    text: edit.why,
    reason,
  });
}

/** Drops actions on messages that cannot be cut out of the text. */
function checkLeaving({ plan, layout, messages }: PlaceInput, leaving: ReadonlySet<number>): void {
  const why = (index: number): string | undefined => {
    const placed = layout.placed[index];
    if (!placed) return `${`#${index}`} could not be found in the text`;
    if (placed.block) return plan.toStart.has(index) ? `#${index} is part of a wire message with other content` : undefined;
    for (const element of placed.elements) {
      const other = (layout.holders.get(element) ?? []).find((h) => !leaving.has(h));
      if (other !== undefined) return `#${index} shares its entry of the list with #${other}, which stays`;
    }
    return undefined;
  };
  for (const [index, edit] of plan.drops) {
    const reason = why(index);
    if (reason === undefined) continue;
    plan.drops.delete(index);
    takeBack(plan, edit, reason);
  }
  for (const [index, { after, edit }] of plan.moves) {
    const reason = why(index) ?? (layout.placed[after] ? undefined : `its call's message #${after} could not be found in the text`);
    if (reason === undefined) continue;
    plan.moves.delete(index);
    takeBack(plan, edit, reason);
  }
  for (const [index, edit] of plan.toStart) {
    const reason = why(index) ?? (messages.some((m) => m.role !== 'system' && layout.placed[m.index]) ? undefined : 'no message to move it before');
    if (reason === undefined) continue;
    plan.toStart.delete(index);
    takeBack(plan, edit, reason);
  }
  for (const [index, answers] of plan.answers) {
    if (layout.placed[index]) continue;
    for (const { edit } of answers) takeBack(plan, edit, `#${index} could not be found in the text`);
    plan.answers.delete(index);
  }
}

function blockArray({ spans, layout }: PlaceInput, element: number, block: readonly Segment[]): Span | undefined {
  return spans.at([...layout.list, element, ...block.slice(0, -1)]);
}

function blockSpan(input: PlaceInput, placed: Placed): Span | undefined {
  return placed.block && input.spans.at([...input.layout.list, placed.elements[0]!, ...placed.block]);
}

/**
 * Each AI message's moved and added results, in the order of its calls, behind the results that stay after it.
 * Returns the elements whose blocks got results.
 */
function insertAfterCalls(input: PlaceInput, left: ReadonlySet<number>): number[] {
  const into: number[] = [];
  const { plan, messages } = input;
  const byCall = new Map<number, Item[]>();
  for (const [message, { after }] of plan.moves) byCall.set(after, [...(byCall.get(after) ?? []), { kind: 'moved', message }]);
  for (const [ai, answers] of plan.answers) {
    const message = messages[ai]!;
    const added = answers.map(({ call }): Item => ({ kind: 'added', value: input.format.answer({ call, ai: message, messages }) }));
    byCall.set(ai, [...(byCall.get(ai) ?? []), ...added]);
  }
  for (const [ai, items] of [...byCall].sort((a, b) => a[0] - b[0])) {
    const message = messages[ai]!;
    const position = (item: Item, k: number): number => {
      if (item.kind === 'added') return message.toolCalls.length + k;
      const id = messages[item.message]?.toolCallId;
      const at = message.toolCalls.findIndex((call) => call.id === id);
      return at < 0 ? message.toolCalls.length + k : at;
    };
    const ordered = items.map((item, k) => ({ item, key: position(item, k) })).sort((a, b) => a.key - b.key);
    const element = insertItems(
      input,
      ai,
      ordered.map(({ item }) => item),
      left,
    );
    if (element !== undefined) into.push(element);
  }
  return into;
}

/** Returns the element whose blocks took the items, when they went into one. */
function insertItems(input: PlaceInput, ai: number, items: readonly Item[], left: ReadonlySet<number>): number | undefined {
  const { messages, layout, edits, format } = input;
  let last = ai;
  for (let k = ai + 1; k < messages.length && messages[k]!.role === 'tool'; k++) if (!left.has(k)) last = k;
  const anchor = layout.placed[last] ?? layout.placed[ai]!;
  const blocks = items.flatMap((item) => blockPiece(input, item) ?? []);
  const allBlocks = format.level === 'block' && blocks.length === items.length;
  if (last !== ai && anchor.block && allBlocks) {
    const array = blockArray(input, anchor.elements[0]!, anchor.block);
    if (array) {
      edits.insert(array, (anchor.block[anchor.block.length - 1] as number) + 1, blocks);
      return anchor.elements[0];
    }
  }
  const after = anchor.elements[anchor.elements.length - 1]!;
  if (last === ai && allBlocks && format.blocksKey !== undefined && format.takesResults?.(input.listValue[after + 1])) {
    const array = input.spans.at([...layout.list, after + 1, format.blocksKey]);
    if (array) {
      edits.insert(array, 0, blocks);
      return after + 1;
    }
  }
  edits.insert(layout.listSpan, after + 1, elementPieces(input, items));
  return undefined;
}

/** The item as a block of a wire message, when the format's results are blocks and the item is one. */
function blockPiece(input: PlaceInput, item: Item): Piece | undefined {
  if (input.format.level !== 'block') return undefined;
  if (item.kind === 'added') return { text: JSON.stringify(item.value) };
  const placed = input.layout.placed[item.message];
  const span = placed && blockSpan(input, placed);
  return span && { span };
}

/** The items as entries of the list: elements as they are, blocks wrapped in a new wire message (one for all of them). */
function elementPieces(input: PlaceInput, items: readonly Item[]): Piece[] {
  const { layout, format, spans } = input;
  const entries = spans.entries(layout.listSpan) ?? [];
  const out: Piece[] = [];
  const blocks: Piece[] = [];
  for (const item of items) {
    const block = blockPiece(input, item);
    if (block) {
      blocks.push(block);
      continue;
    }
    if (item.kind === 'added') {
      out.push({ text: JSON.stringify(item.value) });
      continue;
    }
    for (const element of layout.placed[item.message]?.elements ?? []) {
      const span = entries[element];
      if (span) out.push({ span });
    }
  }
  if (blocks.length > 0 && format.wrap) out.unshift({ wrap: blocks, with: format.wrap });
  return out;
}

function moveSystemToStart(input: PlaceInput, left: ReadonlySet<number>): void {
  const { plan, messages, layout, spans, edits } = input;
  if (plan.toStart.size === 0) return;
  const first = messages.find((m) => m.role !== 'system' && !left.has(m.index) && layout.placed[m.index]);
  const entries = spans.entries(layout.listSpan) ?? [];
  if (!first) return;
  const pieces: Piece[] = [];
  for (const index of [...plan.toStart.keys()].sort((a, b) => a - b)) {
    for (const element of layout.placed[index]!.elements) {
      const span = entries[element];
      if (span) pieces.push({ span });
    }
  }
  edits.insert(layout.listSpan, layout.placed[first.index]!.elements[0]!, pieces);
}

/** New ids, written where the old ones were: in the message's entry (or block), or only in one call of it. */
function renames(input: PlaceInput): void {
  const { plan, layout, spans, edits, paths } = input;
  const entries = spans.entries(layout.listSpan) ?? [];
  const keep: typeof plan.renames = [];
  for (const planned of plan.renames) {
    const { rename, edit } = planned;
    const placed = layout.placed[rename.message];
    let where: Span[] = [];
    if (rename.call) {
      const path = typeof rename.call.raw === 'object' && rename.call.raw !== null ? paths.get(rename.call.raw) : undefined;
      const span = path && spans.at(path);
      if (span) where = [span];
    } else if (placed) {
      const block = blockSpan(input, placed);
      where = block ? [block] : placed.elements.flatMap((element) => (entries[element] ? [entries[element]] : []));
    }
    const targets =
      rename.kind === 'call'
        ? where.flatMap((span) =>
            spans
              .stringValues(span)
              .filter((found) => found.value === rename.from)
              .map((found) => found.span),
          )
        : where.flatMap((span) =>
            spans
              .entriesNamed(span, 'id')
              .filter((entry) => spans.slice(entry.value) === JSON.stringify(rename.from))
              .map((entry) => entry.value),
          );
    if (targets.length === 0) {
      takeBack(plan, edit, `the id ${rename.from} of #${rename.message} could not be found in the text`);
      continue;
    }
    for (const span of targets) edits.replace(span, JSON.stringify(rename.to));
    keep.push(planned);
  }
  plan.renames = keep;
}
