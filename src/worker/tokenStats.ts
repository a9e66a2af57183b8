// The Tokens view's data, in a chunk of its own: loaded when the view first asks for it.
import { growthBuffers } from '../core/analytics/contextGrowth';
import { tokenStats, type TokenStats } from '../core/analytics/tokenStats';
import type { Transcript } from '../core/model';

/** The open conversation's token totals and context growth, with the growth's columns to transfer. */
export function tokenStatsReply(transcript: Transcript): { result: TokenStats; transfer: ArrayBuffer[] } {
  const result = tokenStats(transcript.messages, transcript.links);
  return { result, transfer: growthBuffers(result.growth) };
}
