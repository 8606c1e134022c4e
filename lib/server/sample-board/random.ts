/**
 * A seeded pseudo-random source, so the sample board is the same on every machine and run.
 * mulberry32: tiny, fast, and plenty for sample data (not for anything secret).
 */
export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both ends included. */
  int: (min: number, max: number) => number;
  /** True with probability `p`. */
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** One item, each as likely as its weight. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T;
  /** `count` distinct items in random order (all of them when there are fewer). */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** Shuffles in place and returns the same array. */
  shuffle: <T>(items: T[]) => T[];
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError("Cannot pick from an empty list");
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted: (entries) => pickByWeight(entries, next),
    sample: (items, count) => {
      const copy = [...items];
      const size = Math.min(count, copy.length);
      for (let i = 0; i < size; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy.slice(0, size);
    },
    shuffle,
  };
}

function pickByWeight<T>(entries: readonly (readonly [T, number])[], next: () => number): T {
  let total = 0;
  for (const [, weight] of entries) total += weight;
  if (!(total > 0)) throw new RangeError("Weighted pick needs a positive total weight");
  let target = next() * total;
  for (const [item, weight] of entries) {
    target -= weight;
    if (target < 0) return item;
  }
  // Floating-point rounding can leave a sliver past the last entry.
  return entries[entries.length - 1]![0];
}

/**
 * A weighted picker for long lists that are drawn from many times: cumulative weights with a
 * binary search, O(log n) a draw instead of O(n).
 */
export function createWeightedPicker<T>(
  items: readonly T[],
  weights: readonly number[],
): (random: Random) => T {
  if (items.length === 0 || items.length !== weights.length) {
    throw new RangeError("A weighted picker needs one positive weight per item");
  }
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    cumulative[index] = total;
  });
  return (random) => {
    const target = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return items[low] as T;
  };
}
