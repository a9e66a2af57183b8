// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildView } from '../worker/view';
import { followLink, WRITE_EVERY_MS } from './addressSync';
import { useStore } from './store';
import { testMessage, testTranscript } from './testing/transcript';

const view = () => buildView(testTranscript([testMessage(0, 'human'), testMessage(1, 'ai'), testMessage(2, 'tool'), testMessage(3, 'ai')]));
const at = (url: string): void => window.history.replaceState(null, '', url);
const address = (): string => window.location.search + window.location.hash;
const initial = useStore.getState();

beforeEach(() => {
  vi.useFakeTimers();
  useStore.setState(initial, true);
});
afterEach(() => vi.useRealTimers());

describe('the address follows the view', () => {
  it("restores the link's view, selects its message once its history is on screen, then writes every change", async () => {
    at('/?src=a.json#m=2&tab=providers&role=human,ai');
    const linked = { url: 'http://x.test/a.json' };
    useStore.setState({ lastInput: { input: linked, source: 'a.json' } });
    followLink(linked, { message: 2, tab: 'verdicts', hiddenRoles: ['system', 'tool', 'other'] });
    expect(useStore.getState()).toMatchObject({ sideTab: 'verdicts', hiddenRoles: ['system', 'tool', 'other'] });
    // Nothing on screen yet: the link's m= stays.
    expect(address()).toBe('?src=a.json#m=2&tab=providers&role=human,ai');
    useStore.setState({ view: view() });
    await Promise.resolve();
    expect(useStore.getState().selection).toEqual({ index: 2 });
    expect(address()).toBe('?src=a.json#m=2&tab=providers&role=human,ai');

    vi.advanceTimersByTime(WRITE_EVERY_MS);
    useStore.getState().select({ index: 3 });
    expect(address()).toBe('?src=a.json#m=3&tab=providers&role=human,ai');
    // Changes within the write interval are written together, the last one kept.
    useStore.getState().select({ index: 1 });
    useStore.getState().setSideTab('findings');
    expect(address()).toBe('?src=a.json#m=3&tab=providers&role=human,ai');
    vi.advanceTimersByTime(WRITE_EVERY_MS);
    expect(address()).toBe('?src=a.json#m=1&role=human,ai');
  });

  it('drops the link once another history replaces the one it opened', async () => {
    at('/?src=a.json#h=1.abc&s=x.y&m=1');
    const linked = { url: 'http://x.test/a.json' };
    useStore.setState({ lastInput: { input: linked, source: 'a.json' } });
    followLink(linked, { message: 1 });
    useStore.setState({ lastInput: { input: new Blob(['[]']), source: 'other.json' } });
    useStore.setState({ view: view(), selection: null });
    await Promise.resolve();
    // The other history is not the link's: its message is not selected, and the address no longer names the link's history.
    expect(useStore.getState().selection).toBeNull();
    expect(address()).toBe('#m=1');
    vi.advanceTimersByTime(WRITE_EVERY_MS);
    useStore.getState().select({ index: 0 });
    expect(address()).toBe('#m=0');
  });
});
