export { composeContext, computeComposition, CONTRIBUTORS_KEPT, MAX_TOOL_CATEGORIES } from './composition';
export type { CategoryKind, Composition, CompositionCategory, CompositionTurns } from './composition';
export { countMessages, messageTokens, newMessageCounts } from './messageTokens';
export type { MessageCounts, TokenCounter } from './messageTokens';
export { findAiTurns } from './turns';
export type { AiTurns } from './turns';
