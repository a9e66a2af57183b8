import { describe, expect, it } from 'vitest';
import { idOf, mediaKind, numberOf, stringOf } from './fields';

describe('field readers', () => {
  it('read strings, finite numbers and ids', () => {
    expect([stringOf('a'), stringOf(1)]).toEqual(['a', undefined]);
    expect([numberOf(2), numberOf(Infinity), numberOf('2')]).toEqual([2, undefined, undefined]);
    expect([idOf('x'), idOf(7), idOf(null)]).toEqual(['x', '7', undefined]);
  });

  it('map media types to content kinds', () => {
    expect(['image/png', 'audio/wav', 'application/pdf', undefined].map(mediaKind)).toEqual(['image', 'audio', 'file', 'file']);
  });
});
