import { describe, expect, it } from 'vitest';
import { brief, check } from '../testing/check';
import { ai, build, human, system } from '../testing/messages';
import { systemNotFirst } from './systemNotFirst';

describe('system-not-first', () => {
  it('fires for a system message after the conversation started', () => {
    const findings = check(systemNotFirst, build(system(), human(), system('Be brief now.'), ai()));
    expect(brief(findings)).toEqual([{ rule: 'system-not-first', at: 2 }]);
    expect(findings[0]?.related).toEqual([1]);
  });

  it('does not fire for system messages leading the history', () => {
    expect(check(systemNotFirst, build(system(), system('developer note'), human(), ai()))).toEqual([]);
    expect(check(systemNotFirst, build(system()))).toEqual([]);
  });
});
