{{- define "edges.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "edges.backends" -}}
- service: {{ .Release.Name }}-canary
  weight: 100m
{{- end }}
