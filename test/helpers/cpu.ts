/**
 * Time bounds that hold on a busy machine: this process's CPU time (process.cpuUsage), not
 * wall-clock time, which other processes on a shared 2-core runner (or suites run in
 * parallel) inflate. A bound guards against an asymptotic blow-up (quadratic work,
 * catastrophic backtracking), so it is set well above what linear work takes.
 */

/** The result of f and the CPU milliseconds this process spent on it. */
export function timed<T>(f: () => T): [T, number] {
  const start = process.cpuUsage()
  const r = f()
  const used = process.cpuUsage(start)
  return [r, (used.user + used.system) / 1000]
}

/** The same for an async f: the CPU milliseconds this process spent until it settled. */
export async function timedAsync<T>(f: () => Promise<T>): Promise<[T, number]> {
  const start = process.cpuUsage()
  const r = await f()
  const used = process.cpuUsage(start)
  return [r, (used.user + used.system) / 1000]
}
