/** A LangChain stored message (messages_to_dict shape) as the generator writes it. */
export interface StoredMessage {
  type: 'system' | 'human' | 'ai' | 'tool';
  data: Record<string, unknown>;
}

export function generateHistory(count: number, seed?: number): StoredMessage[];
export function historyText(count: number, seed?: number): string;
