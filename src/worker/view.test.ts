import { describe, expect, it } from 'vitest';
import { buildTranscript } from '../core/analyze';
import type { Message } from '../core/model';
import { ai, call, human, tool, usage, type Draft } from '../core/testing/messages';
import { buildCards } from './cards';
import { ROLE_ORDER } from '../protocol/workerApi';
import { CARD_FLAG } from '../protocol/timelineView';
import { buildView } from './view';

function transcriptOf(drafts: Draft[]) {
  const messages = drafts.map((d, index): Message => ({ ...d, index, location: { path: `[${index}]` } }));
  return buildTranscript({ name: 'test', label: 'Test' }, messages);
}

const transcript = transcriptOf([
  human('line 1\nline 2\nline 3'),
  ai({ toolCalls: [call('a', 'lookup', { args: { q: 'x'.repeat(200) } }), call('b')], usage: usage(10, 5) }),
  tool('b', { status: 'error' }),
  tool('a'),
  tool('nobody'),
]);

describe('buildView', () => {
  const view = buildView(transcript);

  it('puts per-message numbers in typed columns', () => {
    const { columns } = view;
    expect([...columns.role].map((code) => ROLE_ORDER[code])).toEqual(['human', 'ai', 'tool', 'tool', 'tool']);
    expect([...columns.previewLines]).toEqual([3, 0, 1, 1, 1]);
    expect([...columns.callCount]).toEqual([0, 2, 0, 0, 0]);
    expect([...columns.usageTotal]).toEqual([-1, 15, -1, -1, -1]);
    expect([...columns.cumulative]).toEqual([0, 15, 15, 15, 15]);
    expect(columns.flags[1]! & CARD_FLAG.footer).toBeTruthy();
    // Two calls issued; the orphan result's id is a link but no call.
    expect(view.toolCalls).toBe(2);
    expect(view.links.ids).toHaveLength(3);
    expect(columns.flags[2]! & (CARD_FLAG.resultRow | CARD_FLAG.statusError)).toBe(CARD_FLAG.resultRow | CARD_FLAG.statusError);
  });

  it('lays links out as compressed rows, both ways', () => {
    const { links } = view;
    const a = links.ids.indexOf('a');
    const b = links.ids.indexOf('b');
    const rows = (start: Int32Array, values: Int32Array, i: number) => [...values.subarray(start[i], start[i + 1])];
    expect(rows(links.callStart, links.callMessages, a)).toEqual([1]);
    expect(rows(links.resultStart, links.resultMessages, a)).toEqual([3]);
    expect([links.failed[a], links.failed[b]]).toEqual([0, 1]);
    expect(rows(links.messageLinkStart, links.messageLinks, 1).sort()).toEqual([a, b].sort());
    expect(rows(links.messageLinkStart, links.messageLinks, 3)).toEqual([a]);
    expect(rows(links.messageLinkStart, links.messageLinks, 0)).toEqual([]);
  });
});

describe('buildCards', () => {
  it('cuts arguments to one line and names the answered call', () => {
    const [caller, result, orphan] = buildCards(transcript, [1, 2, 3, 4]).filter((card) => card.index !== 2);
    expect(caller?.calls[0]?.args).toMatch(/^\{"q":"x+…$/);
    expect(caller?.calls[0]?.args.length).toBeLessThanOrEqual(61);
    expect(caller?.calls[0]?.result).toBe(3);
    expect(result?.resultOf).toEqual({ messageIndex: 1, name: 'lookup' });
    expect(orphan?.resultOf).toBeUndefined();
  });

  it('marks a call that ends the history as awaiting its result, and no other', () => {
    const ending = transcriptOf([human('q'), ai({ toolCalls: [call('late', 'lookup')] })]);
    expect(buildCards(ending, [1])[0]?.calls.map((c) => [c.id, c.result, c.pending])).toEqual([['late', undefined, true]]);
    const [caller] = buildCards(transcript, [1]);
    expect(caller?.calls.map((c) => c.pending)).toEqual([undefined, undefined]);
  });

  it('sends a prefix of a long text and its full length', () => {
    const [card] = buildCards(transcriptOf([human('y'.repeat(5_000_000))]), [0]);
    expect(card?.text.length).toBe(600);
    expect(card?.textLength).toBe(5_000_000);
  });
});

describe('a card that cannot be built', () => {
  it('says so in its problem, and the other cards are built', () => {
    const t = transcriptOf([human('before'), ai({ toolCalls: [call('c1')] }), human('after')]);
    Object.defineProperty(t.messages[1]!, 'toolCalls', {
      get() {
        throw new RangeError('Maximum call stack size exceeded');
      },
    });
    const cards = buildCards(t, [0, 1, 2]);
    expect(cards.map((card) => [card.index, card.text, card.problem])).toEqual([
      [0, 'before', undefined],
      [1, '', 'this card could not be shown (RangeError: Maximum call stack size exceeded)'],
      [2, 'after', undefined],
    ]);
  });
});
