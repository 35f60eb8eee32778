/**
 * Union-find over string keys: the planner joins files into trees, and (file, name) nodes into
 * the groups that share one weight factor, each by a chain of pairwise links.
 */
export class UnionFind {
  private readonly parent = new Map<string, string>()
  add(x: string): void {
    if (!this.parent.has(x)) this.parent.set(x, x)
  }
  find(x: string): string {
    this.add(x)
    let r = x
    while (this.parent.get(r) !== r) r = this.parent.get(r)!
    this.parent.set(x, r)
    return r
  }
  has(x: string): boolean {
    return this.parent.has(x)
  }
  union(a: string, b: string): void {
    const ra = this.find(a)
    const rb = this.find(b)
    if (ra !== rb) this.parent.set(ra, rb)
  }
  members(): string[] {
    return [...this.parent.keys()]
  }
}
