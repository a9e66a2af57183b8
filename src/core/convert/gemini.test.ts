import { describe, expect, it } from 'vitest';
import crossFormat from '../../../fixtures/cross-format/langchain-stored.json?raw';
import crossGemini from '../../../fixtures/cross-format/gemini.json?raw';
import redisLogs from '../../../fixtures/redis-logs.langchain.json?raw';
import toolErrorRetry from '../../../fixtures/tool-error-retry.langchain.json?raw';
import geminiClean from '../../../fixtures/formats/gemini/clean.json?raw';
import geminiFault from '../../../fixtures/formats/gemini/fault.json?raw';
import geminiResponse from '../../../fixtures/formats/gemini/response.json?raw';
import anthropicThinking from '../../../fixtures/real/vercel-ai/anthropic-clear-thinking.1.json?raw';
import weatherOrphan from '../../../fixtures/weather-orphan.openai.json?raw';
import { buildTranscript } from '../analyze';
import { transcript } from '../testing/importing';
import { ai, build, call, human, system, tool } from '../testing/messages';
import { essentials } from '../testing/essentials';
import { convertTranscript } from '.';

const toGemini = (text: string, format?: string) => convertTranscript(transcript(text, format), 'gemini');
const body = (text: string, format?: string) => JSON.parse(toGemini(text, format).text) as { systemInstruction?: unknown; contents: unknown[] };
const built = (...drafts: Parameters<typeof build>) => buildTranscript({ name: 't', label: 'T' }, build(...drafts));

describe('Gemini export', () => {
  it('puts the system prompt in systemInstruction, calls in model turns, results and the text around them in one user turn', () => {
    // The same run written by hand as a Gemini request (fixtures/cross-format/gemini.json).
    const { systemInstruction, contents } = JSON.parse(crossGemini) as Record<string, unknown>;
    expect(body(crossFormat)).toEqual({ systemInstruction, contents });
    const two = built(human('hi'), human('are you there?'), ai({ text: 'Yes' }));
    expect(JSON.parse(convertTranscript(two, 'gemini').text)).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'user', parts: [{ text: 'are you there?' }] },
        { role: 'model', parts: [{ text: 'Yes' }] },
      ],
    });
  });

  it.each([
    ['the cross-format run', crossGemini],
    ['a clean request', geminiClean],
  ])('writes %s as a Gemini request back as it was, its turns as they were', (_, text) => {
    const { systemInstruction, contents } = JSON.parse(text) as Record<string, unknown>;
    expect(body(text)).toEqual({ systemInstruction, contents });
  });

  it('keeps a thinking model’s thought parts and thoughtSignature, and leaves out the ids Gemini never gave', () => {
    const { contents } = body(geminiResponse);
    expect(contents).toEqual([
      {
        role: 'model',
        parts: [
          { text: '**Planning the lookup** I need the weather for Paris.', thought: true },
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'CiQBcsjafHnMDzT0rmMJxNgnSHkB' },
        ],
      },
    ]);
    const fault = body(geminiFault);
    expect(JSON.stringify(fault)).not.toContain('@');
    // The legacy "function" role goes back as the user turn Gemini wants.
    expect(fault.contents.map((c) => (c as { role: string }).role)).toEqual(['user', 'model', 'user', 'model']);
    expect(transcript(JSON.stringify(fault)).findings.map((f) => f.rule)).toEqual(transcript(geminiFault).findings.map((f) => f.rule));
  });

  it('names each functionResponse after its call, writes a failure as an "error" response, and says what has no place', () => {
    const { text, lost } = toGemini(toolErrorRetry);
    const parts = (JSON.parse(text) as { contents: { parts: Record<string, unknown>[] }[] }).contents.flatMap((c) => c.parts);
    expect(parts).toContainEqual({
      functionResponse: { id: 'call_order_1', name: 'create_order', response: { error: expect.stringContaining('"error_type": "api_rate_limit"') as unknown } },
    });
    expect(parts).toContainEqual({
      functionResponse: { id: 'call_order_2', name: 'create_order', response: { output: expect.stringContaining('"status": "success"') as unknown } },
    });
    expect(lost).toContain('message #2: the arguments of call call_bad_2 are not a JSON object; functionCall args is sent as {}');
    expect(lost).toContain('message #1: Gemini contents have no name');
    const fromOpenAI = JSON.parse(toGemini(weatherOrphan).text) as { contents: { parts: { functionResponse?: { name: string } }[] }[] };
    expect(fromOpenAI.contents.flatMap((c) => c.parts.flatMap((p) => p.functionResponse?.name ?? []))).toEqual(['get_weather', 'get_weather', '']);
    expect(toGemini(weatherOrphan).lost).toContain(
      'message #6: a functionResponse needs the name of its function, and neither the result nor a call names it; written as ""',
    );
  });

  it('moves every system message to systemInstruction and says when one stood later or several become one', () => {
    const { text, lost } = convertTranscript(built(system('Be brief.'), human('hi'), system('Answer in French.'), ai({ text: 'Salut' })), 'gemini');
    expect(JSON.parse(text)).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Answer in French.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ text: 'Salut' }] },
      ],
    });
    expect(lost).toEqual(
      expect.arrayContaining([
        'message #2: a system message after the start moves to systemInstruction; its position is lost',
        'the system messages become one systemInstruction, read back as one system message',
      ]),
    );
  });

  it('leaves out reasoning Gemini did not write, so a history is not taken for a thinking model’s without signatures', () => {
    const { text, lost } = toGemini(anthropicThinking);
    expect(JSON.parse(text)).toEqual({ contents: [{ role: 'model', parts: [{ text: '925 ÷ 5 = 185' }] }] });
    expect(lost).toContain('message #0: reasoning has no place in Gemini contents unless it is a thought part Gemini returned (with its thoughtSignature)');
    const withCall = built(
      human(),
      ai({ content: [{ kind: 'reasoning', type: 'thinking', text: 'hmm', raw: { type: 'thinking', thinking: 'hmm' } }], toolCalls: [call('c1')] }),
      tool('c1'),
      ai({ text: 'Done' }),
    );
    const back = transcript(convertTranscript(withCall, 'gemini').text);
    expect(back.verdicts.find((v) => v.target === 'gemini')?.accepted).toBe(true);
  });

  it.each([
    ['cross-format run', crossFormat],
    ['redis-logs', redisLogs],
  ])('%s: LangChain → Gemini reads back with every message, call, result and id', (_, text) => {
    const original = transcript(text);
    const back = transcript(toGemini(text).text);
    expect(back.format).toBe('gemini');
    expect(essentials(back.messages)).toEqual(essentials(original.messages));
  });
});
