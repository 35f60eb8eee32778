/**
 * The search of git's line diff (src/report/lines.ts): Myers' O(N·D) algorithm as git's xdiff
 * runs it, over the lines lines.ts kept, by class number. Each box is cut where the forward
 * and the backward searches meet (the middle snake); an expensive box is cut early, as git
 * cuts it, so that the answer, minimal or not, is git's.
 */

/** git's integer square root estimate (a power of two). */
export function bogoSqrt(n: number): number {
  let i = 1
  for (; n > 0; n = Math.floor(n / 4)) i *= 2
  return i
}

/** A snake longer than this lets an expensive search stop early (git's XDL_SNAKE_CNT). */
const SNAKE_CNT = 20
/** The edit cost after which that early stop is considered (XDL_HEUR_MIN_COST). */
const HEUR_MIN_COST = 256
/** How far ahead of the cost a diagonal must reach to be taken early (XDL_K_HEUR). */
const K_HEUR = 4
/** The least cost limit (XDL_MAX_COST_MIN). */
const MAX_COST_MIN = 256
const LINE_MAX = 0x7fffffff

/** Where a box is cut, and whether each half must then be solved minimally. */
interface Cut {
  i1: number
  i2: number
  minLo: boolean
  minHi: boolean
}

/** The bounds of the diagonals each direction has reached, for one box. */
interface Frontier {
  off1: number
  lim1: number
  off2: number
  lim2: number
  dmin: number
  dmax: number
  fmid: number
  bmid: number
  odd: boolean
  fmin: number
  fmax: number
  bmin: number
  bmax: number
  /** A snake longer than SNAKE_CNT was followed at this cost. */
  gotSnake: boolean
}

/**
 * Myers' divide and conquer over the kept lines: each box is cut where the forward and the
 * backward searches meet (the middle snake), with git's two ways out of an expensive box:
 * taking a diagonal that reached far along a long snake, or, past the cost limit, the
 * furthest-reaching diagonal.
 */
export class MyersSearch {
  private readonly kvdf: Int32Array
  private readonly kvdb: Int32Array
  /** Diagonal d is stored at d + base (d ranges over -(n2 + 1) … n1 + 1). */
  private readonly base: number
  private readonly maxCost: number

  constructor(
    private readonly h1: Int32Array,
    private readonly h2: Int32Array,
  ) {
    const diagonals = h1.length + h2.length + 3
    this.kvdf = new Int32Array(diagonals)
    this.kvdb = new Int32Array(diagonals)
    this.base = h2.length + 1
    this.maxCost = Math.max(bogoSqrt(diagonals), MAX_COST_MIN)
  }

  /** Marks (through the callbacks) every kept line that is not matched. Boxes are independent: a stack instead of recursion. */
  run(mark1: (i: number) => void, mark2: (i: number) => void): void {
    const { h1, h2 } = this
    const boxes: Array<[number, number, number, number, boolean]> = [[0, h1.length, 0, h2.length, false]]
    for (let box = boxes.pop(); box; box = boxes.pop()) {
      let [off1, lim1, off2, lim2] = box
      while (off1 < lim1 && off2 < lim2 && h1[off1] === h2[off2]) {
        off1++
        off2++
      }
      while (off1 < lim1 && off2 < lim2 && h1[lim1 - 1] === h2[lim2 - 1]) {
        lim1--
        lim2--
      }
      if (off1 === lim1) for (let i = off2; i < lim2; i++) mark2(i)
      else if (off2 === lim2) for (let i = off1; i < lim1; i++) mark1(i)
      else {
        const cut = this.split(off1, lim1, off2, lim2, box[4])
        boxes.push([cut.i1, lim1, cut.i2, lim2, cut.minHi], [off1, cut.i1, off2, cut.i2, cut.minLo])
      }
    }
  }

  private split(off1: number, lim1: number, off2: number, lim2: number, needMin: boolean): Cut {
    const fmid = off1 - off2
    const bmid = lim1 - lim2
    const f: Frontier = {
      off1,
      lim1,
      off2,
      lim2,
      dmin: off1 - lim2,
      dmax: lim1 - off2,
      fmid,
      bmid,
      odd: ((fmid - bmid) & 1) !== 0,
      fmin: fmid,
      fmax: fmid,
      bmin: bmid,
      bmax: bmid,
      gotSnake: false,
    }
    this.kvdf[fmid + this.base] = off1
    this.kvdb[bmid + this.base] = lim1
    for (let cost = 1; ; cost++) {
      f.gotSnake = false
      const met = this.forward(f) ?? this.backward(f)
      if (met) return met
      if (needMin) continue
      const early = f.gotSnake && cost > HEUR_MIN_COST ? (this.forwardSnake(f, cost) ?? this.backwardSnake(f, cost)) : undefined
      if (early) return early
      if (cost >= this.maxCost) return this.furthest(f)
    }
  }

