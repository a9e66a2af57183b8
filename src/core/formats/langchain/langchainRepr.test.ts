import { describe, expect, it } from 'vitest';
import redisJson from '../../../../fixtures/redis-logs.langchain.json?raw';
import redisPython from '../../../../fixtures/redis-logs.python.txt?raw';
import clean from '../../../../fixtures/formats/langchain-repr/clean.txt?raw';
import fault from '../../../../fixtures/formats/langchain-repr/fault.txt?raw';
import toolCalls from '../../../../fixtures/formats/langchain-repr/tool-calls.txt?raw';
import type { Message } from '../../model';
import { allRules, transcript, where } from '../../testing/importing';
import { STORED_1A } from '../../testing/samples';
import { langchainPretty } from './langchainPretty';
import { langchainRepr } from './langchainRepr';

const read = (text: string) => langchainRepr.readText(text).messages;

/** What a message says, whatever form it was written in: everything but raw, location and the type name as written. */
const meaning = (m: Message) => ({
  index: m.index,
  role: m.role,
  id: m.id,
  name: m.name,
  text: m.text,
  content: m.content,
  toolCalls: m.toolCalls,
  invalidToolCalls: m.invalidToolCalls,
  toolCallId: m.toolCallId,
  status: m.status,
  usage: m.usage,
  model: m.model,
  problem: m.problem,
});

// docs/FORMATS.md, "LangChain", verbatim: langchain-core 1.x repr (of the run testing/samples.ts holds as messages_to_dict JSON).
const REPR_1X = fault;

// docs/FORMATS.md, "LangChain", verbatim: a 0.3 AIMessage as pasted (empty invalid_tool_calls and `example` left out; `…` elisions as quoted).
const REPR_03 = `AIMessage(content='', additional_kwargs={'tool_calls': [{'id': 'call_iXj…', 'function': {'arguments': '{"a":3,"b":12}', 'name': 'multiply'}, 'type': 'function'}], 'refusal': None}, response_metadata={'token_usage': {…}, 'model_name': 'gpt-4o-mini-2024-07-18', 'system_fingerprint': 'fp_…', 'finish_reason': 'tool_calls', 'logprobs': None}, id='run-0b62…-0', tool_calls=[{'name': 'multiply', 'args': {'a': 3, 'b': 12}, 'id': 'call_iXj…', 'type': 'tool_call'}], usage_metadata={'input_tokens': 80, 'output_tokens': 17, 'total_tokens': 97})`;

