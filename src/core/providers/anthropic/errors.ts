// What Anthropic Messages answers to a broken history. Positions (`messages.N.content.M`) are those of
// the request the history becomes (requestLayout), so an error names the spot the exported request has.
import type { Rejection } from '../../model';

/** `turn` is the position of the assistant message holding the tool_use in the Anthropic request. */
export const anthropicMissingResult = (turn: number, id: string): Rejection => ({
  target: 'anthropic',
  error: `messages.${turn}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${id}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
});

export const anthropicUnexpectedResult = (turn: number, block: number, id: string): Rejection => ({
  target: 'anthropic',
  error: `messages.${turn}.content.${block}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
});

/** `toolUses` is how many tool_use blocks the assistant message before `turn` holds. */
export const anthropicResultsNotFirst = (turn: number, toolUses: number): Rejection => ({
  target: 'anthropic',
  error: `messages.${turn}: Did not find ${toolUses} \`tool_result\` block(s) at the beginning of this message. Messages following \`tool_use\` blocks must begin with a matching number of \`tool_result\` blocks.`,
});

/**
 * docs/FORMATS.md, "Anthropic Messages": a `thinking` block whose `signature` (a `redacted_thinking` block
 * whose `data`) is left out fails validation as a missing field; one sent with the field empty fails the
 * check of what it holds. `value` is what the block holds there.
 */
export const anthropicThinkingSignature = (turn: number, block: number, type: string, field: string, value: unknown): Rejection => ({
  target: 'anthropic',
  error:
    value === undefined
      ? `messages.${turn}.content.${block}.${type}.${field}: Field required`
      : typeof value === 'string'
        ? `messages.${turn}.content.${block}: Invalid \`${field}\` in \`${type}\` block`
        : `messages.${turn}.content.${block}: a \`${type}\` block whose \`${field}\` is not a string (no verbatim error text on record: thinking blocks must be sent back unmodified, ${field} included)`,
});

/**
 * What older API versions and Amazon Bedrock answer; the current API combines consecutive same-role turns and
 * takes an assistant first turn, so these are warnings.
 */
export const ANTHROPIC_FIRST_USER = 'messages: first message must use the "user" role';
export const anthropicAlternate = (role: 'user' | 'assistant'): string =>
  `messages: roles must alternate between "user" and "assistant", but found multiple "${role}" roles in a row`;

/** docs/FORMATS.md, "Anthropic Messages": an assistant message with no content that is not the request's last. */
export const anthropicEmptyContent = (turn: number): Rejection => ({
  target: 'anthropic',
  error: `messages.${turn}: all messages must have non-empty content except for the optional final assistant message`,
});

/** docs/FORMATS.md, "Anthropic Messages": a text block whose text is empty. */
export const ANTHROPIC_EMPTY_TEXT_BLOCK: Rejection = { target: 'anthropic', error: 'messages: text content blocks must be non-empty' };

/**
 * docs/FORMATS.md, "Anthropic Messages": no report quotes Anthropic's answer to a `tool_result` block
 * in an assistant message whose call it cannot find; with the call found, the answer is anthropicMissingResult.
 */
export const anthropicResultInAssistant = (path: string): Rejection => ({
  target: 'anthropic',
  error: `${path}: a \`tool_result\` block in an assistant message (no verbatim error text on record: tool_result blocks go in the user message after the tool_use)`,
});
