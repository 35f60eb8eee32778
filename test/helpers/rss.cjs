// Preloaded into a CLI child (node -r): reports the process's own peak resident set size on
// exit, so no external `time` binary is needed. On Linux it is VmHWM from /proc/self/status:
// getrusage's maxRSS (process.resourceUsage) survives exec, so a child spawned from a big test
// process would report the parent's size at fork instead of its own (a 400 MB parent makes
// a 40 MB child report 404 MB). Elsewhere maxRSS is the best there is.
const { readFileSync } = require('node:fs')

function peakKb() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))
    if (hwm) return Number(hwm[1])
  } catch {
    // No /proc (not Linux): maxRSS below.
  }
  return process.resourceUsage().maxRSS
}

process.on('exit', () => process.stderr.write(`\nmaxrss-kb ${peakKb()}\n`))
