/**
 * The environment for a child Node process that runs the project's own code (dist/cli.js, the
 * test files under tsx): this process's, with `extra`, without NODE_EXTRA_CA_CERTS. Node 20
 * reads and parses the file that variable names at every start, before any code runs (about
 * 0.05 s of CPU for a system bundle of some 150 certificates, more than the CLI's own start),
 * and the CLI never verifies a server's certificate: it opens no TLS connection, the webhook
 * only serves. Several hundred runs paid it for nothing. A child that may reach the network
 * (npm, pre-commit installing a hook) keeps the whole environment.
 */
export function nodeEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra }
  if (!('NODE_EXTRA_CA_CERTS' in extra)) delete env.NODE_EXTRA_CA_CERTS
  return env
}