describe('langchain-repr fixtures', () => {
  it('reads clean.txt (1.x print(messages)) with no findings', () => {
    const t = transcript(clean);
    expect([t.format, t.formatLabel]).toEqual(['langchain-repr', 'LangChain Python repr']);
    expect(t.messages.map((m) => [m.role, m.sourceType, m.id, m.text])).toEqual([
      ['system', 'SystemMessage', undefined, 'You are helpful.'],
      ['human', 'HumanMessage', 'h1', 'What is 2+2?'],
      ['ai', 'AIMessage', 'lc_run--abc-0', ''],
      ['tool', 'ToolMessage', undefined, '4'],
      ['ai', 'AIMessage', undefined, 'The answer is 4.'],
    ]);
    expect(t.links.get('call_1')).toEqual({ id: 'call_1', calls: [{ messageIndex: 2, callIndex: 0 }], results: [3] });
    // repr() leaves out a ToolMessage's default status.
    expect(t.messages[3]).toMatchObject({ toolCallId: 'call_1', status: 'success', name: 'add' });
    expect(t.findings).toEqual([]);
    expect(t.tokens.totals).toMatchObject({ input: 10, output: 5, total: 15, cacheRead: 3, reasoning: 2, messagesWithUsage: 1 });
  });

  it('reads tool-calls.txt (0.3, one message per line, parallel calls)', () => {
    const t = transcript(toolCalls);
    expect(t.format).toBe('langchain-repr');
    expect(t.messages.map((m) => [m.role, m.toolCallId ?? null])).toEqual([
      ['human', null],
      ['ai', null],
      ['tool', 'call_iXj4DiW1p7WLjTAQMRO0jxMs'],
      ['tool', 'call_pT0CnHwwf6rD2ZUNMYEP5lHZ'],
      ['ai', null],
    ]);
    expect(where(t.messages)).toEqual(['line 1@1:1', 'line 2@2:1', 'line 3@3:1', 'line 4@4:1', 'line 5@5:1']);
    expect(t.messages[1]?.toolCalls.map((c) => [c.id, c.name, c.args])).toEqual([
      ['call_iXj4DiW1p7WLjTAQMRO0jxMs', 'multiply', { a: 3, b: 12 }],
      ['call_pT0CnHwwf6rD2ZUNMYEP5lHZ', 'add', { a: 11, b: 49 }],
    ]);
    expect(t.messages[1]).toMatchObject({ model: 'gpt-4o-mini-2024-07-18', usage: { input: 87, output: 50, total: 137 } });
    // Not a literal, kept as its text inside the parsed artifact.
    expect(t.messages[3]?.raw).toMatchObject({
      parsed: { artifact: { expr: '11 + 49', at: 'datetime.datetime(2025, 1, 1, 0, 0, tzinfo=datetime.timezone.utc)' } },
    });
    expect(t.findings).toEqual([]);
    expect(t.tokens.totals).toMatchObject({ input: 258, output: 68, total: 326, messagesWithUsage: 2 });
  });

  it('reads fault.txt (langchain-core 1.2.6 output, verbatim) and flags the invalid call and the error result', () => {
    const t = transcript(fault);
    expect(allRules(t)).toEqual([
      ['invalid-tool-call', 2, 'call_2'],
      ['tool-error', 4, 'call_2'],
    ]);
    expect(t.messages[2]?.invalidToolCalls).toMatchObject([{ id: 'call_2', name: 'mul', argsText: '{bad', error: 'bad json', invalid: true }]);
    expect(t.messages[4]).toMatchObject({ toolCallId: 'call_2', status: 'error' });
  });
});

describe('langchain-repr reads what the JSON forms read', () => {
  it('1.x repr = the same run as messages_to_dict', () => {
    const fromRepr = transcript(REPR_1X);
    const fromJson = transcript(STORED_1A);
    expect(fromJson.format).toBe('langchain-stored');
    // The repr has one more message (the final answer), which 1a does not show.
    expect(fromRepr.messages.slice(0, 5).map(meaning)).toEqual(fromJson.messages.map(meaning));
  });

  it('redis-logs.python.txt = redis-logs.langchain.json: messages, links, tool calls, tokens and findings', () => {
    const fromRepr = transcript(redisPython);
    const fromJson = transcript(redisJson);
    expect(fromRepr.format).toBe('langchain-repr');
    expect(fromRepr.messages.map(meaning)).toEqual(fromJson.messages.map(meaning));
    expect(fromRepr.links.values()).toEqual(fromJson.links.values());
    expect(fromRepr.tokens).toEqual(fromJson.tokens);
    expect(fromRepr.findings).toEqual(fromJson.findings);
    expect(fromRepr.messages.map((m) => m.sourceType)).toEqual(['SystemMessage', 'HumanMessage', 'AIMessage', 'ToolMessage', 'AIMessage']);
    expect(where(fromRepr.messages)).toEqual(['[0]@1:2', '[1]@1:165', '[2]@1:306', '[3]@1:766', '[4]@1:990']);
  });

  it('keeps the pasted text and the parsed object in raw', () => {
    const [message] = read("[ToolMessage(content='foo', tool_call_id='1', artifact={'bar': {'baz': 123}})]");
    expect(message?.raw).toEqual({
      repr: "ToolMessage(content='foo', tool_call_id='1', artifact={'bar': {'baz': 123}})",
      parsed: { __class__: 'ToolMessage', content: 'foo', tool_call_id: '1', artifact: { bar: { baz: 123 } } },
    });
  });
});

