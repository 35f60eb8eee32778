// Writes the Helm release records of this directory the way Helm stores them (helm/helm
// pkg/storage/driver/util.go encodeRelease: encoding/json, gzip at BestCompression, standard
// base64; a Secret's data adds Kubernetes' base64) and prints them as kubectl get -o json
// does. The release struct mirrors pkg/release (field order, omitempty). Also writes the
// release JSON each rewritten record must decode to, from hand-converted manifests.
//
//	cd testdata/helm-release && go run generate.go
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type Info struct {
	FirstDeployed string `json:"first_deployed,omitempty"`
	LastDeployed  string `json:"last_deployed,omitempty"`
	Deleted       string `json:"deleted"`
	Description   string `json:"description,omitempty"`
	Status        string `json:"status,omitempty"`
	Notes         string `json:"notes,omitempty"`
}

type File struct {
	Name string `json:"name"`
	Data []byte `json:"data"`
}

type Chart struct {
	Metadata  map[string]interface{} `json:"metadata"`
	Lock      interface{}            `json:"lock"`
	Templates []*File                `json:"templates"`
	Values    map[string]interface{} `json:"values"`
	Schema    []byte                 `json:"schema"`
	Files     []*File                `json:"files"`
}

type Hook struct {
	Name           string                 `json:"name,omitempty"`
	Kind           string                 `json:"kind,omitempty"`
	Path           string                 `json:"path,omitempty"`
	Manifest       string                 `json:"manifest,omitempty"`
	Events         []string               `json:"events,omitempty"`
	LastRun        map[string]interface{} `json:"last_run,omitempty"`
	Weight         int                    `json:"weight,omitempty"`
	DeletePolicies []string               `json:"delete_policies,omitempty"`
}

