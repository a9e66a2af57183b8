import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const FIXTURES = join(import.meta.dirname, '../fixtures');

export function fixturePath(name: string): string {
  return join(FIXTURES, name);
}

export function fixtureText(name: string): string {
  return readFileSync(fixturePath(name), 'utf8');
}

/** Waits until the timeline shows a loaded history from `source` with `count` messages. */
export async function expectLoaded(page: Page, source: string, count: number): Promise<void> {
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready');
  await expect(timeline).toHaveAttribute('data-source', source);
  await expect(timeline).toHaveAttribute('data-message-count', String(count));
}

/** The sample a first visit opens (src/ui/load/samples.ts): the source it loads under and its messages. */
export const SAMPLE = { file: 'orphaned-call.langchain.json', source: 'samples/orphaned-call.langchain.json', count: 10 } as const;

/** Waits until the timeline shows the sample a first visit opens. */
export async function expectSample(page: Page): Promise<void> {
  await expectLoaded(page, SAMPLE.source, SAMPLE.count);
}

/** Opens the app and waits for the built-in sample, so every test starts from a loaded page. */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  if (path === '/') await expectSample(page);
}

/** The sample before the current ones (Chinese, no findings; public/samples/redis-logs.langchain.json), opened by its link. */
export const REDIS_SAMPLE = { path: '/?src=samples/redis-logs.langchain.json', source: 'samples/redis-logs.langchain.json', count: 5 } as const;

export async function openRedisSample(page: Page): Promise<void> {
  await page.goto(REDIS_SAMPLE.path);
  await expectLoaded(page, REDIS_SAMPLE.source, REDIS_SAMPLE.count);
}

export async function pasteIntoBox(page: Page, text: string): Promise<void> {
  await page.getByTestId('paste-input').fill(text);
  await page.getByTestId('paste-submit').click();
}

/** The element for message `index` (the timeline is virtualized, so only rendered cards exist). */
export function message(page: Page, index: number) {
  return page.locator(`[data-testid=message][data-index="${index}"]`);
}

/**
 * A LangChain stored-message history long enough that its end is off screen: `pairs` human/AI turns,
 * then an AI tool call nobody answers before the user's next turn, so the one error finding points far down the timeline.
 */
export function longHistory(pairs: number): { text: string; count: number; orphanIndex: number } {
  const messages: unknown[] = [];
  for (let i = 0; i < pairs; i++) {
    messages.push({ type: 'human', data: { content: `Question ${i}`, id: `h_${i}` } });
    messages.push({ type: 'ai', data: { content: `Answer ${i}`, id: `ai_${i}` } });
  }
  messages.push({
    type: 'ai',
    data: { content: '', id: 'ai_last', tool_calls: [{ name: 'lookup', args: { q: 'x' }, id: 'call_orphan', type: 'tool_call' }] },
  });
  // The user moves on without the call's result: an orphan (at the very end it would be pending).
  messages.push({ type: 'human', data: { content: 'Never mind.', id: 'h_last' } });
  return { text: JSON.stringify(messages, null, 1), count: messages.length, orphanIndex: messages.length - 2 };
}
