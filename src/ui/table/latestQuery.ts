/**
 * Requests where only the newest answer counts (the table's rows as the user types and sorts): one is in flight at a
 * time and, while it is, only the newest parameters wait, so a burst of keys costs two requests, not one a key; an
 * answer to parameters that are no longer the newest is dropped.
 */
export class LatestQuery<P, R> {
  private ticket = 0;
  private busy = false;
  private waiting: { params: P; ticket: number } | null = null;

  constructor(
    private readonly run: (params: P) => Promise<R>,
    private readonly onAnswer: (answer: R, params: P) => void,
    private readonly onError: (error: unknown, params: P) => void,
  ) {}

  ask(params: P): void {
    const ticket = ++this.ticket;
    if (this.busy) this.waiting = { params, ticket };
    else this.start(params, ticket);
  }

  /** Drops the request in flight and the one waiting: the page answered for itself (or went away). */
  cancel(): void {
    this.ticket++;
    this.waiting = null;
  }

  private start(params: P, ticket: number): void {
    this.busy = true;
    const settle = (): void => {
      this.busy = false;
      const next = this.waiting;
      this.waiting = null;
      if (next && next.ticket === this.ticket) this.start(next.params, next.ticket);
    };
    this.run(params).then(
      (answer) => {
        if (ticket === this.ticket) this.onAnswer(answer, params);
        settle();
      },
      (error: unknown) => {
        if (ticket === this.ticket) this.onError(error, params);
        settle();
      },
    );
  }
}
