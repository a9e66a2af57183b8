// A long agent run with a few planted faults, for tests that must stay linear at scale.
import type { Message, RuleId } from '../model';
import { ai, call, human, other, system, tool, usage, type Draft } from './messages';

export interface Planted {
  rule: RuleId;
  at: number;
  id?: string;
}

/**
 * `size` messages of human → AI with 1–3 parallel calls → their results, every message with an
 * id, and one planted fault of each rule spread through the run. Returns the faults in timeline order.
 */
export function syntheticRun(size: number): { messages: Message[]; planted: Planted[] } {
  const messages: Message[] = [];
  const planted: Planted[] = [];
  // Completes the fresh drafts in place: copying 200,000 messages would dominate the test's time.
  const push = (...ds: Draft[]): number => {
    const first = messages.length;
    for (const d of ds) {
      const index = messages.length;
      messages.push(Object.assign(d, { index, id: d.id ?? `m${index}`, location: { path: `messages[${index}]` } }));
    }
    return first;
  };
  const plant = (rule: RuleId, at: number, id?: string): void => {
    planted.push({ rule, at, ...(id !== undefined && { id }) });
  };
  let seed = 7;
  const oneToThree = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed % 3) + 1;
  };
  const aiCalling = (ids: string[], fields = {}): Draft =>
    ai({ toolCalls: ids.map((id) => call(id, 'search')), usage: usage(100, 10, 110), model: 'm', ...fields });

  push(system());
  // Each turn is at most 6 messages; the tail is padded with human messages.
  for (let turn = 1; messages.length + 6 <= size; turn++) {
    const ids = Array.from({ length: oneToThree() }, (_, k) => `call_${turn}_${k}`);
    const a = `call_${turn}_a`;
    const b = `call_${turn}_b`;
    switch (turn) {
      case 1000: {
        const at = push(human(), aiCalling([a, b]), tool(a));
        plant('orphan-tool-call', at + 1, b);
        break;
      }
      case 2000:
        plant('orphan-tool-result', push(human(), aiCalling([a]), tool(a), tool('ghost')) + 3, 'ghost');
        break;
      case 3000: {
        const at = push(human(), aiCalling([a, b]), tool(a), human('wait'), tool(b));
        plant('tool-results-not-adjacent', at + 4, b);
        break;
      }
      case 4000:
        plant('tool-result-before-call', push(human(), tool(a), aiCalling([a])) + 1, a);
        break;
      case 5000:
        // Reuses the first call id of the turn before, which was answered.
        plant('duplicate-tool-call-id', push(human(), aiCalling(['call_4999_0']), tool('call_4999_0')) + 1, 'call_4999_0');
        break;
      case 6000:
        plant('duplicate-message-id', push(human('again', { id: 'm5' })));
        break;
      case 7000:
        plant('system-not-first', push(system('Late instructions.')));
        break;
      case 8000:
        plant('tool-error', push(human(), aiCalling([a]), tool(a, { status: 'error' })) + 2, a);
        break;
      case 9000:
        plant('tool-name-mismatch', push(human(), aiCalling([a]), tool(a, { name: 'fetch' })) + 2, a);
        break;
      case 10000:
        plant('invalid-tool-call', push(human(), ai({ invalidToolCalls: [call(a, 'search', { invalid: true })] })) + 1, a);
        break;
      case 11000:
        plant('usage-mismatch', push(human(), ai({ text: 'Done.', usage: usage(100, 10, 999) })) + 1);
        break;
      case 12000:
        plant('unrecognized-message', push(other('no role or type')));
        break;
      default:
        push(human(), aiCalling(ids), ...ids.map((id) => tool(id, { name: 'search' })));
    }
  }
  while (messages.length < size) push(human());
  return { messages, planted };
}
