// The targets msgscope judges a history against: would each accept it as its next request? The order
// here is the order of the verdicts in the app and the CLI.
import type { ProviderTarget } from '../model';

export const TARGETS: readonly ProviderTarget[] = ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'langgraph'];

export const TARGET_LABELS: Readonly<Record<ProviderTarget, string>> = {
  'openai-chat': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini',
  langgraph: "LangGraph's create_react_agent",
};
