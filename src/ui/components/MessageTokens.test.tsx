// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageTokens } from './MessageTokens';

afterEach(cleanup);

describe('MessageTokens', () => {
  it('names a compaction pass apart from the counts that include it', () => {
    const iterations = [
      { type: 'compaction', input: 60385, output: 592 },
      { type: 'message', input: 682, output: 1320 },
    ];
    render(<MessageTokens usage={{ input: 61067, output: 1912, total: 62979, totalReported: false, iterations }} cumulative={62979} />);
    const line = screen.getByTestId('message-tokens');
    expect(line.dataset.input).toBe('61067');
    expect(line.textContent).toContain('compaction in ');
    expect(line.textContent).not.toContain('message in');
  });
});
