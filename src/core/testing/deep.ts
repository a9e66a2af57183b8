// Inputs nested far deeper than MAX_DEPTH (json/depth), for the tests that prove every stage keeps them: 10,000
// levels overflowed JSON.stringify, String() of an array and the readers' recursion before values were cut.

/** `levels` arrays, one in the other, around `leaf`: `nestedArrays(2)` is `[[1]]`. */
export const nestedArrays = (levels: number, leaf = '1'): string => '['.repeat(levels) + leaf + ']'.repeat(levels);

/** `levels` objects `{"a": ...}`, one in the other, around `leaf`. */
export const nestedObjects = (levels: number, leaf = '1'): string => '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);

/** Deep enough to overflow every native walk measured (JSON.stringify's ~4,100 levels on Node's main thread). */
export const DEEP = 10_000;

/** 20 KB of `[` and `]`: JSON, but no history. */
export const nestedBrackets = nestedArrays(DEEP);

/** JSON Lines of LangChain message dicts: two good messages around one whose content nests DEEP levels. */
export const deepAmongGood = [
  JSON.stringify({ role: 'user', content: 'What is the weather in Paris?' }),
  `{"role": "assistant", "content": ${nestedArrays(DEEP, '"deep"')}}`,
  JSON.stringify({ role: 'assistant', content: 'Sunny, 21 degrees.' }),
].join('\n');

/** An OpenAI Chat history whose tool call's `arguments` string holds JSON nested DEEP levels. */
export const deepToolArguments = JSON.stringify({
  model: 'gpt-4o',
  messages: [
    { role: 'user', content: 'Look it up.' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: nestedObjects(DEEP) } }] },
    { role: 'tool', tool_call_id: 'call_1', content: 'found' },
    { role: 'assistant', content: 'Done.' },
  ],
});

const anthropicRequest = (input: string, result: string): string =>
  `{"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": [` +
  `{"role": "user", "content": "Look it up."},` +
  `{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": ${input}}]},` +
  `{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": ${result}}]},` +
  `{"role": "assistant", "content": [{"type": "text", "text": "Done."}]}]}`;

/** An Anthropic request whose `tool_result` content nests DEEP levels of lists around a text block. */
export const deepToolResult = anthropicRequest('{"q": "x"}', nestedArrays(DEEP, '{"type": "text", "text": "found"}'));

/** An Anthropic request whose `tool_use` input nests DEEP levels of objects. */
export const deepToolInput = anthropicRequest(nestedObjects(DEEP), '"found"');

/** The deep histories that are histories, by name. */
export const DEEP_HISTORIES = { deepAmongGood, deepToolArguments, deepToolResult, deepToolInput } as const;
