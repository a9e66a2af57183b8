import { describe, expect, it } from 'vitest';
import toolErrorRetry from '../../../fixtures/tool-error-retry.langchain.json?raw';
import { buildTranscript } from '../analyze';
import { transcript } from '../testing/importing';
import { ai, build, call, system, tool } from '../testing/messages';
import { convertTranscript } from '.';
import { essentials } from '../testing/essentials';

describe('LangChain stored export', () => {
  it('writes messages_to_dict dicts with every field a Python dump has', () => {
    const [sys, human, aiMessage, toolMessage] = JSON.parse(convertTranscript(transcript(toolErrorRetry), 'langchain-stored').text) as unknown[];
    expect(sys).toEqual({
      type: 'system',
      data: { content: 'You are an order assistant.', additional_kwargs: {}, response_metadata: {}, type: 'system', name: null, id: 'sys_1' },
    });
    expect(human).toMatchObject({ type: 'human', data: { name: 'User_A', id: 'h_1' } });
    expect(aiMessage).toMatchObject({
      type: 'ai',
      data: {
        content: '',
        response_metadata: { model_name: 'gpt-5.4-mini-2026-03-17' },
        tool_calls: [{ name: 'create_order', args: { sku: '20240601', qty: 1 }, id: 'call_order_1', type: 'tool_call' }],
        invalid_tool_calls: [{ type: 'invalid_tool_call', id: 'call_bad_2', name: 'get_weather', args: '{"city": "Beijing"' }],
        usage_metadata: {
          input_tokens: 2677,
          output_tokens: 179,
          total_tokens: 2856,
          input_token_details: { cache_read: 2304 },
          output_token_details: { reasoning: 83 },
        },
      },
    });
    expect(toolMessage).toMatchObject({ type: 'tool', data: { tool_call_id: 'call_order_1', status: 'error', artifact: null, name: 'create_order' } });
  });

  it('reads back as the same history (serialized → stored)', () => {
    const original = transcript(toolErrorRetry);
    const back = transcript(convertTranscript(original, 'langchain-stored').text);
    expect(back.format).toBe('langchain-stored');
    expect(essentials(back.messages)).toEqual(essentials(original.messages));
    expect(back.findings.map((f) => f.rule)).toEqual(original.findings.map((f) => f.rule));
  });

  it('keeps a call with unparsable arguments as an invalid_tool_call, and a developer message as LangChain marks it', () => {
    const bad = call('c1', 'get', { args: '{"a"', argsText: '{"a"', error: 'not JSON' });
    const messages = build(system('rules', { sourceType: 'developer' }), ai({ toolCalls: [bad] }), tool('c1', { status: 'cancelled' }));
    const { text, lost } = convertTranscript(buildTranscript({ name: 't', label: 'T' }, messages), 'langchain-stored');
    const [dev, aiMessage, toolMessage] = JSON.parse(text) as { data: Record<string, unknown> }[];
    expect(dev?.data.additional_kwargs).toEqual({ __openai_role__: 'developer' });
    expect(aiMessage?.data.tool_calls).toEqual([]);
    expect(aiMessage?.data.invalid_tool_calls).toEqual([{ type: 'invalid_tool_call', id: 'c1', name: 'get', args: '{"a"', error: 'not JSON' }]);
    expect(toolMessage?.data.status).toBe('success');
    expect(lost).toContain('message #2: status "cancelled" has no place in LangChain (success or error only)');
  });
});
