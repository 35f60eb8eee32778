/**
 * The serving certificate: read and checked at start (every error names its file), then read
 * again every interval, since cert-manager renews it by updating the Secret and the kubelet
 * swaps the mounted files (a symlink swap, both files at once). A new pair that loads
 * replaces the TLS context for new connections; one that does not is logged once and the old
 * pair stays.
 */
import { readFileSync, promises as fsp } from 'node:fs'
import type { Server } from 'node:https'
import { createSecureContext } from 'node:tls'
import { createHash, createPrivateKey, X509Certificate } from 'node:crypto'

export const TLS_MIN = 'TLSv1.2' as const

/** A certificate and key that load, with what the log says about them. */
export interface Pair {
  cert: Buffer
  key: Buffer
  hash: string
  info: { serial: string; subject: string; notAfter: string; altNames?: string }
}

export const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** Reads and checks the pair named by the options, for start-up (throws with the file's name). */
export function loadPair(certFile: string, keyFile: string): Pair {
  return checkPair(certFile, keyFile, readOrThrow(certFile, 'certificate'), readOrThrow(keyFile, 'key'))
}

/** Checks the pair; every error names the file it is about. */
function checkPair(certFile: string, keyFile: string, cert: Buffer, key: Buffer): Pair {
  let x509: X509Certificate
  try {
    x509 = new X509Certificate(cert)
  } catch (err) {
    throw new Error(`certificate file ${certFile}: not a PEM certificate (${message(err)})`, { cause: err })
  }
  let privateKey
  try {
    privateKey = createPrivateKey(key)
  } catch (err) {
    throw new Error(`key file ${keyFile}: not a usable PEM private key (${message(err)})`, { cause: err })
  }
  if (!x509.checkPrivateKey(privateKey))
    throw new Error(`key file ${keyFile} does not hold the private key of the certificate in ${certFile}`)
  try {
    createSecureContext({ cert, key, minVersion: TLS_MIN })
  } catch (err) {
    throw new Error(`certificate file ${certFile} and key file ${keyFile}: ${message(err)}`, { cause: err })
  }
  const info: Pair['info'] = {
    serial: x509.serialNumber,
    subject: x509.subject.replace(/\n/g, ', '),
    notAfter: new Date(x509.validTo).toISOString(),
  }
  if (x509.subjectAltName) info.altNames = x509.subjectAltName
  return { cert, key, hash: hashPair(cert, key), info }
}

function hashPair(cert: Buffer, key: Buffer): string {
  return createHash('sha256').update(cert).update('\0').update(key).digest('hex')
}

function readOrThrow(file: string, what: string): Buffer {
  try {
    return readFileSync(file)
  } catch (err) {
    throw new Error(`cannot read ${what} file ${file}: ${message(err)}`, { cause: err })
  }
}

export interface CertificateWatch {
  /** The pair being served. */
  current(): Pair
  /** Starts reading the files every interval. */
  start(): void
  /** Stops; resolves once a read in progress is done. */
  stop(): Promise<void>
}

/** Watches the files of `first` for a new pair, which it puts into `server`'s TLS context. */
export function watchCertificates(
  files: { certFile: string; keyFile: string; reloadIntervalMs: number },
  first: Pair,
  server: Server,
  log: (record: Record<string, unknown>) => void,
): CertificateWatch {
  let current = first
  let lastFailure: string | undefined
  let timer: NodeJS.Timeout | undefined
  let polling: Promise<void> | undefined
  let stopped = false
  const failed = (m: string) => log({ msg: 'certificate reload failed', error: m, keeping: current.info.serial })
  async function poll() {
    let cert: Buffer, key: Buffer
    try {
      ;[cert, key] = await Promise.all([
        fsp
          .readFile(files.certFile)
          .catch((err) => Promise.reject(new Error(`cannot read certificate file ${files.certFile}: ${message(err)}`))),
        fsp.readFile(files.keyFile).catch((err) => Promise.reject(new Error(`cannot read key file ${files.keyFile}: ${message(err)}`))),
      ])
    } catch (err) {
      if (lastFailure !== message(err)) failed(message(err))
      lastFailure = message(err)
      return
    }
    const hash = hashPair(cert, key)
    if (hash === current.hash) {
      lastFailure = undefined
      return
    }
    if (lastFailure === hash) return
    try {
      const next = checkPair(files.certFile, files.keyFile, cert, key)
      server.setSecureContext({ cert: next.cert, key: next.key, minVersion: TLS_MIN })
      const previous = current.info.serial
      current = next
      lastFailure = undefined
      log({ msg: 'certificate reloaded', ...next.info, previous })
      warnIfExpired(next, log)
    } catch (err) {
      lastFailure = hash
      failed(message(err))
    }
  }
  const schedule = () => {
    timer = setTimeout(() => {
      polling = poll().finally(() => {
        polling = undefined
        if (!stopped) schedule()
      })
    }, files.reloadIntervalMs)
    timer.unref()
  }
  return {
    current: () => current,
    start: schedule,
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      return Promise.resolve(polling)
    },
  }
}

export function warnIfExpired(pair: Pair, log: (record: Record<string, unknown>) => void) {
  if (Date.parse(pair.info.notAfter) < Date.now())
    log({ msg: 'certificate expired', serial: pair.info.serial, notAfter: pair.info.notAfter })
}
