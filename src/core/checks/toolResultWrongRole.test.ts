import { describe, expect, it } from 'vitest';
import { allRules, json, transcript } from '../testing/importing';
import { brief, check } from '../testing/check';
import { ai, build, call, human, tool } from '../testing/messages';
import { toolResultWrongRole } from './toolResultWrongRole';

/** A Gemini request whose function response turn has the role given. */
const gemini = (responseRole: string, end = true) =>
  json({
    contents: [
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
      { role: responseRole, parts: [{ functionResponse: { name: 'get_weather', response: { output: '15°C' } } }] },
      ...(end ? [] : [{ role: 'model', parts: [{ text: 'It is 15°C in Paris.' }] }]),
    ],
  });

const anthropic = (resultRole: string) =>
  json({
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: resultRole, content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '15°C' }] },
      { role: 'assistant', content: 'It is 15°C in Paris.' },
    ],
  });

describe('tool-result-wrong-role', () => {
  it('reports a Gemini functionResponse in a "model" turn once, not as an orphaned call and an orphaned result', () => {
    const t = transcript(gemini('model', false));
    expect(t.messages.map((m) => [m.role, m.sourceType, m.location.path])).toEqual([
      ['human', 'user', 'contents[0]'],
      ['ai', 'model', 'contents[1]'],
      ['tool', 'model', 'contents[2].parts[0]'],
      ['ai', 'model', 'contents[3]'],
    ]);
    expect(allRules(t)).toEqual([['tool-result-wrong-role', 2, 'get_weather@1.0']]);
    const [f] = t.findings;
    expect(f?.severity).toBe('error');
    expect(f?.related).toEqual([1]);
    expect(f?.text).toBe('Tool result message #2, the functionResponse at contents[2].parts[0], is in a "model" turn; tool results go in a "user" turn.');
    expect(f?.rejectedBy).toEqual([
      {
        target: 'gemini',
        error:
          'contents[2].parts[0]: a functionResponse part in a "model" turn (no verbatim error text on record: function responses go back in a "user" turn)',
      },
    ]);
  });

  it('has nothing to say once the turn has the role "user"', () => {
    expect(allRules(transcript(gemini('user', false)))).toEqual([]);
    expect(allRules(transcript(gemini('user')))).toEqual([]);
  });

  it("quotes Vertex AI's answer when the misplaced response ends the request", () => {
    const t = transcript(gemini('model'));
    expect(allRules(t)).toEqual([['tool-result-wrong-role', 2, 'get_weather@1.0']]);
    expect(t.findings[0]?.rejectedBy?.[0]?.error).toBe('Requests ending with a model turn are not supported.');
  });

  it('reports an Anthropic tool_result in an assistant message, with the error for the tool_use it leaves unanswered', () => {
    const t = transcript(anthropic('assistant'));
    expect(t.messages.map((m) => [m.role, m.sourceType])).toEqual([
      ['human', 'user'],
      ['ai', 'assistant'],
      ['tool', 'assistant'],
      ['ai', 'assistant'],
    ]);
    expect(allRules(t)).toEqual([['tool-result-wrong-role', 2, 'toolu_1']]);
    const [f] = t.findings;
    expect(f?.text).toBe(
      'Tool result message #2, the tool_result at messages[2].content[0], is in an "assistant" message; tool results go in a "user" message.',
    );
    expect(f?.rejectedBy?.[0]?.error).toMatch(/^messages\.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1\./);
    expect(allRules(transcript(anthropic('user')))).toEqual([]);
  });

  it('leaves server tool results in the assistant message alone, and results of any other source type', () => {
    const messages = build(human(), ai({ toolCalls: [call('a')] }), tool('a', { sourceType: 'functionResponse' }), tool('a', { sourceType: 'tool' }));
    expect(check(toolResultWrongRole, messages)).toEqual([]);
    expect(brief(check(toolResultWrongRole, build(human(), ai({ toolCalls: [call('a')] }), tool('a', { sourceType: 'model' }))))).toEqual([
      { rule: 'tool-result-wrong-role', at: 2, id: 'a' },
    ]);
  });
});
