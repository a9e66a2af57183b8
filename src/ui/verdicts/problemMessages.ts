import type { Verdict } from '../../core/model';

type Problem = Verdict['problems'][number];

/**
 * The messages a problem concerns, each once, the finding's own message first. A finding about the
 * input as a whole has no message (index -1) and gets no link.
 */
export function problemMessages(problem: Problem): number[] {
  return [...new Set(problem.messageIndices)].filter((index) => index >= 0);
}
