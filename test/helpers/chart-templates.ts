/**
 * The templates the values-proof suites build their charts from: a TrafficSplit whose weights
 * are value actions (`.Values.canary.stable`, `.Values.canary.weight`) and a ConfigMap that
 * reads another value, so a render shows both what converts and what must not change; and
 * packaged charts, as `helm package` makes them.
 */
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** A TrafficSplit template at `version`, its stable weight `stable` (a value action unless given). */
export const splitTemplate = (version = 'v1alpha1', stable = '{{ .Values.canary.stable }}') => `apiVersion: split.smi-spec.io/${version}
kind: TrafficSplit
metadata:
  name: {{ .Chart.Name }}
spec:
  service: web
  backends:
  - service: web-stable
    weight: ${stable}
  - service: web-canary
    weight: {{ .Values.canary.weight }}
`

/** A ConfigMap template reading `.Values.replicas`. */
export const CONFIGMAP_TEMPLATE = `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Chart.Name }}
data:
  replicas: "{{ .Values.replicas }}"
`

/** A packaged chart: `top/` holding `files`, gzipped tar, as `helm package` makes one. */
export function tgz(top: string, files: Record<string, string>): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'smi-tgz-'))
  for (const [f, t] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, top, f)), { recursive: true })
    writeFileSync(join(dir, top, f), t)
  }
  const r = spawnSync('tar', ['-czf', join(dir, 'out.tgz'), '-C', dir, top])
  assert.is(r.status, 0, String(r.stderr))
  const out = readFileSync(join(dir, 'out.tgz'))
  rmSync(dir, { recursive: true, force: true })
  return out
}
