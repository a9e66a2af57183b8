import { describe, expect, it } from 'vitest';
import { TOOL_CALL_STATUSES, type ToolCallTable } from '../core/analytics/toolCalls';
import type { WorkerRequest, WorkerResponse } from '../protocol/workerApi';
import { createHandler } from './handler';

const HISTORY = JSON.stringify([
  { type: 'human', data: { content: 'Weather in Beijing?', id: 'h1' } },
  {
    type: 'ai',
    data: {
      content: '',
      id: 'a1',
      tool_calls: [
        { name: 'get_weather', args: { city: 'Beijing' }, id: 'call_1', type: 'tool_call' },
        { name: 'get_time', args: {}, id: 'call_2', type: 'tool_call' },
      ],
    },
  },
  { type: 'tool', data: { content: 'HTTP 503', tool_call_id: 'call_1', status: 'error', id: 't1' } },
  { type: 'ai', data: { content: 'The weather service is down.', id: 'a2' } },
]);

describe('the toolCalls request', () => {
  it('answers the open history’s tool table, built once and kept, nothing transferred', async () => {
    const posted: { response: WorkerResponse; transfer: Transferable[] }[] = [];
    const handle = createHandler((response, transfer = []) => posted.push({ response, transfer }));
    await handle({ id: 1, method: 'import', params: { input: HISTORY, name: 'h.json' } });
    const ask = async (id: number): Promise<{ table: ToolCallTable; transfer: Transferable[] }> => {
      await handle({ id, method: 'toolCalls', params: {} } satisfies WorkerRequest);
      const reply = posted.find((p) => p.response.id === id);
      if (reply?.response.kind !== 'result') throw new Error(`no result: ${JSON.stringify(reply?.response)}`);
      return { table: reply.response.result as ToolCallTable, transfer: reply.transfer };
    };
    const first = await ask(2);
    expect(first.table.ids).toEqual(['call_1', 'call_2']);
    expect([...first.table.status].map((s) => TOOL_CALL_STATUSES[s])).toEqual(['error', 'orphan']);
    expect([...first.table.resultMessage]).toEqual([2, -1]);
    expect(first.transfer).toEqual([]);
    const second = await ask(3);
    expect(second.table).toBe(first.table);
  });
});
