// The timeline's view model: what a collapsed card holds and what the page needs to estimate a card's
// height before it is rendered. The worker fills the columns and cards with these; the timeline lays
// them out. They live in the protocol because both sides must agree on them.

/** Characters and lines of a message's text a collapsed card shows; cards carry at most CARD_CHARS. */
export const CARD_CHARS = 600;
export const CARD_LINES = 8;

/** Bits of the `flags` column: what a card shows besides its head and text, for height estimates. */
export const CARD_FLAG = {
  /** A tool result: the card names the call it answers. */
  resultRow: 1,
  /** Usage or model: the card has a footer. */
  footer: 2,
  /** Non-text blocks (images, reasoning…) listed under the text. */
  contentKinds: 4,
  problem: 8,
  /** A tool result whose status is `error`. */
  statusError: 16,
} as const;
