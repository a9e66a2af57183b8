// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '../../protocol/workerApi';
import { CardCache } from '../../store/cardCache';
import { CardSlot } from './CardSlot';

const card = (index: number): Card => ({ index, sourceType: 'human', text: `card ${index}`, textLength: 6, contentKinds: [], calls: [] });

afterEach(cleanup);

describe('CardSlot', () => {
  it('holds the guessed height until the card arrives, then draws it', async () => {
    let answer: (cards: Card[]) => void = () => undefined;
    const cache = new CardCache(() => new Promise<Card[]>((resolve) => (answer = resolve)));
    const { container } = render(
      <CardSlot cards={cache} index={3} height={120}>
        {(c) => <p>{c.text}</p>}
      </CardSlot>,
    );
    expect((container.querySelector('.card-placeholder') as HTMLElement).style.height).toBe('120px');
    cache.ensure([3]);
    answer([card(3)]);
    expect(await screen.findByText('card 3')).toBeTruthy();
    expect(container.querySelector('.card-placeholder')).toBeNull();
  });
});
