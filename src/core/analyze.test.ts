import { describe, expect, it } from 'vitest';
import { buildTranscript } from './analyze';
import { toolErrorRetry } from './testing/fixtureModels';

describe('buildTranscript', () => {
  it('links, checks and totals the messages', () => {
    const t = buildTranscript({ name: 'langchain-serialized', label: 'LangChain serialized' }, toolErrorRetry);
    expect(t.format).toBe('langchain-serialized');
    expect(t.formatLabel).toBe('LangChain serialized');
    expect(t.messages).toBe(toolErrorRetry);
    expect(t.links.values().map((link) => link.id)).toEqual(['call_order_1', 'call_bad_2', 'call_order_2']);
    expect(t.findings.map((f) => f.rule)).toEqual(['invalid-tool-call', 'tool-error']);
    expect(t.tokens.totals).toMatchObject({ input: 8727, output: 254, total: 8981 });
  });
});
