import { describe, expect, it } from 'vitest';
import { documentTitle, sourceName } from './sourceName';

describe('sourceName', () => {
  it.each([
    ['run.json', 'run.json'],
    ['run #2?.json', 'run #2?.json'],
    ['paste', 'Pasted text'],
    ['shared link', 'Shared link'],
    ['samples/orphaned-call.langchain.json', 'orphaned-call.langchain.json'],
    ['/__msgscope/history/agent-run.jsonl', 'agent-run.jsonl'],
    ['https://example.com/logs/2025/run%201.json?token=abc#m=3', 'run 1.json'],
    ['https://example.com/logs/', 'logs'],
    ['https://example.com/', 'example.com'],
    ['/histories/other.json', 'other.json'],
    ['https://example.com/%E0%A4%A.json', '%E0%A4%A.json'],
    ['//cdn.example.com/runs/a.json', 'a.json'],
    ['runs/a.json', 'runs/a.json'],
    ['history from https://notebook.example.com', 'history from https://notebook.example.com'],
    ['</title><x>/</x>.json', '</title><x>/</x>.json'],
  ])('%s is shown as %s', (source, name) => {
    expect(sourceName(source)).toBe(name);
  });

  it('names the tab after the history, and msgscope alone before one is open', () => {
    expect(documentTitle('/__msgscope/history/agent-run.jsonl')).toBe('agent-run.jsonl · msgscope');
    expect(documentTitle('')).toBe('msgscope');
    expect(documentTitle(undefined)).toBe('msgscope');
  });
});
