// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card, MessageDetail, WorkerRequest, WorkerResponse } from '../protocol/workerApi';
import { ViewSession } from '../store/session';
import { useStore } from '../store/store';
import { testMessage, testView } from '../store/testing/transcript';
import { WorkerClient, type WorkerPort } from '../store/workerClient';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';

const COUNT = 4;
const view = testView(Array.from({ length: COUNT }, (_, i) => testMessage(i, i % 2 === 0 ? 'human' : 'ai', { text: `text of ${i}` })));

const card = (index: number): Card => ({ index, sourceType: 'human', text: `text of ${index}`, textLength: 9, contentKinds: [], calls: [] });
const detail = (index: number): MessageDetail => ({
  index,
  role: 'human',
  sourceType: 'human',
  location: { path: `[${index}]` },
  text: `text of ${index}`,
  blocks: [],
  calls: [],
  rawJson: `{\n  "raw": "message ${index}"\n}`,
});

/** A worker that answers details from `detail` and whose card #1 the page cannot draw (its calls are missing). */
class FakeWorker implements WorkerPort {
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(request: WorkerRequest): void {
    const facets = { tools: [], severities: { error: 0, warning: 0, info: 0 }, findings: 0, toolErrors: 0 };
    const result =
      request.method === 'detail'
        ? detail(request.params.index)
        : request.method === 'cards'
          ? request.params.indices.map(card)
          : request.method === 'searchFacets'
            ? facets
            : undefined;
    queueMicrotask(() => this.onmessage?.({ data: { id: request.id, kind: 'result', result } } as MessageEvent<WorkerResponse>));
  }
  terminate(): void {}
}

// What a worker of another version, or a bug on either side, could send: a card without its calls.
const broken = { ...card(1), calls: undefined } as unknown as Card;

beforeEach(() => {
  // React reports each caught render error on the console; the test looks at the page instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const firstCards = [card(0), broken, card(2), card(3)];
  const session = new ViewSession(new WorkerClient(new FakeWorker()), view, firstCards);
  useStore.setState({ ...useStore.getInitialState(), view, session, loadState: 'ready', loadSource: 'paste', transcriptSource: 'paste', transcriptVersion: 1 });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderPage = () =>
  render(
    <ErrorBoundary>
      <App />
    </ErrorBoundary>,
  );

describe('one bad card', () => {
  it('shows its error and raw JSON in its place; the other cards and the panels stay', async () => {
    renderPage();
    const failed = await screen.findByTestId('card-error');
    expect(failed.dataset.index).toBe('1');
    expect(failed.textContent).toMatch(/could not be drawn: .*(undefined|length)/);
    expect((await within(failed).findByTestId('card-error-json')).textContent).toBe('{\n  "raw": "message 1"\n}');

    expect(screen.queryByTestId('crash')).toBeNull();
    expect(screen.getAllByTestId('message').map((m) => m.dataset.index)).toEqual(['0', '2', '3']);
    expect(screen.getByText('text of 2')).toBeTruthy();
    expect(screen.getByTestId('findings')).toBeTruthy();
    expect(screen.getByTestId('detail')).toBeTruthy();
    expect(screen.getByTestId('format')).toBeTruthy();
  });

  it('a panel that throws shows its error in the panel; the other panels and the timeline stay', async () => {
    // A verdict without its problems: the Providers tab cannot draw it.
    const verdicts = [{ target: 'openai-chat', label: 'OpenAI Chat Completions', accepted: false }] as unknown as typeof view.verdicts;
    useStore.setState({ view: { ...view, verdicts } });
    renderPage();
    const failed = await screen.findByTestId('panel-error');
    expect(failed.dataset.panel).toBe('verdicts');
    expect(failed.textContent).toMatch(/^The provider verdicts could not be shown: /);
    expect(screen.queryByTestId('crash')).toBeNull();
    expect(screen.getByTestId('findings')).toBeTruthy();
    expect(screen.getAllByTestId('message').map((m) => m.dataset.index)).toEqual(['0', '2', '3']);
  });
});