describe('langchain-repr forms', () => {
  it('reads a 0.3 AIMessage on its own (as pasted, verbatim)', () => {
    const [message] = read(REPR_03);
    expect(message).toMatchObject({
      role: 'ai',
      sourceType: 'AIMessage',
      id: 'run-0b62…-0',
      model: 'gpt-4o-mini-2024-07-18',
      toolCalls: [{ id: 'call_iXj…', name: 'multiply', args: { a: 3, b: 12 } }],
      invalidToolCalls: [],
      usage: { input: 80, output: 17, total: 97 },
      location: { path: 'line 1', line: 1, column: 1 },
    });
    expect(message?.problem).toBeUndefined();
    // 0.3 HumanMessage/AIMessage print `example=True` when set; it is no message field of the model.
    expect(read("HumanMessage(content='hi', additional_kwargs={}, response_metadata={}, example=True)")[0]).toMatchObject({ role: 'human', text: 'hi' });
  });

  it('reads LangGraph state dicts and names the path', () => {
    const text =
      "{'messages': [HumanMessage(content='hi', additional_kwargs={}, response_metadata={}, id='1'),\n  AIMessage(content='hello', additional_kwargs={}, response_metadata={}, id='2', tool_calls=[], invalid_tool_calls=[])], 'remaining_steps': 24}";
    const messages = read(text);
    expect(messages.map((m) => [m.role, m.text])).toEqual([
      ['human', 'hi'],
      ['ai', 'hello'],
    ]);
    expect(where(messages)).toEqual(['messages[0]@1:15', 'messages[1]@2:3']);
  });

  it('reads stream updates printed one per line', () => {
    const text = [
      "{'agent': {'messages': [AIMessage(content='', additional_kwargs={}, response_metadata={}, id='a1', tool_calls=[{'name': 'add', 'args': {'a': 1}, 'id': 'c1', 'type': 'tool_call'}], invalid_tool_calls=[])]}}",
      "{'tools': {'messages': [ToolMessage(content='2', name='add', id='t1', tool_call_id='c1')]}}",
    ].join('\n');
    const t = transcript(text);
    expect(t.messages.map((m) => [m.role, m.id, m.location.path])).toEqual([
      ['ai', 'a1', 'line 1 agent.messages[0]'],
      ['tool', 't1', 'line 2 tools.messages[0]'],
    ]);
    expect(t.links.get('c1')?.results).toEqual([1]);
  });

  it('reads every message class, chunks and positional content', () => {
    const text = [
      "ChatMessage(content='Looks good.', additional_kwargs={}, response_metadata={}, role='critic')",
      "FunctionMessage(content='42', additional_kwargs={}, response_metadata={}, name='calculator')",
      "AIMessageChunk(content='part', additional_kwargs={}, response_metadata={}, id='run-1', tool_calls=[], invalid_tool_calls=[], tool_call_chunks=[])",
      "RemoveMessage(content='', additional_kwargs={}, response_metadata={}, id='__remove_all__')",
      "HumanMessage('typed by hand')",
      "ToolMessageChunk(content='x', tool_call_id='c', status='error')",
    ].join('\n');
    expect(read(text).map((m) => [m.role, m.sourceType, m.name, m.text, m.id, m.status, m.problem])).toEqual([
      ['other', 'ChatMessage', undefined, 'Looks good.', undefined, undefined, undefined],
      ['tool', 'FunctionMessage', 'calculator', '42', undefined, undefined, undefined],
      ['ai', 'AIMessageChunk', undefined, 'part', 'run-1', undefined, undefined],
      ['other', 'RemoveMessage', undefined, '', '__remove_all__', undefined, undefined],
      ['human', 'HumanMessage', undefined, 'typed by hand', undefined, undefined, undefined],
      ['tool', 'ToolMessageChunk', undefined, 'x', undefined, 'error', undefined],
    ]);
  });

  it('reads list content and reasoning blocks as the JSON forms do', () => {
    const text =
      "AIMessage(content=[{'type': 'thinking', 'thinking': 'Add them.', 'signature': 'sig'}, {'type': 'text', 'text': 'It is 4.'}], additional_kwargs={}, response_metadata={'model_name': 'claude-sonnet-4-5'}, tool_calls=[], invalid_tool_calls=[])";
    const [message] = read(text);
    expect(message?.content.map((block) => [block.kind, block.text])).toEqual([
      ['reasoning', 'Add them.'],
      ['text', 'It is 4.'],
    ]);
    expect(message?.text).toBe('It is 4.');
  });

  it('reads pydantic str() when the fields tell the class, and says why when they do not', () => {
    const text = [
      "content='foo' tool_call_id='1' artifact={'bar': {'baz': 123}}",
      "content='hi' additional_kwargs={} response_metadata={}",
      "content='' additional_kwargs={} response_metadata={} id='a' tool_calls=[{'name': 'f', 'args': {}, 'id': '2', 'type': 'tool_call'}] invalid_tool_calls=[]",
    ].join('\n');
    expect(langchainRepr.detectText(text)).toBe(90);
    const messages = read(text);
    expect(messages.map((m) => [m.role, m.sourceType, m.toolCallId, m.status, m.location.line])).toEqual([
      ['tool', 'tool', '1', 'success', 1],
      ['other', '(unrecognized)', undefined, undefined, 2],
      ['ai', 'ai', undefined, undefined, 3],
    ]);
    expect(messages[1]?.problem).toMatch(/^str\(\) output has no class name/);
    expect(messages[1]?.raw).toEqual({
      repr: "content='hi' additional_kwargs={} response_metadata={}",
      parsed: { content: 'hi', additional_kwargs: {}, response_metadata: {} },
    });
  });
});

