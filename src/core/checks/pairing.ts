import type { ToolLink } from '../model';
import type { CallRef } from './rule';

export interface Pair {
  call: CallRef;
  result: number;
}

/** One id's calls and results matched in timeline order. */
export interface Pairing {
  /** A result after its call: each result answers the earliest call still waiting. */
  answered: readonly Pair[];
  /** Results that come before every call of their id, with the later call they belong to. */
  early: readonly Pair[];
  /** Results after every call of the id was already answered. */
  surplus: readonly number[];
  /** Calls with no result anywhere: neither after them nor an early one. */
  unanswered: readonly CallRef[];
}

const NONE: readonly never[] = Object.freeze([]);

/** Linear in the link's calls and results (both are already in timeline order). */
export function pairResults({ calls, results }: ToolLink): Pairing {
  // One call answered by one result after it is nearly every link: no queue to build (runChecks
  // pairs every link of a history).
  const [only] = calls;
  const [answer] = results;
  if (calls.length === 1 && results.length === 1 && only !== undefined && answer !== undefined && only.messageIndex <= answer) {
    return { answered: [{ call: only, result: answer }], early: NONE, surplus: NONE, unanswered: NONE };
  }
  const answered: Pair[] = [];
  const surplus: number[] = [];
  const earlyResults: number[] = [];
  const waiting: CallRef[] = [];
  let head = 0;
  let seen = 0;
  const issueUpTo = (index: number): void => {
    for (let next = calls[seen]; next !== undefined && next.messageIndex <= index; next = calls[++seen]) {
      waiting.push(next);
    }
  };
  for (const result of results) {
    issueUpTo(result);
    const call = waiting[head];
    if (call !== undefined) {
      answered.push({ call, result });
      head++;
    } else if (seen === 0) earlyResults.push(result);
    else surplus.push(result);
  }
  issueUpTo(Infinity);
  const early: Pair[] = [];
  for (const result of earlyResults) {
    // An early result stands for a call left waiting; when none is left it belongs to the first call.
    const call = waiting[head] ?? calls[0];
    if (head < waiting.length) head++;
    if (call !== undefined) early.push({ call, result });
  }
  return { answered, early, surplus, unanswered: waiting.slice(head) };
}
