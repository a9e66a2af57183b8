import { describe, expect, it } from 'vitest';
import committed from '../../../../fixtures/real/openai-agents-js/v1.17-side-effect-committed.json?raw';
import nested from '../../../../fixtures/real/openai-agents-js/v1.2-nested-approval.json?raw';
import pythonApproval from '../../../../fixtures/real/openai-agents-python/v1_13_pending_tool_approval.json?raw';
import pythonCustom from '../../../../fixtures/real/openai-agents-python/v1_9_custom_tool_call_and_tool_origin.json?raw';
import pythonProgram from '../../../../fixtures/real/openai-agents-python/v1_13_programmatic_tool_calling.json?raw';
import { allRules, input, json, rules, transcript } from '../../testing/importing';
import { detectFormat } from '../registry';
import { openaiAgentsRunstate } from './openaiAgentsRunstate';

const agent = (name: string) => ({ name });
const state = (fields: Record<string, unknown>) => ({
  $schemaVersion: '1.20',
  currentTurn: 1,
  currentAgent: agent('Triage'),
  originalInput: 'hi',
  modelResponses: [],
  generatedItems: [],
  ...fields,
});
const functionCall = (callId: string, name: string, id = `fc_${callId}`) => ({ type: 'function_call', id, callId, name, arguments: '{}', status: 'completed' });

describe('openai-agents-runstate real files', () => {
  it('reads a JS run state: the input, then the call and its function_call_result', () => {
    const t = transcript(committed);
    expect([t.format, t.formatLabel]).toEqual(['openai-agents-runstate', 'OpenAI Agents SDK run state']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.location.path, m.text])).toEqual([
      ['human', 'originalInput', 'originalInput', 'run once'],
      ['ai', 'function_call', 'generatedItems[0]', ''],
      ['tool', 'function_call_output', 'generatedItems[1]', 'side effect completed'],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['side-effect-call', 'side_effect_tool', {}]]);
    // raw is the RunItem as the file holds it, camelCase callId and all.
    expect(t.messages[2]?.raw).toMatchObject({ type: 'tool_call_output_item', rawItem: { type: 'function_call_result', callId: 'side-effect-call' } });
    expect(t.links.get('side-effect-call')?.results).toEqual([2]);
    // The recorded usage is the empty one (requests 0): no tokens are claimed.
    expect(t.tokens.totals.messagesWithUsage).toBe(0);
    expect(t.notes).toEqual(['currentStep: next_step_run_again, with SideEffectAgent as the current agent.']);
    expect(t.findings).toEqual([]);
  });

  it('reads a run interrupted inside a nested agent: the outer call is pending, the nested one is named', () => {
    const t = transcript(nested);
    expect(t.messages.map((m) => [m.role, m.text])).toEqual([
      ['human', 'start'],
      ['ai', ''],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['outer-call', 'nested_tool', { input: 'hello' }]]);
    expect(allRules(t)).toEqual([['pending-tool-call', 1, 'outer-call']]);
    expect(t.notes).toEqual([
      'currentStep: next_step_interruption, with OuterAgent as the current agent.',
      '1 call waits for approval (currentStep.data.interruptions).',
      'Waiting for approval outside this history, so not shown as calls: secure_tool (nested-call, agent NestedAgent).',
      'pendingAgentToolRuns holds 1 nested agent run as serialized run states (nested_tool:outer-call); not read here.',
    ]);
  });

  it('reads a Python run state waiting for approval: the approval item is the call already shown', () => {
    const t = transcript(pythonApproval);
    expect(t.format).toBe('openai-agents-runstate');
    expect(t.messages.map((m) => [m.role, m.location.path])).toEqual([
      ['human', 'original_input'],
      ['ai', 'generated_items[0]'],
    ]);
    expect(t.messages[0]?.text).toBe('historical input');
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ['historical-approval-1', 'historical_approval', { account_id: 'account-1' }],
    ]);
    expect(allRules(t)).toEqual([['pending-tool-call', 1, 'historical-approval-1']]);
    expect(t.notes).toEqual([
      'current_step: next_step_interruption, with compat-agent as the current agent.',
      '1 call waits for approval (current_step.data.interruptions); 1 of them is in this history, pending.',
      '1 tool_approval_item entry repeats its call: shown once, as the call.',
      "session_items keeps 2 run items for the session store, the run's items again; not shown twice.",
    ]);
  });

  it('reads a Python custom tool call and its output', () => {
    const t = transcript(pythonCustom);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['human', 'original_input', 'historical input'],
      ['ai', 'custom_tool_call', ''],
      ['tool', 'custom_tool_call_output', 'custom result'],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([['custom-call-1', 'custom_lookup', 'account-1']]);
    expect(t.links.get('custom-call-1')?.results).toEqual([2]);
    expect(rules(t)).toEqual([]);
  });

  it("reads a program, the call it made and its program_output: the call was answered inside the finished program (Python's program items)", () => {
    const t = transcript(pythonProgram);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.location.path, m.text, m.toolCallId])).toEqual([
      ['human', 'original_input', 'original_input', 'historical input', undefined],
      ['ai', 'program', 'generated_items[0]', '', undefined],
      ['tool', 'program_output', 'generated_items[2]', 'done', 'program-call'],
    ]);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args, c.answeredInside])).toEqual([
      ['program-call', 'program', 'lookup()', undefined],
      ['function-call', 'lookup', {}, 'program-call'],
    ]);
    expect(t.links.get('program-call')?.results).toEqual([2]);
    expect(allRules(t).filter(([rule]) => rule === 'pending-tool-call' || rule === 'orphan-tool-call')).toEqual([]);
  });
});

