// Reads a Helm release JSON from stdin as Helm's storage does (encoding/json into a struct with
// Helm's field tags, helm/helm pkg/release/release.go: `json:"name,omitempty"`,
// `json:"manifest,omitempty"`, `json:"version,omitempty"`) and prints what Go read, as JSON:
// {"name": ..., "manifest": ..., "version": ...}, or {"error": ...}. The oracle of
// test/helm-release-keys.test.ts for which object keys Go's decoder reads into a field.
//
// Standard library only; run in GOPATH mode: GO111MODULE=off go run release-keys.go < release.json
package main

import (
	"encoding/json"
	"io"
	"os"
)

type release struct {
	Name     string `json:"name,omitempty"`
	Manifest string `json:"manifest,omitempty"`
	Version  int    `json:"version,omitempty"`
}

func main() {
	in, err := io.ReadAll(os.Stdin)
	out := map[string]interface{}{}
	var r release
	if err == nil {
		err = json.Unmarshal(in, &r)
	}
	if err != nil {
		out["error"] = err.Error()
	} else {
		out["name"], out["manifest"], out["version"] = r.Name, r.Manifest, r.Version
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