type Release struct {
	Name      string                 `json:"name,omitempty"`
	Info      *Info                  `json:"info,omitempty"`
	Chart     *Chart                 `json:"chart,omitempty"`
	Config    map[string]interface{} `json:"config,omitempty"`
	Manifest  string                 `json:"manifest,omitempty"`
	Hooks     []*Hook                `json:"hooks,omitempty"`
	Version   int                    `json:"version,omitempty"`
	Namespace string                 `json:"namespace,omitempty"`
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

func encode(r *Release) ([]byte, string) {
	raw, err := json.Marshal(r)
	must(err)
	var b bytes.Buffer
	w, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	must(err)
	_, err = w.Write(raw)
	must(err)
	must(w.Close())
	return raw, base64.StdEncoding.EncodeToString(b.Bytes())
}

// record: the object kubectl get -o json prints for a release stored by the given driver.
func record(r *Release, kind string, helm string) map[string]interface{} {
	name := fmt.Sprintf("sh.helm.release.v1.%s.v%d", r.Name, r.Version)
	o := map[string]interface{}{
		"apiVersion": "v1",
		"kind":       kind,
		"metadata": map[string]interface{}{
			"creationTimestamp": "2024-05-01T10:00:00Z",
			"labels": map[string]string{
				"modifiedAt": "1714557600", "name": r.Name, "owner": "helm", "status": r.Info.Status, "version": fmt.Sprint(r.Version),
			},
			"name":            name,
			"namespace":       r.Namespace,
			"resourceVersion": fmt.Sprint(1000 + r.Version),
			"uid":             fmt.Sprintf("00000000-0000-0000-0000-%012d", r.Version),
		},
	}
	if kind == "Secret" {
		o["type"] = "helm.sh/release.v1"
		o["data"] = map[string]string{"release": base64.StdEncoding.EncodeToString([]byte(helm))}
	} else {
		o["data"] = map[string]string{"release": helm}
	}
	return o
}

func write(file string, v interface{}) {
	b, err := json.MarshalIndent(v, "", "    ")
	must(err)
	must(os.WriteFile(file, append(b, '\n'), 0o644))
}

func list(items ...map[string]interface{}) map[string]interface{} {
	return map[string]interface{}{"apiVersion": "v1", "items": items, "kind": "List", "metadata": map[string]string{"resourceVersion": ""}}
}

const service = "---\n# Source: web/templates/service.yaml\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  annotations:\n    note: \"a <b> & c\"\nspec:\n  ports:\n  - port: 8080\n"

func split(version, w1, w2 string) string {
	return "---\n# Source: web/templates/split.yaml\napiVersion: split.smi-spec.io/" + version +
		"\nkind: TrafficSplit\nmetadata:\n  name: web-split # canary\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: " +
		w1 + "\n  - service: web-v2\n    weight: " + w2 + "\n"
}

const deploy = "---\n# Source: web/templates/deploy.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web-v1\nspec:\n  replicas: 1\n"

func web(version int, status string, w1, w2 string) *Release {
	return &Release{
		Name: "web",
		Info: &Info{FirstDeployed: "2024-05-01T10:00:00Z", LastDeployed: fmt.Sprintf("2024-05-0%dT10:00:00Z", version), Description: "Upgrade complete", Status: status, Notes: "web <notes> & more"},
		Chart: &Chart{
			Metadata:  map[string]interface{}{"name": "web", "version": "0.1.0", "apiVersion": "v2"},
			Templates: []*File{{Name: "templates/split.yaml", Data: []byte("apiVersion: split.smi-spec.io/v1alpha1\n")}},
			Values:    map[string]interface{}{"canary": map[string]interface{}{"weight": "500m"}, "10": "integer-like key", "big": int64(9007199254740993)},
			Files:     []*File{},
		},
		Config:   map[string]interface{}{"big": int64(9007199254740993), "1": "one", "b": 1.5},
		Manifest: service + split("v1alpha1", w1, w2) + deploy,
		Hooks: []*Hook{{Name: "web-migrate", Kind: "Job", Path: "web/templates/job.yaml",
			Manifest: "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: web-migrate\n", Events: []string{"pre-upgrade"},
			LastRun: map[string]interface{}{"started_at": "", "completed_at": "", "phase": ""}}},
		Version:   version,
		Namespace: "demo",
	}
}

func main() {
	// web: 1 superseded, 2 deployed, 3 failed; every manifest holds a v1alpha1 split in mixed notations.
	revs := []*Release{web(1, "superseded", "1", "500m"), web(2, "deployed", "\"1\"", "500m"), web(3, "failed", "1", "250m")}
	var items []map[string]interface{}
	for _, r := range revs {
		raw, helm := encode(r)
		must(os.WriteFile(fmt.Sprintf("web.v%d.release.json", r.Version), raw, 0o644))
		items = append(items, record(r, "Secret", helm))
	}
	write("web.json", list(items...))
	write("web.v2.secret.json", items[1])
	// What revisions 2 and 3 must decode to: hand-converted manifests, marshalled by Go.
	converted := map[int]string{2: split("v1alpha2", "1000", "500"), 3: split("v1alpha2", "1000", "250")}
	for v, s := range converted {
		r := revs[v-1]
		old := r.Manifest
		r.Manifest = service + s + deploy
		raw, _ := encode(r)
		must(os.WriteFile(fmt.Sprintf("web.v%d.v1alpha2.release.json", v), raw, 0o644))
		r.Manifest = service + deploy
		raw, _ = encode(r)
		must(os.WriteFile(fmt.Sprintf("web.v%d.gateway.release.json", v), raw, 0o644))
		r.Manifest = old
	}
	// cm: the ConfigMap driver, nothing to convert.
	cm := web(1, "deployed", "1", "1")
	cm.Name = "cm"
	cm.Manifest = service + deploy
	raw, helm := encode(cm)
	must(os.WriteFile("cm.v1.release.json", raw, 0o644))
	write("cm.json", record(cm, "ConfigMap", helm))
	// legacy: a release stored before Helm compressed them (plain JSON in the Helm string).
	legacy := web(1, "deployed", "0.9", "100m")
	legacy.Name = "legacy"
	raw, _ = encode(legacy)
	must(os.WriteFile("legacy.v1.release.json", raw, 0o644))
	write("legacy.json", record(legacy, "Secret", base64.StdEncoding.EncodeToString(raw)))
	legacy.Manifest = strings.Replace(legacy.Manifest, split("v1alpha1", "0.9", "100m"), split("v1alpha2", "900", "100"), 1)
	raw, _ = encode(legacy)
	must(os.WriteFile("legacy.v1.v1alpha2.release.json", raw, 0o644))
}
