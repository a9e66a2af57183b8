// How the composition names its categories, and the class that colours each (contextComposition.css).
import type { CompositionCategory } from '../../core/composition';

/** Tools with a colour of their own, in the order of `categories`; past these, they repeat. */
const TOOL_COLOURS = 10;

/** The left over's label: what a report counts that no message of the file holds. */
export const LEFTOVER_LABEL = 'Left over';
export const LEFTOVER_HINT = 'Reported input the messages do not account for: tool definitions, formatting, images and files, the tokenizers’ difference';

export function categoryLabel(category: CompositionCategory): string {
  switch (category.kind) {
    case 'system':
      return 'System prompt';
    case 'human':
      return 'Human turns';
    case 'ai':
      return 'AI turns';
    case 'tool':
      return category.name ?? 'tool';
    case 'otherTools':
      return 'Other tools';
    case 'other':
      return 'Other messages';
  }
}

/** One message of a category, as the contributors list names it: `Human`, `AI`, or its tool's name. */
export function messageLabel(category: CompositionCategory): string {
  switch (category.kind) {
    case 'system':
      return 'System prompt';
    case 'human':
      return 'Human';
    case 'ai':
      return 'AI';
    case 'tool':
    case 'otherTools':
      return category.name ?? 'Tool result';
    case 'other':
      return 'Other';
  }
}

/** A tool's results are labelled with its name; the legend says they are a tool's. */
export const isToolCategory = (category: CompositionCategory): boolean => category.kind === 'tool' || category.kind === 'otherTools';

/** The colour class of category `i` of `categories` (`-1`: the left over). */
export function categoryClass(categories: readonly CompositionCategory[], i: number): string {
  const category = categories[i];
  if (category === undefined) return 'cc-leftover';
  if (category.kind !== 'tool') return `cc-${category.kind}`;
  const tool = categories.slice(0, i).filter((c) => c.kind === 'tool').length;
  return `cc-tool-${tool % TOOL_COLOURS}`;
}
