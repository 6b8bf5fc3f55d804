{{/* The release's full name, at most 63 characters. */}}
{{- define "streamgauge.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Labels that select the operator's pod. */}}
{{- define "streamgauge.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}-operator
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Labels of every object of the release. */}}
{{- define "streamgauge.labels" -}}
{{ include "streamgauge.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* The operator's ServiceAccount. */}}
{{- define "streamgauge.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "streamgauge.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- required "serviceAccount.name is required when serviceAccount.create is false" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* key=value,... of a map, in key order. */}}
{{- define "streamgauge.keyValues" -}}
{{- $pairs := list -}}
{{- range $k, $v := . -}}
{{- $pairs = append $pairs (printf "%s=%s" $k $v) -}}
{{- end -}}
{{- join "," $pairs -}}
{{- end -}}

{{/* An image of the chart: <image.registry>/<repository>:<tag or appVersion>; the argument is a
dict with the root context ("root") and the image's values ("image"). */}}
{{- define "streamgauge.image" -}}
{{- $registry := .root.Values.image.registry | trimSuffix "/" -}}
{{- $tag := .image.tag | default .root.Chart.AppVersion -}}
{{- if $registry -}}
{{- printf "%s/%s:%s" $registry .image.repository $tag -}}
{{- else -}}
{{- printf "%s:%s" .image.repository $tag -}}
{{- end -}}
{{- end -}}

{{/* runtime=image,... of the reference apps, in runtime order. */}}
{{- define "streamgauge.referenceAppImages" -}}
{{- $root := . -}}
{{- $pairs := list -}}
{{- range $runtime, $image := .Values.referenceApps -}}
{{- $pairs = append $pairs (printf "%s=%s" $runtime (include "streamgauge.image" (dict "root" $root "image" $image))) -}}
{{- end -}}
{{- join "," $pairs -}}
{{- end -}}

{{/* "true" when the admission policy is wanted and the cluster has ValidatingAdmissionPolicy v1
(GA in Kubernetes 1.30): the API server serves it (helm install asks it), or the Kubernetes
version says so (helm template: its default version, or --kube-version); else empty. */}}
{{- define "streamgauge.admissionPolicy" -}}
{{- $served := .Capabilities.APIVersions.Has "admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy" -}}
{{- $ga := semverCompare ">=1.30.0-0" .Capabilities.KubeVersion.Version -}}
{{- if and .Values.admissionPolicy.enabled (or $served $ga) -}}
true
{{- end -}}
{{- end -}}
