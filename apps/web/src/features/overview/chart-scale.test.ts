import { describe, expect, it } from 'vitest';
import { labelEvery, niceTicks } from './chart-scale';

describe('the overview chart’s axes', () => {
  it('count in whole steps of 1, 2 or 5 times a power of ten up to the largest figure', () => {
    expect(niceTicks(2)).toEqual([0, 1, 2]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(180)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(1000)).toEqual([0, 500, 1000]);
  });

  it('still draw an axis when every day is zero', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('label as many days as fit', () => {
    expect(labelEvery(30)).toBe(2);
    expect(labelEvery(10)).toBe(6);
    expect(labelEvery(100)).toBe(1);
  });
});
