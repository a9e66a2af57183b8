import type { ReactNode } from 'react';
import type { CardCache } from '../../store/cardCache';
import { useCard } from '../../store/hooks';
import type { Card } from '../../protocol/workerApi';

interface Props {
  cards: CardCache | undefined;
  index: number;
  /** The height guessed for the card, which the placeholder takes until the card is here. */
  height: number;
  children: (card: Card) => ReactNode;
}

/** Message `index`'s card once the worker has sent it, else a placeholder; an arrival redraws this row alone. */
export function CardSlot({ cards, index, height, children }: Props) {
  const card = useCard(cards, index);
  // Same height as the guess, so the card replacing it moves nothing when it is a good one.
  return card ? children(card) : <div className="card-placeholder" style={{ height }} aria-busy="true" />;
}
