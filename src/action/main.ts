/**
 * Entry point of the GitHub Action (bundled to dist/action.js, run by `runs.using: node24`).
 * Any failure, bad input included, fails the step with an error annotation.
 */
import * as core from '@actions/core'
import { InputError } from './inputs.js'
import { runAction } from './run.js'

runAction().catch((err: unknown) => {
  if (err instanceof InputError) core.setFailed(err.message)
  else core.setFailed(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
})
