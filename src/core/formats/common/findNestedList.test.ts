import { describe, expect, it } from 'vitest';
import { findNestedList } from './findNestedList';

const isMessage = (value: unknown): boolean => typeof value === 'object' && value !== null && 'role' in value;

describe('findNestedList', () => {
  it('finds a messages list under provider-named keys', () => {
    const state = { stateBag: { InMemoryChatHistoryProvider: { messages: [{ role: 'user' }] } }, conversationId: null };
    expect(findNestedList(state, isMessage)).toEqual({ list: [{ role: 'user' }], path: ['stateBag', 'InMemoryChatHistoryProvider', 'messages'] });
  });

  it('skips messages lists of other things and takes the shallowest match', () => {
    const value = { log: { messages: ['x'] }, a: { b: { messages: [{ role: 'ai' }] } }, c: { messages: [{ role: 'user' }] } };
    expect(findNestedList(value, isMessage)?.path).toEqual(['c', 'messages']);
  });

  it('stops at the depth limit and finds nothing in non-objects', () => {
    const deep = { a: { b: { c: { d: { e: { messages: [{ role: 'user' }] } } } } } };
    expect(findNestedList(deep, isMessage)).toBeUndefined();
    expect(findNestedList(deep, isMessage, 5)?.path).toEqual(['a', 'b', 'c', 'd', 'e', 'messages']);
    for (const value of [null, [], 'x', { messages: [] }]) expect(findNestedList(value, isMessage)).toBeUndefined();
  });
});
