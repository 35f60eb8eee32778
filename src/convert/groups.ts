/**
 * Near-miss groups: an apiVersion group that is almost a kind's group (a typo, a case
 * difference) is reported instead of passed over silently (convert/locate.ts).
 */

/** A group that is almost the kind's group: same letters, or at most two edits away. */
export function isNearMiss(group: string, of: string): boolean {
  const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
  if (group === '' || group.length > 40) return false
  return letters(group) === letters(of) || editDistance(group.toLowerCase(), of) <= 2
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    prev = cur
  }
  return prev[b.length]!
}