  /** One step of the forward search; the cut if it met the backward one. */
  private forward(f: Frontier): Cut | undefined {
    const { kvdf, kvdb, base, h1, h2 } = this
    if (f.fmin > f.dmin) kvdf[--f.fmin - 1 + base] = -1
    else ++f.fmin
    if (f.fmax < f.dmax) kvdf[++f.fmax + 1 + base] = -1
    else --f.fmax
    for (let d = f.fmax; d >= f.fmin; d -= 2) {
      let i1 = kvdf[d - 1 + base]! >= kvdf[d + 1 + base]! ? kvdf[d - 1 + base]! + 1 : kvdf[d + 1 + base]!
      const prev = i1
      let i2 = i1 - d
      while (i1 < f.lim1 && i2 < f.lim2 && h1[i1] === h2[i2]) {
        i1++
        i2++
      }
      if (i1 - prev > SNAKE_CNT) f.gotSnake = true
      kvdf[d + base] = i1
      if (f.odd && f.bmin <= d && d <= f.bmax && kvdb[d + base]! <= i1) return { i1, i2, minLo: true, minHi: true }
    }
    return undefined
  }

  /** One step of the backward search; the cut if it met the forward one. */
  private backward(f: Frontier): Cut | undefined {
    const { kvdf, kvdb, base, h1, h2 } = this
    if (f.bmin > f.dmin) kvdb[--f.bmin - 1 + base] = LINE_MAX
    else ++f.bmin
    if (f.bmax < f.dmax) kvdb[++f.bmax + 1 + base] = LINE_MAX
    else --f.bmax
    for (let d = f.bmax; d >= f.bmin; d -= 2) {
      let i1 = kvdb[d - 1 + base]! < kvdb[d + 1 + base]! ? kvdb[d - 1 + base]! : kvdb[d + 1 + base]! - 1
      const prev = i1
      let i2 = i1 - d
      while (i1 > f.off1 && i2 > f.off2 && h1[i1 - 1] === h2[i2 - 1]) {
        i1--
        i2--
      }
      if (prev - i1 > SNAKE_CNT) f.gotSnake = true
      kvdb[d + base] = i1
      if (!f.odd && f.fmin <= d && d <= f.fmax && i1 <= kvdf[d + base]!) return { i1, i2, minLo: true, minHi: true }
    }
    return undefined
  }

  /** A forward diagonal far ahead of the cost that ends a snake of SNAKE_CNT lines: cut there. */
  private forwardSnake(f: Frontier, cost: number): Cut | undefined {
    const { kvdf, base, h1, h2 } = this
    let best = 0
    let cut: Cut | undefined
    for (let d = f.fmax; d >= f.fmin; d -= 2) {
      const i1 = kvdf[d + base]!
      const i2 = i1 - d
      const v = i1 - f.off1 + (i2 - f.off2) - Math.abs(d - f.fmid)
      if (v > K_HEUR * cost && v > best && f.off1 + SNAKE_CNT <= i1 && i1 < f.lim1 && f.off2 + SNAKE_CNT <= i2 && i2 < f.lim2) {
        for (let k = 1; h1[i1 - k] === h2[i2 - k]; k++) {
          if (k === SNAKE_CNT) {
            best = v
            cut = { i1, i2, minLo: true, minHi: false }
            break
          }
        }
      }
    }
    return cut
  }

  /** The same from the backward side. */
  private backwardSnake(f: Frontier, cost: number): Cut | undefined {
    const { kvdb, base, h1, h2 } = this
    let best = 0
    let cut: Cut | undefined
    for (let d = f.bmax; d >= f.bmin; d -= 2) {
      const i1 = kvdb[d + base]!
      const i2 = i1 - d
      const v = f.lim1 - i1 + (f.lim2 - i2) - Math.abs(d - f.bmid)
      if (v > K_HEUR * cost && v > best && f.off1 < i1 && i1 <= f.lim1 - SNAKE_CNT && f.off2 < i2 && i2 <= f.lim2 - SNAKE_CNT) {
        for (let k = 0; h1[i1 + k] === h2[i2 + k]; k++) {
          if (k === SNAKE_CNT - 1) {
            best = v
            cut = { i1, i2, minLo: false, minHi: true }
            break
          }
        }
      }
    }
    return cut
  }

  /** Past the cost limit: the diagonal, forward or backward, that got furthest into the box. */
  private furthest(f: Frontier): Cut {
    const { kvdf, kvdb, base } = this
    let fbest = -1
    let fbest1 = -1
    for (let d = f.fmax; d >= f.fmin; d -= 2) {
      let i1 = Math.min(kvdf[d + base]!, f.lim1)
      let i2 = i1 - d
      if (f.lim2 < i2) {
        i1 = f.lim2 + d
        i2 = f.lim2
      }
      if (fbest < i1 + i2) {
        fbest = i1 + i2
        fbest1 = i1
      }
    }
    let bbest = LINE_MAX
    let bbest1 = LINE_MAX
    for (let d = f.bmax; d >= f.bmin; d -= 2) {
      let i1 = Math.max(f.off1, kvdb[d + base]!)
      let i2 = i1 - d
      if (i2 < f.off2) {
        i1 = f.off2 + d
        i2 = f.off2
      }
      if (i1 + i2 < bbest) {
        bbest = i1 + i2
        bbest1 = i1
      }
    }
    return f.lim1 + f.lim2 - bbest < fbest - (f.off1 + f.off2)
      ? { i1: fbest1, i2: fbest - fbest1, minLo: true, minHi: false }
      : { i1: bbest1, i2: bbest - bbest1, minLo: false, minHi: true }
  }
}
