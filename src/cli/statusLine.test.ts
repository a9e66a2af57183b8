import { describe, expect, it } from 'vitest';
import { statusText } from './statusLine';

describe('statusText', () => {
  it('overwrites the line in place, and erases it for undefined', () => {
    expect(statusText('Reading a.json: 3 MB of 9 MB', 80)).toBe('\r\u001b[KReading a.json: 3 MB of 9 MB');
    expect(statusText(undefined, 80)).toBe('\r\u001b[K');
  });

  it('cuts a line to the terminal, leaving the last column free, so that it never wraps', () => {
    expect(statusText('Reading /a/very/long/path.json', 20)).toBe('\r\u001b[KReading /a/very/lo…');
    expect(statusText('x'.repeat(100), undefined)).toHaveLength('\r\u001b[K'.length + 79);
    expect(statusText('x'.repeat(100), 0)).toHaveLength('\r\u001b[K'.length + 79);
  });
});
