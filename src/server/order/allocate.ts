const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

/** Splits `total` over `weights` in proportion, rounding down, the remainder to the largest weight. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const all = sum(weights);
  if (total <= 0 || all <= 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((total * w) / all));
  const rest = total - sum(parts);
  let largest = 0;
  weights.forEach((w, i) => {
    if (w > (weights[largest] ?? 0)) largest = i;
  });
  parts[largest] = (parts[largest] ?? 0) + rest;
  return parts;
}
