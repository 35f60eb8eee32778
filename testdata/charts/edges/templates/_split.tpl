{{/* A whole TrafficSplit kept in a helper, rendered by templates/split-from-helper.yaml. */}}
{{- define "edges.split" -}}
apiVersion: split.smi-spec.io/v1alpha1
kind: TrafficSplit
metadata:
  name: {{ .Release.Name }}-helper
spec:
  service: {{ .Release.Name }}
  backends:
  - service: {{ .Release.Name }}-stable
    weight: 900m
  - service: {{ .Release.Name }}-canary
    weight: 100m
{{- end }}
