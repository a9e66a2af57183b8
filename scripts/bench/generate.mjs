// Generates a realistic LangChain stored-message history (messages_to_dict shape) for benchmarks:
// turns of human → AI with 1–3 parallel tool calls → tool results → AI answer, with usage_metadata.
// Deterministic (seeded) so every run measures the same bytes.

const WORDS = (
  'the agent called a tool to fetch logs from the cluster and found several timeouts while ' +
  'the cache layer reported misses so it retried with a smaller batch size before summarising ' +
  'results for the user including latency percentiles error counts and the suspected root cause'
).split(' ');
const TOOLS = ['search_docs', 'query_logs', 'read_file', 'run_sql', 'get_weather', 'http_get'];

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(rand, minWords, maxWords) {
  const n = minWords + Math.floor(rand() * (maxWords - minWords));
  const out = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]);
  return out.join(' ');
}

/** Returns an array of `count` LangChain stored messages. */
export function generateHistory(count, seed = 42) {
  const rand = rng(seed);
  const messages = [
    {
      type: 'system',
      data: { content: 'You are a careful operations agent. ' + sentence(rand, 20, 40), id: 'sys_0', additional_kwargs: {}, response_metadata: {} },
    },
  ];
  let turn = 0;
  let context = 800;
  while (messages.length < count) {
    turn++;
    messages.push({ type: 'human', data: { content: sentence(rand, 8, 40), id: `human_${turn}`, additional_kwargs: {}, response_metadata: {} } });
    const calls = 1 + Math.floor(rand() * 3);
    const toolCalls = [];
    for (let c = 0; c < calls; c++) {
      const name = TOOLS[Math.floor(rand() * TOOLS.length)];
      toolCalls.push({ name, args: { query: sentence(rand, 3, 8), limit: 1 + Math.floor(rand() * 50) }, id: `call_${turn}_${c}`, type: 'tool_call' });
    }
    const input = context + Math.floor(rand() * 400);
    const output = 20 + Math.floor(rand() * 120);
    context = input + output;
    messages.push({
      type: 'ai',
      data: {
        content: rand() < 0.5 ? '' : sentence(rand, 5, 30),
        id: `ai_${turn}_a`,
        tool_calls: toolCalls,
        invalid_tool_calls: [],
        usage_metadata: {
          input_tokens: input,
          output_tokens: output,
          total_tokens: input + output,
          input_token_details: { cache_read: Math.floor(input * 0.8) },
        },
        additional_kwargs: {},
        response_metadata: { finish_reason: 'tool_calls', model_name: 'bench-model-1' },
      },
    });
    for (const call of toolCalls) {
      messages.push({
        type: 'tool',
        data: {
          content: sentence(rand, 40, 160),
          tool_call_id: call.id,
          name: call.name,
          status: 'success',
          id: `tool_${call.id}`,
          additional_kwargs: {},
          response_metadata: {},
        },
      });
    }
    const input2 = context + Math.floor(rand() * 400);
    const output2 = 30 + Math.floor(rand() * 200);
    context = Math.min(input2 + output2, 120_000);
    messages.push({
      type: 'ai',
      data: {
        content: sentence(rand, 20, 90),
        id: `ai_${turn}_b`,
        tool_calls: [],
        invalid_tool_calls: [],
        usage_metadata: { input_tokens: input2, output_tokens: output2, total_tokens: input2 + output2 },
        additional_kwargs: {},
        response_metadata: { finish_reason: 'stop', model_name: 'bench-model-1' },
      },
    });
  }
  return messages.slice(0, count);
}

/** JSON text with one message per line inside a top-level array (as `json.dumps(..., indent=None)` per line would give). */
export function historyText(count, seed) {
  return (
    '[\n' +
    generateHistory(count, seed)
      .map((m) => JSON.stringify(m))
      .join(',\n') +
    '\n]\n'
  );
}
