import { describe, expect, it } from 'vitest';
import { NOT_OURS, readHandoff } from './handoffMessage';

describe('readHandoff', () => {
  it('reads text or a buffer, with a title and a message to select', async () => {
    expect(readHandoff({ msgscope: { text: '[]', title: ' run.json ', select: 3 } })).toEqual({ input: '[]', size: 2, title: 'run.json', select: 3 });
    const bytes = new TextEncoder().encode('[{"role":"user","content":"hi"}]');
    const read = readHandoff({ msgscope: { buffer: bytes.buffer } });
    if (read === NOT_OURS || 'error' in read) throw new Error('not read');
    expect(read.size).toBe(bytes.length);
    expect(read.input instanceof Blob && (await read.input.text())).toBe('[{"role":"user","content":"hi"}]');
    // A typed array's own bytes only, not the rest of its buffer.
    const view = new Uint8Array(new TextEncoder().encode('xx[]yy').buffer, 2, 2);
    const fromView = readHandoff({ msgscope: { buffer: view } });
    expect(fromView !== NOT_OURS && 'input' in fromView && fromView.input instanceof Blob && (await fromView.input.text())).toBe('[]');
  });

  it('ignores what is not for msgscope, the handshake included', () => {
    for (const data of ['PING', null, 42, { perfetto: { buffer: new ArrayBuffer(1) } }, Object.create({ msgscope: { text: '[]' } })]) {
      expect(readHandoff(data)).toBe(NOT_OURS);
    }
  });

  it('says why a message for msgscope cannot be read', () => {
    expect(readHandoff({ msgscope: 'x' })).toEqual({ error: expect.stringContaining('not an object') });
    expect(readHandoff({ msgscope: {} })).toEqual({ error: expect.stringContaining('either "text"') });
    expect(readHandoff({ msgscope: { text: 'a', buffer: new ArrayBuffer(1) } })).toEqual({ error: expect.stringContaining('not both') });
    expect(readHandoff({ msgscope: { text: 1 } })).toEqual({ error: expect.stringContaining('either "text"') });
    expect(readHandoff({ msgscope: { text: '[]', title: 5 } })).toEqual({ error: '"title" is not a string.' });
    for (const select of [-1, 1.5, '2', Number.NaN]) {
      expect(readHandoff({ msgscope: { text: '[]', select } })).toEqual({ error: expect.stringContaining('"select"') });
    }
  });

  it('cuts a long title', () => {
    const read = readHandoff({ msgscope: { text: '[]', title: 'x'.repeat(1000) } });
    expect(read !== NOT_OURS && 'title' in read && read.title?.length).toBe(200);
  });
});
