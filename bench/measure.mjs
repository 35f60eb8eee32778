// Measures one command as a whole process, for bench/run.mjs and bench/compare.mjs.
//
// The command runs in bash, which reads the clock and the CPU time of its children right around
// it: wall time from $EPOCHREALTIME (the shell's own start-up is not counted), user + system CPU
// time of every process the command waited for from `times` (getrusage, printed to the
// millisecond). GNU time prints CPU time to 10 ms only, a tenth of what the `sed` yardstick takes
// on (h), enough to move a ratio against it by 10%: it gives the peak RSS (%M, the largest single
// process) and nothing else here. Without bash, wall time is taken around the whole spawn and CPU
// time from GNU time; without GNU time, RSS is not known (NaN).
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const hasTime = existsSync('/usr/bin/time')
const bash = ['/bin/bash', '/usr/bin/bash'].find((p) => existsSync(p))

/** `s` as one word of a POSIX shell command line. */
export const shellWord = (s) => (/^[\w./=:@%+,-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`)

/**
 * Runs `script`, a shell command line, in `cwd` with standard input from the file `stdin` (none
 * if not given) and standard output to the file `stdout` (discarded if not given); stops it after
 * `limit` seconds if given (status 124, as timeout(1) says). `scratch` is a directory for the
 * measurements' files. Returns { wall, cpu } in seconds, { rss } in MB, the exit status and what
 * the command wrote on standard error.
 */
export function measure(script, { scratch, cwd, stdin, stdout, limit }) {
  const rssFile = join(scratch, 'measure-rss.txt')
  const clockFile = join(scratch, 'measure-clock.txt')
  rmSync(clockFile, { force: true })
  // `times` prints the shell's own CPU time on its first line, its children's on the second.
  const timed = `t0=$EPOCHREALTIME\n${script}\ns=$?\nt1=$EPOCHREALTIME\n{ echo "$t0 $t1"; times; } > ${shellWord(clockFile)}\nexit $s`
  const shell = bash ? [bash, '-c', timed] : ['sh', '-c', script]
  const limited = limit ? ['timeout', String(limit), ...shell] : shell
  const argv = hasTime ? ['/usr/bin/time', '-f', '%M %U %S', '-o', rssFile, ...limited] : limited
  const inFd = stdin ? openSync(stdin, 'r') : 'ignore'
  const outFd = openSync(stdout ?? '/dev/null', 'w')
  const t = process.hrtime.bigint()
  const r = spawnSync(argv[0], argv.slice(1), { cwd, stdio: [inFd, outFd, 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26 })
  let wall = Number(process.hrtime.bigint() - t) / 1e9
  closeSync(outFd)
  if (typeof inFd === 'number') closeSync(inFd)
  // GNU time's last line: peak RSS (KiB), user and system CPU seconds (to 10 ms).
  const [kib, user, sys] =
    hasTime && existsSync(rssFile) ? readFileSync(rssFile, 'utf8').trim().split('\n').pop().split(' ').map(Number) : []
  let cpu = user + sys
  const clock = existsSync(clockFile) ? readFileSync(clockFile, 'utf8').trim().split('\n') : []
  // A bash without $EPOCHREALTIME (before 5.0) prints an empty line: the spawn's wall time stays.
  const [t0, t1] = (clock[0] ?? '').split(' ').map(Number)
  if (t1 > t0) wall = t1 - t0
  const children = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(clock[2] ?? '')
  if (children) cpu = Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4])
  return { wall, cpu, rss: kib / 1024, status: r.status, stderr: r.stderr ?? '' }
}
