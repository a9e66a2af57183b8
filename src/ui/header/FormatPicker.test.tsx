// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStore } from '../../store/store';
import { testMessage, testView } from '../../store/testing/transcript';
import { FormatPicker } from './FormatPicker';

const view = {
  ...testView([testMessage(0, 'human')]),
  format: 'anthropic',
  formats: [
    { name: 'openai-chat', label: 'OpenAI Chat Completions' },
    { name: 'anthropic', label: 'Anthropic Messages' },
  ],
};

beforeEach(() => useStore.setState(useStore.getInitialState()));
afterEach(cleanup);

describe('FormatPicker', () => {
  it('marks the format the worker detected, not the one the input was read as', () => {
    useStore.setState({ view, detectedFormat: 'openai-chat', loadState: 'ready' });
    render(<FormatPicker view={view} />);
    expect(screen.getByRole('option', { name: 'OpenAI Chat Completions (detected)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Anthropic Messages' })).toBeTruthy();
    expect(screen.getByTestId<HTMLSelectElement>('format-picker').value).toBe('anthropic');
  });

  it('marks none when detection found no format', () => {
    useStore.setState({ view, detectedFormat: null, loadState: 'ready' });
    render(<FormatPicker view={view} />);
    expect(screen.queryAllByRole('option').map((option) => option.textContent)).toEqual(['OpenAI Chat Completions', 'Anthropic Messages']);
  });

  it('reads the input again as the format picked', async () => {
    const reloadAs = vi.fn(() => Promise.resolve());
    useStore.setState({ view, detectedFormat: 'openai-chat', loadState: 'ready', reloadAs });
    render(<FormatPicker view={view} />);
    await userEvent.selectOptions(screen.getByTestId('format-picker'), 'openai-chat');
    expect(reloadAs).toHaveBeenCalledWith('openai-chat');
  });
});
