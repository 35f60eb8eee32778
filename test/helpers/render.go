// Renders a chart's templates as Helm does for the forms smi-migrate converts (docs/helm.md,
// "Values-driven weights"), and prints the weights of every TrafficSplit it renders as JSON.
//
// values.yaml is read as Helm reads it: gopkg.in/yaml.v2 (YAML 1.1), then through JSON
// (sigs.k8s.io/yaml), so numbers are float64. Templates are Go text/template with sprig's
// functions plus include, Helm's "missingkey=zero" and "<no value>" removed. The rendered
// manifests are read back with yaml.v2 and JSON, as kubectl reads them, and each split's
// weights printed as the JSON values Kubernetes gets: {"name": ..., "apiVersion": ..., "weights": [...]}.
//
// Debian: golang-go golang-github-masterminds-sprig-dev golang-gopkg-yaml.v2-dev; run in
// GOPATH mode: GO111MODULE=off GOPATH=/usr/share/gocode go run render.go CHART [RELEASE]
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	sprig "github.com/Masterminds/sprig"
	"gopkg.in/yaml.v2"
)

// toJSON turns what yaml.v2 decodes into what encoding/json would (string keys), as sigs.k8s.io/yaml does.
func toJSON(v interface{}) interface{} {
	switch t := v.(type) {
	case map[interface{}]interface{}:
		m := map[string]interface{}{}
		for k, x := range t {
			m[fmt.Sprint(k)] = toJSON(x)
		}
		return m
	case []interface{}:
		for i, x := range t {
			t[i] = toJSON(x)
		}
		return t
	}
	return v
}

// yamlToJSON reads YAML as Helm and kubectl do: yaml.v2, then a JSON round trip (numbers become float64).
func yamlToJSON(data []byte) (interface{}, error) {
	var raw interface{}
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	b, err := json.Marshal(toJSON(raw))
	if err != nil {
		return nil, err
	}
	var out interface{}
	err = json.Unmarshal(b, &out)
	return out, err
}

func main() {
	chart := os.Args[1]
	release := "rel"
	if len(os.Args) > 2 {
		release = os.Args[2]
	}
	valuesYAML, err := os.ReadFile(filepath.Join(chart, "values.yaml"))
	must(err)
	values, err := yamlToJSON(valuesYAML)
	must(err)
	if values == nil {
		values = map[string]interface{}{}
	}
	var files []string
	must(filepath.Walk(filepath.Join(chart, "templates"), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			files = append(files, p)
		}
		return err
	}))
	sort.Strings(files)
	root := template.New("chart").Option("missingkey=zero")
	funcs := sprig.TxtFuncMap()
	funcs["include"] = func(name string, data interface{}) (string, error) {
		var b bytes.Buffer
		err := root.ExecuteTemplate(&b, name, data)
		return b.String(), err
	}
	root.Funcs(funcs)
	for _, f := range files {
		text, err := os.ReadFile(f)
		must(err)
		_, err = root.New(f).Parse(string(text))
		must(err)
	}
	data := map[string]interface{}{
		"Values":  values,
		"Release": map[string]interface{}{"Name": release, "Namespace": "default"},
		"Chart":   map[string]interface{}{"Name": filepath.Base(chart), "AppVersion": "1.0"},
	}
	var splits []interface{}
	for _, f := range files {
		base := filepath.Base(f)
		if strings.HasPrefix(base, "_") || !(strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml")) {
			continue
		}
		var b bytes.Buffer
		must(root.ExecuteTemplate(&b, f, data))
		rendered := strings.ReplaceAll(b.String(), "<no value>", "")
		for _, doc := range strings.Split(rendered, "\n---") {
			obj, err := yamlToJSON([]byte(doc))
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n%s\n", f, err, doc)
				os.Exit(1)
			}
			m, ok := obj.(map[string]interface{})
			if !ok || m["kind"] != "TrafficSplit" {
				continue
			}
			var weights []interface{}
			spec, _ := m["spec"].(map[string]interface{})
			backends, _ := spec["backends"].([]interface{})
			for _, be := range backends {
				weights = append(weights, be.(map[string]interface{})["weight"])
			}
			meta, _ := m["metadata"].(map[string]interface{})
			splits = append(splits, map[string]interface{}{"name": meta["name"], "apiVersion": m["apiVersion"], "weights": weights})
		}
	}
	out, err := json.Marshal(splits)
	must(err)
	fmt.Println(string(out))
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
