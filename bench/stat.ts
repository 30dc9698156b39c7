/** One figure of the bench: the median of its runs, with min and max. */
export interface Figure {
  median: number;
  min: number;
  max: number;
  unit: string;
}

/**
 * The median with min and max. Of an even number of runs the median is the mean of the two middle ones:
 * until stop 27 it was the upper one, so a figure of two runs (the rebuilds) was their better for a rate and
 * their worse for a time.
 */
export function stat(values: readonly number[], unit: string): Figure {
  if (values.length === 0) throw new Error(`no runs to take a median of (${unit})`);
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, unit };
}

/** Every figure of a group's runs (`repeat`'s), each with its unit, keyed as the runs are. */
export function figures(
  runs: Record<string, number[]>,
  units: Record<string, string>,
): Record<string, Figure> {
  return Object.fromEntries(
    Object.entries(units).map(([name, unit]) => [name, stat(runs[name] ?? [], unit)]),
  );
}
