/**
 * A throwaway PKI for the webhook tests, made with the `openssl` command (test/helpers/tools.ts
 * skips the tests where it is missing): one CA, and serving certificates for 127.0.0.1 and
 * localhost that it signs, each with the serial number the test asks for, so a client can
 * tell which certificate a connection got.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Issued {
  certFile: string
  keyFile: string
  /** Upper-case hex, as getPeerCertificate().serialNumber gives it. */
  serial: string
}

export interface Pki {
  dir: string
  /** The CA certificate (PEM), for the clients' `ca`. */
  ca: Buffer
  /** A serving certificate signed by the CA; `serial` in hex. */
  issue(name: string, serial: string, key?: 'rsa' | 'ec', days?: number): Issued
}

function openssl(args: string[], cwd: string) {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] })
}

export function makePki(prefix = 'smi-webhook-pki-'): Pki {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      '/CN=smi-migrate test CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  )
  writeFileSync(
    join(dir, 'server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n',
  )
  return {
    dir,
    ca: readFileSync(join(dir, 'ca.crt')),
    issue(name, serial, key = 'ec', days = 2) {
      const newkey = key === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1']
      openssl(['req', ...newkey, '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', '/CN=localhost'], dir)
      openssl(
        [
          'x509',
          '-req',
          '-in',
          `${name}.csr`,
          '-CA',
          'ca.crt',
          '-CAkey',
          'ca.key',
          '-set_serial',
          `0x${serial}`,
          '-days',
          String(days),
          '-extfile',
          'server.ext',
          '-out',
          `${name}.crt`,
        ],
        dir,
      )
      return { certFile: join(dir, `${name}.crt`), keyFile: join(dir, `${name}.key`), serial: serial.toUpperCase() }
    },
  }
}
