/**
 * The axis of a bar or line chart: whole-number ticks from 0 in steps of 1, 2 or 5 times a power
 * of ten, at most about `count` of them, the top one at or above `max`.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** Every how many days an x-axis label fits, when each day is `band` pixels wide. */
export function labelEvery(band: number, labelWidth = 44, gap = 16): number {
  return Math.max(1, Math.ceil((labelWidth + gap) / Math.max(band, 1)));
}
