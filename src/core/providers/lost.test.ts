import { describe, expect, it } from 'vitest';
import { lostList } from './lost';

describe('lostList', () => {
  it('says each kind of loss once, with the messages it hit', () => {
    const lost = lostList();
    lost.add(undefined, 'nothing carries this');
    lost.add(3, 'no name');
    lost.add(3, 'no name');
    lost.add(1, 'no id');
    for (let i = 0; i < 10; i++) lost.add(i, 'no usage');
    expect(lost.list()).toEqual([
      'nothing carries this',
      'message #3: no name',
      'message #1: no id',
      'messages #0, #1, #2, #3, #4, #5, #6, #7 and 2 more: no usage',
    ]);
  });
});
