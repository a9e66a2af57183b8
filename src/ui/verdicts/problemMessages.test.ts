import { describe, expect, it } from 'vitest';
import { problemMessages } from './problemMessages';

const problem = (messageIndices: number[]) => ({ rule: 'orphan-tool-result' as const, error: 'e', messageIndices, ids: [], fix: 'f' });

describe('problemMessages', () => {
  it('keeps the finding message first and lists each message once', () => {
    expect(problemMessages(problem([5, 2, 5, 3]))).toEqual([5, 2, 3]);
  });

  it('drops the no-message position', () => {
    expect(problemMessages(problem([-1]))).toEqual([]);
  });
});
