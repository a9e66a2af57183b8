import { describe, expect, it } from 'vitest';
import builtinTools from '../../../../fixtures/formats/openai-responses/builtin-tools.json?raw';
import clean from '../../../../fixtures/formats/openai-responses/clean.json?raw';
import fault from '../../../../fixtures/formats/openai-responses/fault.json?raw';
import toolCalls from '../../../../fixtures/formats/openai-responses/tool-calls.json?raw';
import mcpApproval from '../../../../fixtures/real/vercel-ai/openai-mcp-tool-approval.1.json?raw';
import { input, json, rules, transcript } from '../../testing/importing';
import { openaiResponses } from './openaiResponses';
import { detectFormat } from '../registry';

describe('openai-responses fixtures', () => {
  it('shows an MCP tool listing and approval request in the turn that produced them (a real response)', () => {
    const t = transcript(mcpApproval);
    expect([t.kind, t.messages.length]).toEqual(['response', 1]);
    const [turn] = t.messages;
    expect(turn?.content.map((b) => [b.kind, b.type])).toEqual([
      ['other', 'mcp_list_tools'],
      ['reasoning', 'reasoning'],
      ['other', 'mcp_approval_request'],
    ]);
    expect(turn?.content[0]?.text).toMatch(/^Tools listed on zip1: create_short_url, /);
    expect(turn?.content[2]?.text).toMatch(/^Asks for approval to call create_short_url on zip1 with \{"alias":""/);
    expect(t.findings).toEqual([]);
  });

  it('reads a response: instructions first, output text, usage on the answer', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['openai-responses', 'OpenAI Responses API']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.location.path])).toEqual([
      ['system', 'instructions', 'instructions'],
      ['ai', 'assistant', 'output[0]'],
    ]);
    expect(t.messages[1]).toMatchObject({
      id: 'msg_67ccd2bf17f0819081ff3bb2cf6508e60bb6a6b452d3795b',
      model: 'gpt-4.1-2025-04-14',
      timestamp: '2025-03-08T23:29:02.000Z',
      usage: { input: 36, output: 87, total: 123, totalReported: true, cacheRead: 0, reasoning: 0 },
    });
    expect(t.messages[1]?.text).toMatch(/^In a peaceful grove/);
    expect(rules(t)).toEqual([]);
  });

  it('reads a request: reasoning and function_call form one AI turn', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('openai-responses');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.location.path])).toEqual([
      ['system', 'instructions', 'instructions'],
      ['human', 'user', 'input[0]'],
      ['ai', 'reasoning', 'input[1]'],
      ['tool', 'function_call_output', 'input[3]'],
      ['ai', 'assistant', 'input[4]'],
      ['human', 'user', 'input[5]'],
    ]);
    const turn = t.messages[2];
    expect(turn?.id).toBe('rs_6806bfca0b2481918a5748308061a2600d3ce51bdffd5476');
    expect(turn?.content.map((b) => [b.kind, b.text])).toEqual([['reasoning', 'I need the coordinates of Paris to call get_weather.']]);
    expect(turn?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['call_12345xyz', 'get_weather', { latitude: 48.8566, longitude: 2.3522 }]]);
    expect(Array.isArray(turn?.raw) && turn.raw.length).toBe(2);
    expect(t.links.get('call_12345xyz')?.results).toEqual([3]);
    expect(t.messages[3]?.text).toBe('{"temperature": 14}');
    expect(rules(t)).toEqual([]);
  });

  it('flags an unanswered call, its bad arguments and an output without a call', () => {
    const t = transcript(fault);
    expect(t.format).toBe('openai-responses');
    expect(t.messages.map((m) => m.role)).toEqual(['human', 'ai', 'tool', 'tool', 'human']);
    expect(t.messages[1]?.toolCalls.map((c) => c.id)).toEqual(['call_paris', 'call_bogota']);
    expect(rules(t)).toEqual([
      ['orphan-tool-call', 1, 'call_bogota'],
      ['invalid-tool-call', 1, 'call_bogota'],
      ['orphan-tool-result', 3, 'call_lima'],
    ]);
  });

  it('links built-in tool calls to their outputs and keeps the rest verbatim', () => {
    const t = transcript(builtinTools);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.toolCallId ?? m.toolCalls.map((c) => c.id).join()])).toEqual([
      ['ai', 'reasoning', 'call_cu_1'],
      ['tool', 'computer_call_output', 'call_cu_1'],
      ['ai', 'local_shell_call', 'call_sh_1'],
      ['tool', 'local_shell_call_output', 'call_sh_1'],
      ['ai', 'apply_patch_call', 'call_patch_1'],
      ['tool', 'apply_patch_call_output', 'call_patch_1'],
      ['ai', 'custom_tool_call', 'call_grammar'],
      ['tool', 'custom_tool_call_output', 'call_grammar'],
      ['other', 'item_reference', ''],
      ['other', 'future_widget', ''],
    ]);
    expect(t.messages[0]?.content.map((b) => [b.kind, b.type, b.text])).toEqual([
      ['reasoning', 'reasoning', 'Search first, then click.'],
      ['tool_call', 'web_search_call', undefined],
    ]);
    expect(t.messages[0]?.toolCalls[0]).toMatchObject({ name: 'computer', args: { type: 'click', button: 'left', x: 156, y: 50 } });
    expect(t.messages[0]?.usage).toMatchObject({ input: 2000, output: 300, total: 2300, cacheRead: 1500, reasoning: 120 });
    expect(t.messages[2]?.usage).toBeUndefined();
    expect(t.messages[5]).toMatchObject({ status: 'error', text: 'context mismatch' });
    expect(t.messages[6]?.toolCalls[0]).toMatchObject({ name: 'code_exec', args: "print('hi')" });
    expect(t.messages[9]).toMatchObject({ raw: { type: 'future_widget', id: 'fw_1', payload: { x: 1 } } });
    expect(t.messages[9]?.problem).toBeUndefined();
    expect(rules(t)).toEqual([['tool-error', 5, 'call_patch_1']]);
  });
});

