import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { build, human, other } from '../testing/messages';
import { unrecognizedMessage } from './unrecognizedMessage';

describe('unrecognized-message', () => {
  it('fires for a message the adapter could not read, with its location', () => {
    const location = { path: 'messages[1]', line: 3, column: 5 };
    const findings = check(unrecognizedMessage, build(human(), other('no role or type', { location })));
    expect(brief(findings)).toEqual([{ rule: 'unrecognized-message', at: 1 }]);
    expect(findings[0]?.location).toEqual(location);
    expect(findings[0]?.text).toBe('Message #1 (messages[1], line 3:5) could not be read as a message: no role or type');
  });

  it('does not fire for readable messages', () => {
    expect(check(unrecognizedMessage, build(human(), human()))).toEqual([]);
  });
});
