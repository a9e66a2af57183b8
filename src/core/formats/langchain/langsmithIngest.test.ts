import { describe, expect, it } from 'vitest';
import wrapDefault from '../../../../fixtures/real/langsmith-sdk/langsmith_js_wrap_openai_default.json?raw';
import wrapReasoning from '../../../../fixtures/real/langsmith-sdk/langsmith_js_wrap_openai_reasoning.json?raw';
import { input, json, rules, transcript } from '../../testing/importing';
import { langsmithIngest } from './langsmithIngest';

describe('langsmith-ingest real files (docs/FORMATS.md, "LangChain")', () => {
  it('joins the run create in "post" and its update in "patch": inputs from one, the completion from the other', () => {
    const t = transcript(wrapDefault);
    expect([t.format, t.formatLabel, t.kind]).toEqual(['langsmith-ingest', 'LangSmith ingest payload', 'history']);
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', 'howdy', 'post[0].inputs.messages[0]'],
      ['ai', 'Howdy! How can I assist you today?', 'patch[0].outputs.choices[0].message'],
    ]);
    expect(t.messages[1]).toMatchObject({ model: 'gpt-4o-mini', usage: { input: 9, output: 9, total: 18 } });
    expect(rules(t)).toEqual([]);
  });

  it('reads the reasoning call, its reasoning tokens from the update', () => {
    const t = transcript(wrapReasoning);
    expect(t.format).toBe('langsmith-ingest');
    expect(t.messages.map((m) => m.role)).toEqual(['human', 'ai']);
    expect(t.messages[0]?.text).toContain("takes a matrix represented as a string with format '[1,2],[3,4],[5,6]'");
    expect(t.messages[1]?.text).toContain('### Script: `transpose_matrix.sh`');
    expect(t.messages[1]?.usage).toMatchObject({ input: 43, output: 1901, reasoning: 960 });
  });
});

describe('langsmith-ingest shapes', () => {
  const run = (id: string, order: string, extra: Record<string, unknown>) => ({ id, trace_id: 't', dotted_order: order, ...extra });

  it('matches updates by id, orders the trace by dotted_order and rebuilds it from its LLM runs', () => {
    const body = {
      post: [
        run('b', '20250101T000002Z0000000b', {
          run_type: 'llm',
          inputs: {
            messages: [
              { role: 'user', content: 'hi' },
              { role: 'assistant', content: 'hello' },
              { role: 'user', content: 'bye' },
            ],
          },
        }),
        run('a', '20250101T000001Z0000000a', { run_type: 'llm', inputs: { messages: [{ role: 'user', content: 'hi' }] } }),
      ],
      patch: [
        run('a', '20250101T000001Z0000000a', { outputs: { choices: [{ message: { role: 'assistant', content: 'hello' } }] } }),
        run('b', '20250101T000002Z0000000b', { outputs: { choices: [{ message: { role: 'assistant', content: 'ciao' } }] } }),
      ],
    };
    const t = transcript(json(body));
    expect(t.format).toBe('langsmith-ingest');
    expect(t.messages.map((m) => [m.role, m.text, m.location.path])).toEqual([
      ['human', 'hi', 'post[1].inputs.messages[0]'],
      ['ai', 'hello', 'patch[0].outputs.choices[0].message'],
      ['human', 'bye', 'post[0].inputs.messages[2]'],
      ['ai', 'ciao', 'patch[1].outputs.choices[0].message'],
    ]);
  });

  it('passes on the conversations of its runs: a model call inside a tool run is under the call it answers', () => {
    const body = {
      post: [
        run('a', '20250101T000001Z0000000a', {
          run_type: 'llm',
          inputs: { messages: [{ role: 'user', content: 'Summarize the report' }] },
          outputs: {
            choices: [
              {
                message: {
                  role: 'assistant',
                  content: null,
                  tool_calls: [{ id: 'call_s', type: 'function', function: { name: 'summarize', arguments: '{}' } }],
                },
              },
            ],
          },
        }),
        run('t', '20250101T000002Z0000000t', { run_type: 'tool', name: 'summarize', inputs: {} }),
        run('b', '20250101T000002Z0000000t.20250101T000003Z0000000b', {
          run_type: 'llm',
          parent_run_id: 't',
          inputs: { messages: [{ role: 'user', content: 'Summarize: sales rose 4%.' }] },
          outputs: { choices: [{ message: { role: 'assistant', content: 'Sales rose.' } }] },
        }),
      ],
    };
    const output = langsmithIngest.read(input(body));
    expect(output.conversations).toEqual([
      { label: 'conversation 1', start: 0, end: 2 },
      { label: 'conversation 2', start: 2, end: 4, parent: { conversation: 0, toolCallId: 'call_s' } },
    ]);
  });

  it('reads an update with no create on its own, and says so', () => {
    const body = { post: [], patch: [run('x', '20250101T000001Z0000000x', { run_type: 'llm', inputs: { messages: [{ role: 'user', content: 'q' }] } })] };
    const t = transcript(json(body));
    expect(t.messages.map((m) => m.text)).toEqual(['q']);
    expect(t.notes).toEqual(['1 run update in "patch" had no create in "post" and was read on its own.']);
  });
});