describe('openai-responses shapes', () => {
  it('reads a string input and EasyInputMessages without a type', () => {
    const t = transcript(json({ model: 'gpt-4.1', instructions: 'Talk like a pirate.', input: 'Are semicolons optional in JavaScript?' }));
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['system', 'Talk like a pirate.', 'instructions'],
      ['human', 'Are semicolons optional in JavaScript?', 'input'],
    ]);
    const easy = transcript(
      json({
        model: 'gpt-4.1',
        input: [
          { role: 'developer', content: 'Be brief.' },
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ],
      }),
    );
    expect(easy.messages.map((m) => [m.role, m.text])).toEqual([
      ['system', 'Be brief.'],
      ['human', 'hi'],
      ['ai', 'hello'],
    ]);
  });

  it('starts a new turn at a second message or reasoning item, not at a call', () => {
    const t = transcript(
      json([
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go' }] },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.' }] },
        { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
        { type: 'function_call', call_id: 'c2', name: 'f', arguments: '{}' },
        { type: 'reasoning', summary: [] },
        { type: 'function_call', call_id: 'c3', name: 'f', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: 'a' },
      ]),
    );
    expect(t.messages.map((m) => [m.role, m.text, m.toolCalls.map((c) => c.id).join()])).toEqual([
      ['human', 'go', ''],
      ['ai', 'Checking.', 'c1,c2'],
      ['ai', '', 'c3'],
      ['tool', 'a', ''],
    ]);
  });

  it('reads a program as a call of its code, its program_output as the result, and a call the finished program made as answered inside it', () => {
    // openai/openai-node src/resources/responses/responses.ts: Program {call_id, code, fingerprint}, ProgramOutput {call_id, result, status}.
    const t = transcript(
      json({
        object: 'response',
        status: 'completed',
        output: [
          { type: 'program', id: 'p1', call_id: 'pc', code: 'await lookup()', fingerprint: 'f' },
          { type: 'function_call', id: 'fc1', call_id: 'fc', name: 'lookup', arguments: '{}', caller: { type: 'program', caller_id: 'pc' } },
          { type: 'program_output', id: 'po1', call_id: 'pc', result: 'found', status: 'completed' },
        ],
      }),
    );
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text, m.toolCallId])).toEqual([
      ['ai', 'program', '', undefined],
      ['tool', 'program_output', 'found', 'pc'],
    ]);
    expect(t.messages[0]?.toolCalls.map((c) => [c.id, c.name, c.args, c.answeredInside])).toEqual([
      ['pc', 'program', 'await lookup()', undefined],
      ['fc', 'lookup', {}, 'pc'],
    ]);
    expect(rules(t)).toEqual([]);
  });

  it('reads items one per line, keeping a bad line', () => {
    const lines = [
      json({ type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' }),
      '{"type": "function_call_output", "call_id": "c1"',
      json({ type: 'function_call_output', call_id: 'c1', output: 'ok' }),
    ];
    const t = transcript(lines.join('\n'));
    expect(t.format).toBe('openai-responses');
    expect(t.messages.map((m) => [m.role, m.location.path, m.problem !== undefined])).toEqual([
      ['ai', 'line 1', false],
      ['other', 'line 2', true],
      ['tool', 'line 3', false],
    ]);
  });

  it('keeps unreadable items as unrecognized messages', () => {
    const t = transcript(
      json([{ type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' }, 5, { type: 'message', role: 'critic', content: 'x' }, { foo: 1 }]),
    );
    expect(t.messages.map((m) => [m.role, m.problem !== undefined])).toEqual([
      ['ai', false],
      ['other', true],
      ['other', true],
      ['other', true],
    ]);
  });
});

describe('openai-responses detection', () => {
  it('claims responses, requests and typed item lists', () => {
    expect(openaiResponses.detect(input({ object: 'response', output: [] }))).toBe(100);
    expect(openaiResponses.detect(input({ model: 'gpt-4.1', input: [{ role: 'user', content: 'hi' }] }))).toBe(95);
    expect(openaiResponses.detect(input([{ type: 'function_call_output', call_id: 'c', output: 'x' }]))).toBe(90);
    expect(openaiResponses.detect(input({ instructions: 'x', input: 'hi' }))).toBe(90);
  });

  it('does not take near misses', () => {
    const nearMisses: unknown[] = [
      [{ role: 'user', content: 'hi' }],
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
      [{ type: 'human', content: 'hi' }],
      [{ type: 'human', data: { content: 'hi' } }],
      // Anthropic response messages carry `type: "message"` but Anthropic blocks.
      [{ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'hi' }] }],
      { model: 'text-embedding-3-small', input: ['a', 'b'] },
      { model: 'gpt-4o', input: [{ kind: 'message' }] },
    ];
    for (const value of nearMisses) expect(openaiResponses.detect(input(value)), JSON.stringify(value)).toBe(0);
    expect(detectFormat(input([{ role: 'user', content: 'hi' }]))?.name).toBe('openai-chat');
  });
});
