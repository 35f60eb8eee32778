// Preloaded into a CLI child (node -r): reports the process's peak resident set size on
// exit, measured by the process itself, so no external `time` binary is needed.
process.on('exit', () => process.stderr.write(`\nmaxrss-kb ${process.resourceUsage().maxRSS}\n`))
