/**
 * The templates the values-proof suites build their charts from: a TrafficSplit whose weights
 * are value actions (`.Values.canary.stable`, `.Values.canary.weight`) and a ConfigMap that
 * reads another value, so a render shows both what converts and what must not change.
 */

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
