{{- define "canary.name" -}}
{{ .Release.Name }}-{{ .Chart.Name }}
{{- end }}
