// The TrafficSplit weights both webhook benchmarks send (bench/webhook.mjs, bench/webhook-cpu.mjs):
// three sets per version, quantities for v1alpha1 and integers above it, so that every review
// converts weights and the two benchmarks measure the same work.
export const WEIGHTS = {
  v1alpha1: [
    ['1', '500m'],
    ['250m', '750m', '0'],
    ['100', '2'],
  ],
  v1alpha2: [
    [90, 10],
    [1, 1, 2],
    [3, 7],
  ],
  v1alpha3: [
    [80, 20],
    [5, 0, 5],
    [1, 9],
  ],
  v1alpha4: [
    [70, 30],
    [1, 2, 3],
    [50, 50],
  ],
}
