import { describe, expect, it } from 'vitest';
import { BROKEN_PIPE_EXIT, debugWanted, guarded, internalErrorText, onUncaught } from './internalError';

/** A FatalIo that collects stderr and the exit code asked for. */
function fatalIo(debug = false) {
  const io = { err: '', exits: [] as number[], debug, stderr: (text: string) => void (io.err += text), exit: (code: number) => void io.exits.push(code) };
  return io;
}

const brokenPipe = (): Error => Object.assign(new Error('write EPIPE'), { code: 'EPIPE', syscall: 'write' });

describe('guarded', () => {
  it('passes the exit code of a main that returns', async () => {
    const io = fatalIo();
    expect(await guarded(() => Promise.resolve(1), io)).toBe(1);
    expect(io.err).toBe('');
  });

  it('turns an exception out of main into one line and exit 2, without the stack', async () => {
    const io = fatalIo();
    const code = await guarded(() => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'kind')")), io);
    expect(code).toBe(2);
    const [line, ...rest] = io.err.split('\n');
    expect(line).toBe("msgscope: internal error: TypeError: Cannot read properties of undefined (reading 'kind')");
    expect(rest).toEqual(['This is a bug in msgscope; please report it (run with MSGSCOPE_DEBUG=1 for the details).', '']);
    expect(io.err).not.toContain('    at ');
  });

  it('catches what main throws before it returns a promise, and anything thrown, not only Errors', async () => {
    const io = fatalIo();
    expect(
      await guarded(() => {
        throw new Error('sync');
      }, io),
    ).toBe(2);
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what a dependency may throw
    expect(await guarded(() => Promise.reject(42), io)).toBe(2);
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- an object String() cannot print
    expect(await guarded(() => Promise.reject(Object.create(null)), io)).toBe(2);
    expect(io.err.split('\n').filter((l) => l.startsWith('msgscope: internal error: '))).toEqual([
      'msgscope: internal error: sync',
      'msgscope: internal error: 42',
      'msgscope: internal error: object',
    ]);
  });

  it('prints the stack when MSGSCOPE_DEBUG asks for it', async () => {
    const io = fatalIo(true);
    expect(await guarded(() => Promise.reject(new RangeError('Invalid array length')), io)).toBe(2);
    expect(io.err).toMatch(/^msgscope: internal error: RangeError: Invalid array length\nRangeError: Invalid array length\n {4}at /);
    expect(debugWanted({ MSGSCOPE_DEBUG: '1' })).toBe(true);
    expect(debugWanted({ MSGSCOPE_DEBUG: 'yes' })).toBe(true);
    for (const env of [{}, { MSGSCOPE_DEBUG: '' }, { MSGSCOPE_DEBUG: '0' }]) expect(debugWanted(env)).toBe(false);
  });

  it('ends quietly when the reader of its output went away (| head)', async () => {
    const io = fatalIo();
    expect(await guarded(() => Promise.reject(brokenPipe()), io)).toBe(BROKEN_PIPE_EXIT);
    expect(io.err).toBe('');
  });
});

describe('internalErrorText', () => {
  it('keeps a message that quotes the input to one line of a few hundred characters', () => {
    const [line] = internalErrorText(new SyntaxError(`bad\n${'x'.repeat(1_000_000)}`), false).split('\n');
    expect(line?.startsWith('msgscope: internal error: SyntaxError: bad xxx')).toBe(true);
    expect(line?.length).toBeLessThan(400);
  });
});

describe('onUncaught', () => {
  it('says what an exception out of an event or a timer was and exits 2', () => {
    const io = fatalIo();
    onUncaught(io)(new Error("Unhandled 'error' event"));
    expect(io.err.split('\n')[0]).toBe("msgscope: internal error: Unhandled 'error' event");
    expect(io.exits).toEqual([2]);
  });

  it('exits quietly on a broken pipe', () => {
    const io = fatalIo();
    onUncaught(io)(brokenPipe());
    expect([io.err, io.exits]).toEqual(['', [BROKEN_PIPE_EXIT]]);
  });
});
