// Every real file of fixtures/real, read in-process the way `msgscope check` reads it, against what was
// counted by hand in expected.json (the rules are at the top of fixtures/real/SOURCES.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport } from '../../src/cli/report';
import { listFormats } from '../../src/core/formats/registry';
import { importText } from '../../src/core/import';
import { judge, type Expected } from './judge.mjs';

const CORPUS = join(import.meta.dirname, '../../fixtures/real');
const expected = JSON.parse(readFileSync(join(CORPUS, 'expected.json'), 'utf8')) as Expected[];
const readers = new Set(listFormats().map((format) => format.name));

/**
 * Files msgscope does not read right yet, each with what is missing. The list only shrinks: a file that
 * starts to read right fails its test until it is taken off.
 */
const NOT_YET_READ = new Map<string, string>([
  ['vercel-ai/anthropic-programmatic-tool-calling.1.json', 'calls answered inside the code run flagged pending'],
  ['vercel-ai/anthropic-text.chunks.txt', 'no reader for Anthropic stream events'],
  ['vercel-ai/openai-mcp-tool-approval.1.json', 'mcp_list_tools and mcp_approval_request items read as messages of their own'],
  ['vercel-ai/openai-local-shell-tool.1.chunks.txt', 'no reader for Responses stream events'],
  ['vercel-ai/google-tool-call.chunks.txt', 'no reader for Gemini stream chunks'],
  ['vercel-ai/google-interactions-tool-call-step1.json', 'no reader for the Gemini Interactions API'],
  ['vercel-ai/langgraph-stream-react-agent-tool-calling.json', 'no reader for LangGraph stream recordings'],
  ['vercel-ai/langgraph-stream-hitl-interrupt.json', 'no reader for LangGraph stream recordings'],
  ['vercel-ai/ui-message-stream-react-agent-tool-calling.json', 'no reader for Vercel UI message streams'],
  ['openinference/anthropic-js-reasoning-tool-use-streaming.sse', 'SSE framing not read'],
  ['openinference/openinference_client_span_tool_calls.json', 'flat span attributes not read'],
  ['openinference/otel_genai_client_span_tool_calls.json', 'flat span attributes not read'],
  ['openinference/vercel-v6-spans-generateText-doGenerate.json', 'no reader for Vercel AI SDK spans'],
  ['otel-python-contrib/openai-chat-multiple-choices.response.json', 'n > 1 choices read as one conversation'],
  ['otel-python-contrib/openai-chat-multiple-tools-streaming.sse', 'SSE framing not read'],
  ['generative-ai-js/unary-failure-prompt-blocked-safety.json', 'a response blocked before any candidate is unreadable'],
  ['generative-ai-js/streaming-success-function-call-short.txt', 'SSE framing not read'],
  ['inspect-ai/log_message_deduplication.eval', 'zip archives not read'],
  ['swe-agent/function_calling_simple.traj', 'no reader for SWE-agent trajectories'],
  ['swe-agent/6e44b9__sweagenttestrepo-1c2844.traj', 'no reader for SWE-agent trajectories'],
  ['swe-agent/pydicom__pydicom-1458.traj', 'no reader for SWE-agent trajectories'],
  ['codemie-code/gemini-cli-session-2026-01-16T11-01-file-ops-37b7abef.json', 'no reader for Gemini CLI sessions'],
  ['codemie-code/codex-rollout-2026-05-11T13-28-45-019e1695-first-turn.jsonl', 'no reader for Codex rollouts'],
  ['openai-agents-js/v1.17-side-effect-committed.json', 'no reader for OpenAI Agents RunState'],
  ['openai-agents-js/v1.2-nested-approval.json', 'no reader for OpenAI Agents RunState'],
  ['langsmith-sdk/langsmith_js_wrap_openai_default.json', 'no reader for LangSmith ingest payloads'],
  ['langsmith-sdk/langsmith_js_wrap_openai_reasoning.json', 'no reader for LangSmith ingest payloads'],
  ['langsmith-sdk/anthropic_managed_custom_tools.jsonl', 'no reader for Anthropic managed-agent events'],
]);

function problemsOf(entry: Expected): string[] {
  const result = importText(readFileSync(join(CORPUS, entry.file), 'utf8'));
  if (!result.ok) return [`unreadable: ${result.error.message.split('\n')[0] ?? ''}`];
  return judge(entry, buildReport(result.transcript, result.conversations), result.transcript.messages, readers);
}

describe('the real corpus', () => {
  it('lists every file of fixtures/real once', () => {
    expect(new Set(expected.map((entry) => entry.file)).size).toBe(expected.length);
    for (const file of NOT_YET_READ.keys()) expect(expected.some((entry) => entry.file === file)).toBe(true);
  });

  it.each(expected.map((entry) => [entry.file, entry] as const))('%s', (file, entry) => {
    const problems = problemsOf(entry);
    if (NOT_YET_READ.has(file)) expect(problems, `${file} reads right now: take it off NOT_YET_READ`).not.toEqual([]);
    else expect(problems).toEqual([]);
  });
});
