import { describe, expect, it } from 'vitest';
import { CONTEXT_WINDOWS, contextWindowOf } from './contextWindows';

const tokensOf = (model: string) => contextWindowOf(model)?.tokens;

describe('contextWindowOf', () => {
  it('finds a model by its id, its dated snapshots and the ids routers and clouds give it', () => {
    expect(tokensOf('claude-sonnet-4-5')).toBe(200_000);
    expect(tokensOf('claude-sonnet-4-5-20250929')).toBe(200_000);
    expect(tokensOf('us.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBe(200_000);
    expect(tokensOf('claude-sonnet-4-5@20250929')).toBe(200_000);
    expect(tokensOf('anthropic/claude-sonnet-4.5')).toBe(200_000);
    expect(tokensOf('Claude-Opus-4-6')).toBe(1_000_000);
    expect(tokensOf('gpt-5-codex')).toBe(400_000);
    expect(tokensOf('models/gemini-2.5-pro')).toBe(1_048_576);
    expect(tokensOf('gemini-2.0-flash-001')).toBe(1_048_576);
    expect(tokensOf('gemini-2.0-flash-lite')).toBe(1_048_576);
  });

  it('the longest family wins: Sonnet 4.6 is not Sonnet 4.5 and Gemini 3.1 Pro is not Gemini 3 Pro', () => {
    expect(contextWindowOf('claude-sonnet-4-6')?.family).toBe('claude-sonnet-4-6');
    expect(contextWindowOf('gemini-2.0-flash-lite-001')?.family).toBe('gemini-2.0-flash-lite');
    expect(contextWindowOf('gemini-3.1-pro-preview')?.family).toBe('gemini-3.1-pro-preview');
  });

  it('another model of a family, or a model not listed, gets no window rather than a guess', () => {
    // An image model and a mini model share the id's start but not its window.
    expect(contextWindowOf('gemini-3-pro-image-preview')).toBeUndefined();
    expect(contextWindowOf('gpt-5-codex-mini')).toBeUndefined();
    // Version numbers are not dates: Sonnet 4.7 is not Sonnet 4 (nor 4.5).
    expect(contextWindowOf('claude-sonnet-4-5-7')).toBeUndefined();
    expect(contextWindowOf('bench-model-1')).toBeUndefined();
    expect(contextWindowOf('')).toBeUndefined();
  });

  it('every entry cites a provider page and the day it was read', () => {
    const providers = /^https:\/\/(?:platform\.claude\.com|developers\.openai\.com|ai\.google\.dev|docs\.cloud\.google\.com)\//;
    for (const entry of CONTEXT_WINDOWS) {
      expect(entry.source).toMatch(providers);
      expect(entry.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.tokens).toBeGreaterThan(0);
    }
    expect(new Set(CONTEXT_WINDOWS.map((e) => e.family)).size).toBe(CONTEXT_WINDOWS.length);
  });
});
