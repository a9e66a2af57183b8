// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_MAX_CHARS, copyConversion } from './copyConversion';

/** A clipboard that keeps what it is given, or refuses every write. */
function stubClipboard(refuse = false): { written: string[] } {
  const written: string[] = [];
  const clipboard = {
    write: async (items: ClipboardItem[]) => {
      if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
      for (const item of items) written.push(await (await item.getType('text/plain')).text());
    },
    writeText: async (text: string) => {
      if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
      written.push(text);
    },
  };
  vi.stubGlobal('navigator', { ...navigator, clipboard });
  return { written };
}

afterEach(() => vi.unstubAllGlobals());

describe('copyConversion', () => {
  it('puts the text on the clipboard and says how long it is', async () => {
    const { written } = stubClipboard();
    expect(await copyConversion(Promise.resolve('{"contents": []}'))).toEqual({ kind: 'copied', chars: 16 });
    expect(written).toEqual(['{"contents": []}']);
  });

  it('keeps a text past COPY_MAX_CHARS off the clipboard', async () => {
    const { written } = stubClipboard();
    const long = 'x'.repeat(COPY_MAX_CHARS + 1);
    expect(await copyConversion(Promise.resolve(long))).toEqual({ kind: 'too-big', chars: COPY_MAX_CHARS + 1 });
    expect(written).toEqual([]);
  });

  it('says when the browser refuses, so the text can be copied by hand or downloaded', async () => {
    stubClipboard(true);
    expect(await copyConversion(Promise.resolve('[]'))).toEqual({ kind: 'refused', chars: 2 });
  });

  it('fails with the conversion when the conversion fails', async () => {
    stubClipboard();
    await expect(copyConversion(Promise.reject(new Error('worker gone')))).rejects.toThrow('worker gone');
  });
});
