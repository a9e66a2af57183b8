// The documented context window of the model families a history most often names, for the line the
// context-growth chart draws. Each entry cites the provider's own page and the day it was read; a model
// not listed gets no window (the chart draws none) rather than a guess. docs/FORMATS.md, "Tokens and context
// windows", keeps the table.

/** A model's documented context window: how many tokens its input and output may hold together. */
export interface ContextWindow {
  /** The model id the entry is for, as the provider writes it (`claude-sonnet-4-5`). */
  family: string;
  tokens: number;
  /** The provider's page that says so. */
  source: string;
  /** The day that page was read (YYYY-MM-DD). */
  checked: string;
}

type Entry = readonly [family: string, tokens: number, source: string];

const CHECKED = '2026-12-02';

// Ids as the providers write them. A dated snapshot (`-20250929`, `-2024-08-06`, `-001`), `-latest`, or a
// Vertex `@version` after the id is the same model; any other suffix (`-image`, `-mini`, `-preview-05-06`) is
// another model, and without an entry of its own it gets no window.
const ENTRIES: readonly Entry[] = [
  // Anthropic: each model's overview page (Context window). Sonnet 4.5 takes 1M only with a beta header,
  // which a history does not record: its default, 200K, is the one drawn.
  ['claude-opus-5', 1_000_000, 'https://platform.claude.com/docs/zh-CN/models/opus-5/overview'],
  ['claude-sonnet-5', 1_000_000, 'https://platform.claude.com/docs/zh-CN/models/sonnet-5/overview'],
  ['claude-opus-4-6', 1_000_000, 'https://platform.claude.com/docs/en/models/opus-4-6/overview'],
  ['claude-sonnet-4-6', 1_000_000, 'https://platform.claude.com/docs/zh-CN/models/sonnet-4-6/overview'],
  ['claude-opus-4-5', 200_000, 'https://platform.claude.com/docs/pt-BR/models/opus-4-5/overview'],
  ['claude-sonnet-4-5', 200_000, 'https://platform.claude.com/docs/zh-TW/models/sonnet-4-5/overview'],
  ['claude-haiku-4-5', 200_000, 'https://platform.claude.com/docs/zh-CN/models/haiku-4-5/overview'],
  // OpenAI: the model's page (context window).
  ['gpt-5-codex', 400_000, 'https://developers.openai.com/api/docs/models/gpt-5-codex'],
  // Google: the model's page (input token limit).
  ['gemini-3.1-pro-preview', 1_048_576, 'https://ai.google.dev/gemini-api/docs/models/gemini-3.1-pro-preview'],
  ['gemini-3-pro-preview', 1_048_576, 'https://ai.google.dev/gemini-api/docs/models/gemini-3-pro-preview'],
  ['gemini-2.5-pro', 1_048_576, 'https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/gemini/2-5-pro'],
  ['gemini-2.0-flash', 1_048_576, 'https://ai.google.dev/gemini-api/docs/models/gemini-2.0-flash'],
  ['gemini-2.0-flash-lite', 1_048_576, 'https://ai.google.dev/gemini-api/docs/models/gemini-2.0-flash-lite'],
];

export const CONTEXT_WINDOWS: readonly ContextWindow[] = ENTRIES.map(([family, tokens, source]) => ({ family, tokens, source, checked: CHECKED }));

/** After the id: nothing, a dated snapshot, `-latest`, or a Vertex / Bedrock version. */
const SAME_MODEL = /^(?:$|-\d{3,}|-latest$|[@:])/;

/**
 * The id a history's model name stands for: lower case, without a router's or cloud's prefix
 * (`openrouter/anthropic/…`, `models/…`, Bedrock's `us.anthropic.…`), and with OpenRouter's dotted Claude
 * versions (`claude-sonnet-4.5`) written as Anthropic writes them.
 */
function modelId(model: string): string {
  let id = model.trim().toLowerCase();
  id = id.slice(id.lastIndexOf('/') + 1);
  const bedrock = id.indexOf('anthropic.');
  if (bedrock >= 0) id = id.slice(bedrock + 'anthropic.'.length);
  if (id.startsWith('claude-')) id = id.replace(/(\d)\.(\d)/g, '$1-$2');
  return id;
}

/** The documented window of `model`, or undefined when its family is not in the table. */
export function contextWindowOf(model: string): ContextWindow | undefined {
  const id = modelId(model);
  let best: ContextWindow | undefined;
  for (const entry of CONTEXT_WINDOWS) {
    if (!id.startsWith(entry.family) || !SAME_MODEL.test(id.slice(entry.family.length))) continue;
    if (best === undefined || entry.family.length > best.family.length) best = entry;
  }
  return best;
}
