import { describe, expect, it } from 'vitest';
import { LatestQuery } from './latestQuery';

/** A run whose calls the test answers by hand, in any order. */
function manualRun() {
  const calls: { params: string; resolve: (answer: string) => void; reject: (error: Error) => void }[] = [];
  const run = (params: string) => new Promise<string>((resolve, reject) => calls.push({ params, resolve, reject }));
  return { calls, run };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LatestQuery', () => {
  it('sends one request at a time, and only the newest of those asked meanwhile', async () => {
    const { calls, run } = manualRun();
    const answers: string[] = [];
    const query = new LatestQuery(
      run,
      (answer) => answers.push(answer),
      () => undefined,
    );
    query.ask('a');
    query.ask('ab');
    query.ask('abc');
    expect(calls.map((c) => c.params)).toEqual(['a']);
    calls[0]!.resolve('A');
    await settled();
    // 'a' is stale: dropped; 'abc' goes next, 'ab' never.
    expect(answers).toEqual([]);
    expect(calls.map((c) => c.params)).toEqual(['a', 'abc']);
    calls[1]!.resolve('ABC');
    await settled();
    expect(answers).toEqual(['ABC']);
  });

  it('answers each request asked while none is in flight', async () => {
    const { calls, run } = manualRun();
    const answers: string[] = [];
    const query = new LatestQuery(
      run,
      (answer) => answers.push(answer),
      () => undefined,
    );
    query.ask('x');
    calls[0]!.resolve('X');
    await settled();
    query.ask('y');
    calls[1]!.resolve('Y');
    await settled();
    expect(answers).toEqual(['X', 'Y']);
  });

  it('drops everything on cancel, and reports only the newest request failing', async () => {
    const { calls, run } = manualRun();
    const answers: string[] = [];
    const errors: string[] = [];
    const query = new LatestQuery(
      run,
      (answer) => answers.push(answer),
      (_, params) => errors.push(params),
    );
    query.ask('p');
    query.ask('q');
    query.cancel();
    calls[0]!.resolve('P');
    await settled();
    expect(calls).toHaveLength(1);
    expect(answers).toEqual([]);
    query.ask('r');
    calls[1]!.reject(new Error('worker stopped'));
    await settled();
    expect(errors).toEqual(['r']);
    query.ask('s');
    query.ask('t');
    calls[2]!.reject(new Error('stale'));
    await settled();
    expect(errors).toEqual(['r']);
    calls[3]!.resolve('T');
    await settled();
    expect(answers).toEqual(['T']);
  });
});
