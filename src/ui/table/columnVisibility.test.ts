import { describe, expect, it } from 'vitest';
import { DEFAULT_VISIBILITY, parseVisibility } from './columnVisibility';

describe('parseVisibility', () => {
  it('keeps the defaults without a stored choice, or with one that is not an object of booleans', () => {
    for (const stored of [null, '', 'not json', '[]', '"model"', 'null', '{"model": "yes", "latency": 0}']) {
      expect(parseVisibility(stored)).toEqual(DEFAULT_VISIBILITY);
    }
  });

  it('takes each valid choice, leaves the other columns at their defaults and ignores unknown names', () => {
    const visibility = parseVisibility('{"model": true, "latency": false, "nonsense": false, "__proto__": {"index": false}}');
    expect(visibility).toEqual({ ...DEFAULT_VISIBILITY, model: true, latency: false });
    expect(Object.keys(visibility)).not.toContain('nonsense');
  });

  it('never hides the index column', () => {
    expect(parseVisibility('{"index": false}').index).toBe(true);
  });
});
