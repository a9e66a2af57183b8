// What a target cannot express, said once per kind of loss with the messages it hit, so a 10,000
// message history without ids yields one line, not 10,000.

export interface Lost {
  /** Records that `what` is lost for message `index` (undefined: for the whole history). */
  add(index: number | undefined, what: string): void;
  list(): string[];
}

const SHOWN = 8;

function messagesPhrase(indices: readonly number[]): string {
  if (indices.length === 1) return `message #${indices[0]}`;
  const shown = indices
    .slice(0, SHOWN)
    .map((i) => `#${i}`)
    .join(', ');
  const more = indices.length > SHOWN ? ` and ${indices.length - SHOWN} more` : '';
  return `messages ${shown}${more}`;
}

export function lostList(): Lost {
  const byWhat = new Map<string, number[]>();
  return {
    add(index, what) {
      let indices = byWhat.get(what);
      if (indices === undefined) byWhat.set(what, (indices = []));
      if (index !== undefined && indices[indices.length - 1] !== index) indices.push(index);
    },
    list() {
      return [...byWhat].map(([what, indices]) => (indices.length === 0 ? what : `${messagesPhrase(indices)}: ${what}`));
    },
  };
}