describe('openai-agents-runstate shapes', () => {
  it('claims a run state by its schema version, input and generated items', () => {
    expect(openaiAgentsRunstate.detect(input(state({})))).toBe(100);
    expect(openaiAgentsRunstate.detect(input({ $schemaVersion: '1.13', original_input: [], generated_items: [] }))).toBe(100);
    expect(openaiAgentsRunstate.detect(input({ originalInput: 'hi', generatedItems: [] }))).toBe(0);
    expect(openaiAgentsRunstate.detect(input({ $schemaVersion: '1.0.0', title: 'x' }))).toBe(0);
    expect(detectFormat(input(state({})))?.name).toBe('openai-agents-runstate');
  });

  it('reads input items, a hand-off and an answer, with each model response usage on its turn', () => {
    const handoff = functionCall('call_h', 'transfer_to_billing');
    const lookup = functionCall('call_l', 'lookup');
    const answer = { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Your bill is $5.' }] };
    const usage = (input: number) => ({
      requests: 1,
      inputTokens: input,
      outputTokens: 7,
      totalTokens: input + 7,
      inputTokensDetails: [{ cached_tokens: 3 }],
      outputTokensDetails: [{ reasoning_tokens: 2 }],
    });
    const t = transcript(
      json(
        state({
          originalInput: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What do I owe?' }] }],
          modelResponses: [
            { usage: usage(50), output: [handoff] },
            { usage: usage(80), output: [{ type: 'reasoning', id: 'rs_1', content: [{ type: 'input_text', text: 'Look it up.' }] }, lookup] },
            { usage: usage(90), output: [answer] },
          ],
          generatedItems: [
            { type: 'handoff_call_item', rawItem: handoff, agent: agent('Triage') },
            {
              type: 'handoff_output_item',
              rawItem: {
                type: 'function_call_result',
                name: 'transfer_to_billing',
                callId: 'call_h',
                status: 'completed',
                output: { type: 'text', text: '{"assistant": "Billing"}' },
              },
              sourceAgent: agent('Triage'),
              targetAgent: agent('Billing'),
            },
            {
              type: 'reasoning_item',
              rawItem: { type: 'reasoning', id: 'rs_1', content: [{ type: 'input_text', text: 'Look it up.' }] },
              agent: agent('Billing'),
            },
            { type: 'tool_call_item', rawItem: lookup, agent: agent('Billing') },
            {
              type: 'tool_call_output_item',
              rawItem: { type: 'function_call_result', name: 'lookup', callId: 'call_l', status: 'completed', output: '$5' },
              output: '$5',
              agent: agent('Billing'),
            },
            { type: 'message_output_item', rawItem: answer, agent: agent('Billing') },
          ],
        }),
      ),
    );
    expect(t.messages.map((m) => [m.role, m.location.path, m.text])).toEqual([
      ['human', 'originalInput[0]', 'What do I owe?'],
      ['ai', 'generatedItems[0]', ''],
      ['tool', 'generatedItems[1]', '{"assistant": "Billing"}'],
      ['ai', 'generatedItems[2]', ''],
      ['tool', 'generatedItems[4]', '$5'],
      ['ai', 'generatedItems[5]', 'Your bill is $5.'],
    ]);
    // The hand-off keeps the conversation (Billing is sent the whole history); each AI message names its agent.
    expect(t.messages.map((m) => m.name)).toEqual([undefined, 'Triage', undefined, 'Billing', undefined, 'Billing']);
    expect(t.notes).toEqual([
      'Handed off Triage to Billing at generatedItems[1]: the next agent goes on with this history (all of it, or what a hand-off input filter kept). Each AI message is named with the agent that gave it (Triage, Billing).',
      'Token usage of 3 model responses (modelResponses), on the AI turn each produced.',
    ]);
    expect(t.messages[3]?.content.map((b) => [b.kind, b.text])).toEqual([['reasoning', 'Look it up.']]);
    expect(t.messages.map((m) => m.usage?.input)).toEqual([undefined, 50, undefined, 80, undefined, 90]);
    expect(t.messages[1]?.usage).toEqual({ input: 50, output: 7, total: 57, totalReported: true, cacheRead: 3, reasoning: 2 });
    expect(rules(t)).toEqual([]);
  });

  it('reads a Python run state across a hand-off (the calls of the SDK run langsmith-sdk recorded)', () => {
    // fixtures/real/langsmith-sdk/openai-agents-handoff.request.json is the second of those calls: Handoff
    // Agent is sent the user's turn, the transfer call and its output, the history these items hold.
    const assistant = { name: 'Assistant' };
    const target = { name: 'Handoff Agent' };
    const transfer = {
      arguments: '{}',
      call_id: 'call_gZQiwtvwnhkpwHGNvaxRGRRG',
      name: 'transfer_to_handoff_agent',
      type: 'function_call',
      id: 'fc_08c4dc3be695bfd40069d83d786c1081a3bb9b384a70e408b9',
      status: 'completed',
    };
    const t = transcript(
      json({
        $schemaVersion: '1.13',
        current_agent: target,
        original_input: 'What is 2 + 2?',
        model_responses: [],
        generated_items: [
          { type: 'handoff_call_item', raw_item: transfer, agent: assistant },
          {
            type: 'handoff_output_item',
            raw_item: { call_id: 'call_gZQiwtvwnhkpwHGNvaxRGRRG', output: '{"assistant": "Handoff Agent"}', type: 'function_call_output' },
            agent: assistant,
            source_agent: assistant,
            target_agent: target,
          },
          {
            type: 'message_output_item',
            raw_item: {
              id: 'msg_1',
              type: 'message',
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: '2 + 2 = 4', annotations: [] }],
            },
            agent: target,
          },
        ],
      }),
    );
    expect(t.messages.map((m) => [m.role, m.name, m.text])).toEqual([
      ['human', undefined, 'What is 2 + 2?'],
      ['ai', 'Assistant', ''],
      ['tool', undefined, '{"assistant": "Handoff Agent"}'],
      ['ai', 'Handoff Agent', '2 + 2 = 4'],
    ]);
    expect(t.notes?.[0]).toMatch(/^Handed off Assistant to Handoff Agent at generated_items\[1\]: /);
    expect(rules(t)).toEqual([]);
  });

  it("reads a JS program (callId, code) and its program_output's output; a call of a program still running waits", () => {
    const program = { type: 'program', id: 'p', callId: 'pc', code: 'await lookup()', fingerprint: 'f' };
    const call = { ...functionCall('fc', 'lookup'), caller: { type: 'program', callerId: 'pc' } };
    const items = (status: string) => [
      { type: 'tool_call_item', rawItem: program, agent: agent('Triage') },
      { type: 'tool_call_item', rawItem: call, agent: agent('Triage') },
      { type: 'tool_call_output_item', rawItem: { type: 'program_output', id: 'po', callId: 'pc', output: 'found', status }, agent: agent('Triage') },
    ];
    const done = transcript(json(state({ generatedItems: items('completed') })));
    expect(done.messages.map((m) => [m.role, m.text, m.toolCallId])).toEqual([
      ['human', 'hi', undefined],
      ['ai', '', undefined],
      ['tool', 'found', 'pc'],
    ]);
    expect(done.messages[1]?.toolCalls.map((c) => [c.id, c.args, c.answeredInside])).toEqual([
      ['pc', 'await lookup()', undefined],
      ['fc', {}, 'pc'],
    ]);
    expect(rules(done)).toEqual([]);
    const running = transcript(json(state({ generatedItems: items('incomplete') })));
    expect(running.messages[1]?.toolCalls.map((c) => c.answeredInside)).toEqual([undefined, undefined]);
    expect(rules(running)).toEqual([['pending-tool-call', 1, 'fc']]);
  });

  it('keeps a run item without a rawItem, saying why', () => {
    const t = transcript(json(state({ generatedItems: [{ type: 'message_output_item', agent: agent('Triage') }] })));
    expect(t.messages[1]).toMatchObject({
      role: 'other',
      problem: 'expected the message_output_item item to hold a rawItem',
      location: { path: 'generatedItems[0]' },
    });
  });
});
