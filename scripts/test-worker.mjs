// One test process of scripts/test.mjs: started with tsx loaded (`node --import tsx`), it runs the
// uvu suites the runner sends it over IPC, one at a time, each as uvu's own CLI would (the suite's
// tests queued on import, then run), and answers each with whether it failed and what it cost.
// The runner hands the next suite to whichever process is free, so the processes end together
// instead of on a split of the suites made up front from costs that drift.
//
// A suite's cost is the CPU time of this process and of the children it waited for (a CLI run,
// kubectl, git), read from /proc/self/stat where Linux keeps both; elsewhere the process's own.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

// uvu reads this on import: tests are queued, not started, until exec() runs them.
globalThis.UVU_DEFER = 1
const uvu = await import('uvu')

process.on('message', (message) => {
  void runSuite(message.suite).then((result) => process.send({ suite: message.suite, ...result }))
})
process.send({ ready: true })

async function runSuite(suite) {
  const before = cpuSeconds()
  globalThis.UVU_QUEUE.length = 0
  globalThis.UVU_INDEX = 0
  globalThis.UVU_QUEUE.push([suite])
  process.exitCode = 0
  let failed
  let loaded = false
  try {
    await import(pathToFileURL(resolve('test', suite)).href)
    loaded = true
    await uvu.exec()
    failed = process.exitCode === 1
  } catch (e) {
    // A suite that throws while it loads ran no test: the runner counts it as one failed.
    process.stdout.write(`\n  ${suite} ${loaded ? 'threw' : 'did not load'}: ${e?.stack ?? e}\n`)
    failed = true
  }
  process.exitCode = 0
  return { failed, broken: !loaded, cpu: cpuSeconds() - before }
}

/** Seconds of CPU of this process and its waited-for children, user and system. */
function cpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    // The fields after the command name, which may hold spaces, in parentheses: utime is the
    // 14th field of the line, then stime, cutime, cstime, in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100
  } catch {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1e6
  }
}