describe('langchain-repr on broken text', () => {
  it('reads the messages before a truncated one and keeps the rest with line:column', () => {
    const text = "[HumanMessage(content='hi', additional_kwargs={}, response_metadata={}),\n AIMessage(content='hello, how can I he";
    const t = transcript(text);
    expect(t.format).toBe('langchain-repr');
    expect(t.messages.map((m) => [m.role, m.sourceType, m.text])).toEqual([
      ['human', 'HumanMessage', 'hi'],
      ['other', '(unrecognized)', "AIMessage(content='hello, how can I he"],
    ]);
    expect(t.messages[1]).toMatchObject({
      problem: "could not be parsed: line 2, column 20: unterminated string: no closing '",
      location: { path: 'line 2', line: 2, column: 2 },
      raw: { repr: "AIMessage(content='hello, how can I he" },
    });
    expect(allRules(t)).toEqual([['unrecognized-message', 1, undefined]]);
  });

  it('keeps text around the messages that is not structure', () => {
    const text = ">>> print(result)\n{'messages': [HumanMessage(content='hi'), AIMessage(content='yo', tool_calls=[], invalid_tool_calls=[])]}\n>>> ";
    expect(langchainRepr.detectText(text)).toBe(60);
    const messages = read(text);
    expect(messages.map((m) => [m.role, m.text, m.problem])).toEqual([
      ['other', '>>> print(result)', 'could not be parsed: line 1, column 1: expected a Python value such as `[...]`, `{...}` or `AIMessage(...)`'],
      ['human', 'hi', undefined],
      ['ai', 'yo', undefined],
      ['other', '>>>', 'not part of a LangChain message repr'],
    ]);
    expect(where(messages)).toEqual(['line 1@1:1', 'line 2@2:15', 'line 2@2:43', 'line 3@3:1']);
  });

  it('reads IPython output, its Out[n]: prompt being no content', () => {
    const text = "Out[3]: \n[HumanMessage(content='hi'),\n AIMessage(content='yo', tool_calls=[], invalid_tool_calls=[])]";
    expect(langchainRepr.detectText(text)).toBe(100);
    expect(read(text).map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', 'hi', 'line 2'],
      ['ai', 'yo', 'line 3'],
    ]);
  });

  it('keeps list elements that are not messages', () => {
    const messages = read("[HumanMessage(content='hi'), 'stray', UUID('8c1f')]");
    expect(messages.map((m) => [m.role, m.location.path, m.problem])).toEqual([
      ['human', '[0]', undefined],
      ['other', '[1]', 'expected a LangChain message such as `AIMessage(...)`, found a string'],
      ['other', '[2]', 'expected a LangChain message such as `AIMessage(...)`, found `UUID(...)`'],
    ]);
  });

  it('reads a message whose fields readMessage rejects as unrecognized, saying why', () => {
    const [message] = read("AIMessage(id='x', additional_kwargs={})");
    expect(message).toMatchObject({ role: 'other', problem: 'missing `content`', raw: { repr: "AIMessage(id='x', additional_kwargs={})" } });
  });

  it('keeps a whole text it cannot read, when the format is chosen by hand', () => {
    const t = transcript('just some words', 'langchain-repr');
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]).toMatchObject({ role: 'other', text: 'just some words' });
    expect(t.messages[0]?.problem).toMatch(/^could not be parsed: line 1, column 6: expected a line break after the value/);
  });
});

