// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { DetailBlock } from '../../protocol/workerApi';
import { ContentBlocks, Reasoning } from './ContentBlocks';

afterEach(cleanup);

const THOUGHT = 'First I check the partitions, then the job.';

describe('Reasoning', () => {
  it('folds each block, says its size and which count it is, and draws its text only when opened', async () => {
    const blocks: DetailBlock[] = [
      { kind: 'text', type: 'text' },
      { kind: 'reasoning', type: 'thinking', text: THOUGHT, tokens: { counted: 11 } },
      { kind: 'reasoning', type: 'redacted_thinking', hidden: 'redacted' },
    ];
    render(<Reasoning blocks={blocks} />);
    const [thinking, redacted] = screen.getAllByTestId('reasoning');
    expect(thinking!.hasAttribute('open')).toBe(false);
    expect(thinking!.dataset).toMatchObject({ tokens: '11', tokenSource: 'counted' });
    expect(thinking!.querySelector('summary')?.textContent).toBe('Reasoning (thinking) · ≈ 11 tokens counted in its text (o200k_base)');
    expect(thinking!.textContent).not.toContain(THOUGHT);
    expect(redacted!.dataset.hidden).toBe('redacted');
    expect(redacted!.querySelector('summary')?.textContent).toBe(
      'Redacted reasoning (redacted_thinking) · redacted by the provider: sent encrypted, no text to read',
    );
    await userEvent.click(thinking!.querySelector('summary')!);
    expect(thinking!.hasAttribute('open')).toBe(true);
    expect(thinking!.textContent).toContain(THOUGHT);
  });

  it('names reported tokens as reported, and an encrypted block whose text is its summary', () => {
    render(
      <Reasoning blocks={[{ kind: 'reasoning', type: 'reasoning', text: 'Checked the logs.', hidden: 'encrypted', tokens: { reported: 256, counted: 4 } }]} />,
    );
    const block = screen.getByTestId('reasoning');
    expect(block.dataset).toMatchObject({ tokens: '256', tokenSource: 'reported', hidden: 'encrypted' });
    expect(block.querySelector('summary')?.textContent).toBe(
      'Reasoning (reasoning) · 256 tokens reported · 4 tokens counted in its text (o200k_base) · encrypted by the provider: only its summary is readable',
    );
  });

  it('shows nothing for a message without reasoning', () => {
    const { container } = render(<Reasoning blocks={[{ kind: 'text', type: 'text' }]} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('ContentBlocks', () => {
  it('shows an inline image as a thumbnail, a remote one as its address and a button, a reference as text', () => {
    const blocks: DetailBlock[] = [
      { kind: 'text', type: 'text' },
      { kind: 'image', type: 'image', image: { kind: 'data', src: 'data:image/png;base64,iVBORw0KGgo=', mediaType: 'image/png', bytes: 8 } },
      { kind: 'image', type: 'image_url', image: { kind: 'url', url: 'https://cdn.example.com/a.png' } },
      { kind: 'image', type: 'file', image: { kind: 'reference', text: 'gs://bucket/a.png' } },
      { kind: 'image', type: 'image', image: { kind: 'omitted', mediaType: 'image/jpeg', bytes: 3_400_000 } },
    ];
    render(<ContentBlocks blocks={blocks} index={4} />);
    expect(screen.getAllByTestId('image-thumb').map((thumb) => thumb.querySelector('img')?.getAttribute('src'))).toEqual([
      'data:image/png;base64,iVBORw0KGgo=',
    ]);
    expect(screen.getByTestId('load-image').textContent).toBe('Load image (cdn.example.com)');
    expect(document.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByTestId('image-reference').textContent).toContain('gs://bucket/a.png');
    expect(screen.getByTestId('show-image').textContent).toBe('Show image (3.4 MB)');
  });
});
