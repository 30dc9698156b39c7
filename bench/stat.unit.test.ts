import { describe, expect, it } from 'vitest';
import { stat } from './stat.ts';

describe('the bench’s figures', () => {
  it('take the middle run of an odd number, whatever their order', () => {
    expect(stat([3, 1, 2], 'ms')).toEqual({ median: 2, min: 1, max: 3, unit: 'ms' });
    expect(stat([7], 'x')).toEqual({ median: 7, min: 7, max: 7, unit: 'x' });
  });

  it('take the mean of the two middle runs of an even number, not the better or the worse of them', () => {
    expect(stat([49_393, 50_339], 'events/s').median).toBe(49_866);
    expect(stat([4, 1, 3, 2], 's')).toEqual({ median: 2.5, min: 1, max: 4, unit: 's' });
  });

  it('refuse to make a figure of no runs', () => {
    expect(() => stat([], 'rows/s')).toThrow(/no runs/);
  });
});