describe('langchain-repr recovery stays linear', () => {
  // Recovery parses again from every message start, nested ones included. Each of these parses read on to
  // the same far break (an unclosed bracket at the end, found again by a scan for its partner), and each
  // error counted the lines up to its place: 600 KB took 12-35 s, and these would take minutes.
  it('recovers from 4 MB of message starts nested and never closed', { timeout: 60_000 }, () => {
    const messages = read('AIMessage(content=['.repeat(210_000));
    expect(messages).toHaveLength(210_000);
    expect(messages.every((m) => m.role === 'other' && m.problem?.startsWith('could not be parsed: ') === true)).toBe(true);
  });

  it('recovers from 2 MB of message starts inside a string that never closes', { timeout: 60_000 }, () => {
    const messages = read(`AIMessage(content='${'AIMessage('.repeat(200_000)}`);
    expect(messages).toHaveLength(200_001);
    expect(messages[0]?.problem).toMatch(/unterminated string/);
  });

  it('recovers from 4 MB of lines of nested messages left open', { timeout: 60_000 }, () => {
    const line = `HumanMessage(content=[${'AIMessage(content=['.repeat(9)}`;
    const messages = read(Array.from({ length: 20_000 }, () => line).join('\n'));
    expect(messages).toHaveLength(200_000);
  });

  // Each error counted the lines up to its offset: 2 MB of broken messages took 42 s, this would take minutes.
  it('recovers from 4 MB of messages that each break, naming the line and column of each', { timeout: 60_000 }, () => {
    const messages = read('AIMessage(content=)\n'.repeat(200_000));
    expect(messages).toHaveLength(200_000);
    expect(messages.at(-1)?.problem).toBe('could not be parsed: line 200000, column 19: expected a value');
  });

  it('reads a raw string inside an expression as written: its escapes are not read again as a plain string', () => {
    const messages = read("[AIMessage(content=[[r'\\xZZ'] y]), HumanMessage(content='x')]");
    expect(messages.map((m) => [m.role, m.text, m.problem])).toEqual([
      ['ai', "[r'\\xZZ'] y", undefined],
      ['human', 'x', undefined],
    ]);
  });
});

describe('langchain-repr detection', () => {
  it('is certain of a paste that starts with messages', () => {
    for (const text of [clean, toolCalls, redisPython, REPR_03, "{'messages': [HumanMessage(content='hi')]}", "  [\nAIMessage(id='1', content='')]"]) {
      expect(langchainRepr.detectText(text)).toBe(100);
    }
  });

  it('leaves near misses alone', () => {
    const nearMisses = [
      'I built an AIMessage with tool calls and it failed.',
      'AIMessage {\n  "id": "run-1",\n  "content": "hi"\n}',
      'messages = [HumanMessage("hi")]',
      "content='hi' additional_kwargs={} response_metadata={}",
      'class MyMessage(BaseModel):\n    content: str',
      '',
    ];
    for (const text of nearMisses) expect(langchainRepr.detectText(text)).toBe(0);
  });

  it('scores pretty_print output below the pretty adapter even when a body quotes a repr', () => {
    const pretty = "================================ Human Message =================================\n\nWhy does HumanMessage(content='hi') fail?";
    expect(langchainRepr.detectText(pretty)).toBe(60);
    expect(langchainPretty.detectText(pretty)).toBe(100);
    expect(transcript(pretty).format).toBe('langchain-pretty');
  });

  it('is not asked about JSON', () => {
    expect(transcript(redisJson).format).toBe('langchain-stored');
  });
});
