// Renders a chart as Helm does for the shapes smi-migrate reads (docs/helm.md, "Values-driven
// weights"), written from Helm's documented behaviour; the Helm source files named below are
// where Helm decides each rule (helm/helm at 018982f177fcc123877307d9cadce3d2e361db0c), cited,
// not copied.
//
//   - Loading (pkg/chart/loader/directory.go, internal/sympath/walk.go): every file of the chart
//     directory, symlinked files and directories followed, less what .helmignore and Helm's
//     default rule leave out (pkg/ignore/rules.go); templates/** are templates, charts/<dir>
//     and charts/*.tgz are subcharts (pkg/chart/loader/load.go, archive.go; an archive's entries
//     each lose their first path component), and a `file://` dependency (Chart.yaml or
//     requirements.yaml, relative or absolute) not under charts/ is loaded from its path as
//     `helm dependency build` would vendor it; every other file but Chart.yaml, Chart.lock,
//     values.yaml, values.schema.json and (in a chart of apiVersion v2) requirements.* is in
//     .Files. The files Helm decides these in, at e9b85e4de16ad45805843fb121748018cf89094b, are
//     named where each is done below.
//   - Values (pkg/chartutil/coalesce.go, pkg/cli/values/options.go): the -f files merged in
//     order (a later file wins, mappings merge), then coalesced over the chart's values.yaml
//     (the user's value wins, mappings merge, a null removes the key), then each subchart's
//     block (its name, or its alias from Chart.yaml dependencies, pkg/chartutil/dependencies.go)
//     takes the parent's globals and is coalesced over the subchart's values.yaml. A dependency
//     whose condition (the first of its comma-separated paths that holds a boolean) reads false
//     is not rendered. values are read with gopkg.in/yaml.v2 and
//     then through JSON (sigs.k8s.io/yaml), so numbers are float64.
//   - Rendering (pkg/engine/engine.go, pkg/engine/funcs.go, pkg/engine/files.go): one template
//     set for the chart and its subcharts, each template named <chart>/templates/<file>
//     (subcharts <chart>/charts/<sub>/templates/<file>) and executed with its own chart's
//     values; sprig's functions plus include, tpl (the text parsed into a copy of the set),
//     toYaml, fromYaml, required; missingkey=zero and "<no value>" removed; files whose name
//     starts with "_" and NOTES.txt are not output.
//
// Output: the weights of every rendered TrafficSplit, [{"name", "apiVersion", "weights"}];
// with -all, every rendered object, [{"source", "object"}], as kubectl reads it (yaml.v2 and
// JSON). With -batch, one request per stdin line ({"chart": DIR, "values": [FILE...]}) and
// one JSON line out per request ({"objects": [...]} or {"error": "..."}), so many charts
// render in one process.
//
// Debian: golang-go golang-github-masterminds-sprig-dev golang-gopkg-yaml.v2-dev; run in
// GOPATH mode: GO111MODULE=off GOPATH=/usr/share/gocode go run render.go [-all] [-f FILE]... CHART [RELEASE]
package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	sprig "github.com/Masterminds/sprig"
	"gopkg.in/yaml.v2"
)

type values = map[string]interface{}

// A chart as loaded: its files by slash path relative to its directory, and its subcharts.
type chart struct {
	name   string
	meta   values
	values values
	files  map[string][]byte
	subs   []*chart
}

// toJSON turns what yaml.v2 decodes into what encoding/json would (string keys), as sigs.k8s.io/yaml does.
func toJSON(v interface{}) interface{} {
	switch t := v.(type) {
	case map[interface{}]interface{}:
		m := values{}
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

func readValues(data []byte) (values, error) {
	v, err := yamlToJSON(data)
	if err != nil || v == nil {
		return values{}, err
	}
	m, ok := v.(values)
	if !ok {
		return nil, fmt.Errorf("values are not a mapping")
	}
	return m, nil
}

// walk lists the files under dir by slash path relative to the chart, following symlinks to
// files and directories (each real directory once), and leaving out what the chart's
// .helmignore leaves out (a directory's whole tree). The file's bytes lose a UTF-8 BOM, as
// Helm's directory loader trims it (pkg/chart/v2/loader/directory.go at e9b85e4de16ad45805843fb121748018cf89094b).
func walk(dir, rel string, rules []ignoreRule, seen map[string]bool, out map[string][]byte) error {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	if seen[real] {
		return nil
	}
	seen[real] = true
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		info, err := os.Stat(p)
		if err != nil {
			return err
		}
		r := path.Join(rel, e.Name())
		if ignored(rules, r, info.IsDir()) {
			continue
		}
		if info.IsDir() {
			if err := walk(p, r, rules, seen, out); err != nil {
				return err
			}
		} else {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[r] = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
		}
	}
	return nil
}

// load loads a chart directory as Helm's directory loader does: every file the chart's own
// .helmignore keeps (with Helm's default rule for dotfiles in templates/, pkg/ignore/rules.go
// AddDefaults), its subcharts under charts/ read from those files.
func load(dir string) (*chart, error) {
	rules, err := readIgnore(filepath.Join(dir, ".helmignore"))
	if err != nil {
		return nil, fmt.Errorf("%s/.helmignore: %v", dir, err)
	}
	files := map[string][]byte{}
	if err := walk(dir, "", rules, map[string]bool{}, files); err != nil {
		return nil, err
	}
	return fromFiles(files, dir, filepath.Base(dir))
}

// fromFiles makes a chart of its files, as Helm's LoadFiles does (pkg/chart/v2/loader/load.go
// at e9b85e4de16ad45805843fb121748018cf89094b): no Chart.yaml is an error; charts/<name>/... and
// charts/<name>.tgz are subcharts, those whose name starts with "_" or "." skipped; a file
// directly under charts/ that is no archive is a subchart without Chart.yaml (an error). dir
// is the chart's directory when it was loaded from one (file:// dependencies are relative to it).
func fromFiles(all map[string][]byte, dir, where string) (*chart, error) {
	if all["Chart.yaml"] == nil {
		return nil, fmt.Errorf("%s: Chart.yaml file is missing", where)
	}
	c := &chart{files: map[string][]byte{}}
	subFiles := map[string]map[string][]byte{}
	for name, b := range all {
		if strings.HasPrefix(name, "charts/") && path.Ext(name) != ".prov" {
			rest := strings.TrimPrefix(name, "charts/")
			sub, inner, _ := strings.Cut(rest, "/")
			if subFiles[sub] == nil {
				subFiles[sub] = map[string][]byte{}
			}
			subFiles[sub][inner] = b
			continue
		}
		c.files[name] = b
	}
	meta, err := readValues(c.files["Chart.yaml"])
	if err != nil {
		return nil, fmt.Errorf("%s/Chart.yaml: %v", where, err)
	}
	c.meta = meta
	c.name, _ = meta["name"].(string)
	if c.name == "" {
		c.name = filepath.Base(where)
	}
	if c.values, err = readValues(c.files["values.yaml"]); err != nil {
		return nil, fmt.Errorf("%s/values.yaml: %v", where, err)
	}
	// Helm 2's requirements.yaml lists dependencies too (pkg/chart/loader/load.go).
	if req, err := readValues(c.files["requirements.yaml"]); err == nil {
		if deps, ok := req["dependencies"].([]interface{}); ok {
			own, _ := c.meta["dependencies"].([]interface{})
			c.meta["dependencies"] = append(own, deps...)
		}
	}
	names := make([]string, 0, len(subFiles))
	for n := range subFiles {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if strings.IndexAny(n, "_.") == 0 {
			continue
		}
		var sub *chart
		if path.Ext(n) == ".tgz" && subFiles[n][""] != nil {
			sub, err = loadArchive(subFiles[n][""], where+"/charts/"+n)
		} else {
			delete(subFiles[n], "")
			sub, err = fromFiles(subFiles[n], "", where+"/charts/"+n)
		}
		if err != nil {
			return nil, fmt.Errorf("error unpacking subchart %s in %s: %v", n, c.name, err)
		}
		c.subs = append(c.subs, sub)
	}
	if dir == "" {
		return c, nil
	}
	// A file:// dependency not under charts/ renders as `helm dependency build` would vendor it
	// (pkg/downloader/manager.go: the path is relative to the chart's directory, or absolute,
	// internal/resolver/resolver.go GetLocalPath at e9b85e4de16ad45805843fb121748018cf89094b).
	deps, _ := c.meta["dependencies"].([]interface{})
	for _, d := range deps {
		m, _ := d.(values)
		repo, _ := m["repository"].(string)
		name, _ := m["name"].(string)
		if !strings.HasPrefix(repo, "file://") || c.hasSub(name) {
			continue
		}
		p := strings.TrimPrefix(repo, "file://")
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		sub, err := load(p)
		if err != nil {
			return nil, err
		}
		c.subs = append(c.subs, sub)
	}
	return c, nil
}

func (c *chart) hasSub(name string) bool {
	for _, s := range c.subs {
		if s.name == name {
			return true
		}
	}
	return false
}

// loadArchive loads a packaged chart (a gzipped tar) as Helm's archive loader does
// (pkg/chart/loader/archive/archive.go LoadArchiveFiles at e9b85e4de16ad45805843fb121748018cf89094b):
// every entry but directories and extended headers loses its first path component, whatever it
// is (so `a/x` and `b/y` are one chart's x and y, and `./a/Chart.yaml` is a/Chart.yaml, no
// Chart.yaml at the top); an entry that names nothing below it, an absolute or a parent path,
// or Chart.yaml at the top is an error. No .helmignore applies to an archive.
func loadArchive(data []byte, where string) (*chart, error) {
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	tr := tar.NewReader(gz)
	files := map[string][]byte{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		if h.FileInfo().IsDir() || h.Typeflag == tar.TypeXGlobalHeader || h.Typeflag == tar.TypeXHeader {
			continue
		}
		sep := "/"
		if strings.Contains(h.Name, "\\") {
			sep = "\\"
		}
		parts := strings.Split(h.Name, sep)
		if parts[0] == "Chart.yaml" {
			return nil, fmt.Errorf("%s: Chart.yaml is not in the chart's directory", where)
		}
		n := strings.Join(parts[1:], "/")
		if path.IsAbs(n) {
			return nil, fmt.Errorf("%s: an absolute path: %s", where, h.Name)
		}
		n = path.Clean(n)
		if n == "." || strings.HasPrefix(n, "..") {
			return nil, fmt.Errorf("%s: an entry outside the chart's directory: %s", where, h.Name)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		files[n] = b
	}
	return fromFiles(files, "", where)
}

// An ignore rule of a .helmignore, read as Helm reads it (pkg/ignore/rules.go at
// e9b85e4de16ad45805843fb121748018cf89094b): a shell glob (`**` refused), `!` negates, a
// trailing `/` takes directories only, a leading `/` anchors it at the chart's top, and a
// glob without `/` matches the base name.
type ignoreRule struct {
	glob                          string
	negate, dirOnly, wholeRelPath bool
}

func readIgnore(file string) ([]ignoreRule, error) {
	data, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	var rules []ignoreRule
	lines := strings.Split(string(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))), "\n")
	for _, line := range append(lines, "templates/.?*") { // Helm's default rule comes last
		r := strings.TrimSpace(line)
		if r == "" || strings.HasPrefix(r, "#") {
			continue
		}
		if strings.Contains(r, "**") {
			return nil, fmt.Errorf("double-star (**) syntax is not supported: %s", r)
		}
		if _, err := filepath.Match(r, "abc"); err != nil {
			return nil, err
		}
		rule := ignoreRule{}
		rule.negate = strings.HasPrefix(r, "!")
		r = strings.TrimPrefix(r, "!")
		rule.dirOnly = strings.HasSuffix(r, "/")
		r = strings.TrimSuffix(r, "/")
		anchored := strings.HasPrefix(r, "/")
		r = strings.TrimPrefix(r, "/")
		rule.wholeRelPath = anchored || strings.Contains(r, "/")
		rule.glob = r
		rules = append(rules, rule)
	}
	return rules, nil
}

// ignored applies the rules in order: the first plain rule that matches ignores the path; a
// negated rule that does not match (or that wants a directory, given a file) ignores it too,
// as Helm's Rules.Ignore decides.
func ignored(rules []ignoreRule, rel string, isDir bool) bool {
	for _, r := range rules {
		name := rel
		if !r.wholeRelPath {
			name = path.Base(rel)
		}
		ok, _ := filepath.Match(r.glob, name)
		if r.negate {
			if (r.dirOnly && !isDir) || !ok {
				return true
			}
			continue
		}
		if r.dirOnly && !isDir {
			continue
		}
		if ok {
			return true
		}
	}
	return false
}

// dependencies gives each subchart the names it renders under: its aliases in Chart.yaml, else its own name.
func (c *chart) dependencies() [][2]interface{} {
	deps, _ := c.meta["dependencies"].([]interface{})
	var out [][2]interface{}
	for _, s := range c.subs {
		listed := false
		for _, d := range deps {
			m, _ := d.(values)
			if m["name"] != s.name {
				continue
			}
			listed = true
			name := s.name
			if a, ok := m["alias"].(string); ok && a != "" {
				name = a
			}
			cond, _ := m["condition"].(string)
			out = append(out, [2]interface{}{s, [2]string{name, cond}})
		}
		if !listed {
			out = append(out, [2]interface{}{s, [2]string{s.name, ""}})
		}
	}
	return out
}

// mergeUser merges a later -f file over the ones before it: mappings merge, anything else replaces.
func mergeUser(dst, src values) values {
	for k, v := range src {
		if sm, ok := v.(values); ok {
			if dm, ok := dst[k].(values); ok {
				dst[k] = mergeUser(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
	return dst
}

func deepCopy(v interface{}) interface{} {
	b, _ := json.Marshal(v)
	var out interface{}
	_ = json.Unmarshal(b, &out)
	return out
}

// under fills dst (higher precedence) from src: a key dst lacks is copied, mappings merge, a null in dst removes the key.
func under(dst, src values) {
	for k, sv := range src {
		dv, ok := dst[k]
		switch {
		case ok && dv == nil:
			delete(dst, k)
		case !ok:
			dst[k] = sv
		default:
			dm, dIs := dv.(values)
			sm, sIs := sv.(values)
			if dIs && sIs {
				under(dm, sm)
			}
		}
	}
}

// valuesOf gives the chart's values for `dest` (the user's, or the parent's block for a subchart), and its subcharts' values inside them.
func (c *chart) valuesOf(dest values) values {
	under(dest, deepCopy(c.values).(values))
	for _, d := range c.dependencies() {
		sub, name := d[0].(*chart), d[1].([2]string)[0]
		block, ok := dest[name].(values)
		if !ok {
			block = values{}
			dest[name] = block
		}
		// The parent's globals win over the subchart's own.
		pg, _ := dest["global"].(values)
		sg, _ := block["global"].(values)
		if sg == nil {
			sg = values{}
		}
		for k, v := range pg {
			if vm, ok := v.(values); ok {
				if sm, ok := sg[k].(values); ok {
					merged := deepCopy(vm).(values)
					under(merged, sm)
					sg[k] = merged
					continue
				}
			}
			sg[k] = v
		}
		block["global"] = sg
		dest[name] = sub.valuesOf(block)
	}
	return dest
}

// lookupBool reads a condition path ("a.b") in values; ok is false when it is not a boolean.
func lookupBool(v values, p string) (bool, bool) {
	var cur interface{} = v
	for _, k := range strings.Split(p, ".") {
		m, ok := cur.(values)
		if !ok {
			return false, false
		}
		cur = m[k]
	}
	b, ok := cur.(bool)
	return b, ok
}

// enabled reads a dependency's condition: comma-separated paths, the first that holds a boolean
// decides, none leaves it enabled; the list is trimmed as a whole, not each path
// (pkg/chart/v2/util/dependencies.go processDependencyConditions at e9b85e4de16ad45805843fb121748018cf89094b).
func enabled(vals values, condition string) bool {
	for _, p := range strings.Split(strings.TrimSpace(condition), ",") {
		if p == "" {
			continue
		}
		if on, ok := lookupBool(vals, p); ok {
			return on
		}
	}
	return true
}

type unit struct {
	name string // template name: <chart path>/templates/<file>
	c    *chart
	vals values
	base string
}

// units lists every template of the chart and its enabled subcharts, with the values each renders with.
func (c *chart) units(prefix string, vals values) []unit {
	var out []unit
	var names []string
	for f := range c.files {
		if strings.HasPrefix(f, "templates/") {
			names = append(names, f)
		}
	}
	sort.Strings(names)
	for _, f := range names {
		out = append(out, unit{name: prefix + "/" + f, c: c, vals: vals, base: prefix + "/templates"})
	}
	for _, d := range c.dependencies() {
		sub, nc := d[0].(*chart), d[1].([2]string)
		if !enabled(vals, nc[1]) {
			continue
		}
		block, _ := vals[nc[0]].(values)
		out = append(out, sub.units(prefix+"/charts/"+nc[0], block)...)
	}
	return out
}

type object struct {
	Source string      `json:"source"`
	Object interface{} `json:"object"`
}

func render(dir string, valueFiles []string, release string) ([]object, error) {
	c, err := load(dir)
	if err != nil {
		return nil, err
	}
	user := values{}
	for _, f := range valueFiles {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		v, err := readValues(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		user = mergeUser(user, v)
	}
	vals := c.valuesOf(user)
	units := c.units(c.name, vals)
	root := template.New("chart").Option("missingkey=zero")
	funcs := sprig.TxtFuncMap()
	// The set `include` looks names up in: the chart's, or while `tpl` renders, the copy it renders in.
	current := root
	funcs["include"] = func(name string, data interface{}) (string, error) {
		var b bytes.Buffer
		err := current.ExecuteTemplate(&b, name, data)
		return b.String(), err
	}
	tplCount := 0
	// tpl renders its text in a copy of the chart's template set, so a define in the text does not
	// reach the chart's own templates (helm pkg/engine/engine.go, the tpl function).
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		tplCount++
		set, err := current.Clone()
		if err != nil {
			return "", err
		}
		t, err := set.New(fmt.Sprintf("tpl-%d", tplCount)).Parse(text)
		if err != nil {
			return "", err
		}
		outer := current
		current = set
		defer func() { current = outer }()
		var b bytes.Buffer
		err = t.Execute(&b, data)
		return strings.ReplaceAll(b.String(), "<no value>", ""), err
	}
	// toYaml marshals through JSON, as sigs.k8s.io/yaml does (helm pkg/engine/funcs.go): a number
	// prints as JSON prints it (1000000, not yaml.v2's 1e+06), map keys sorted.
	funcs["toYaml"] = func(v interface{}) string {
		j, err := json.Marshal(toJSON(v))
		if err != nil {
			return ""
		}
		var back interface{}
		if err := yaml.Unmarshal(j, &back); err != nil {
			return ""
		}
		b, err := yaml.Marshal(back)
		if err != nil {
			return ""
		}
		return strings.TrimSuffix(string(b), "\n")
	}
	funcs["fromYaml"] = func(s string) values {
		v, err := readValues([]byte(s))
		if err != nil {
			return values{"Error": err.Error()}
		}
		return v
	}
	funcs["required"] = func(msg string, v interface{}) (interface{}, error) {
		if v == nil || v == "" {
			return v, fmt.Errorf("%s", msg)
		}
		return v, nil
	}
	root.Funcs(funcs)
	// Parsed as Helm parses them, so that of two defines of one name the same one wins: the
	// deepest paths first, names of one depth from the greatest to the least (helm
	// pkg/engine/engine.go sortTemplates at 0052fe642c606b6020280d81fe7bf4f5d32b849a); the
	// last define of a name replaces the ones before it.
	parsing := append([]unit(nil), units...)
	sort.SliceStable(parsing, func(i, j int) bool {
		di, dj := strings.Count(parsing[i].name, "/"), strings.Count(parsing[j].name, "/")
		if di != dj {
			return di > dj
		}
		return parsing[i].name > parsing[j].name
	})
	for _, u := range parsing {
		if _, err := root.New(u.name).Parse(string(u.c.files[strings.TrimPrefix(u.name, strings.TrimSuffix(u.base, "templates"))])); err != nil {
			return nil, err
		}
	}
	var out []object
	for _, u := range units {
		base := path.Base(u.name)
		if strings.HasPrefix(base, "_") || base == "NOTES.txt" {
			continue
		}
		data := values{
			"Values":       chartValues(u.vals),
			"Release":      values{"Name": release, "Namespace": "default", "Service": "Helm"},
			"Chart":        values{"Name": u.c.name, "AppVersion": "1.0"},
			"Files":        filesOf(u.c),
			"Template":     values{"Name": u.name, "BasePath": u.base},
			"Capabilities": values{},
		}
		var b bytes.Buffer
		if err := root.ExecuteTemplate(&b, u.name, data); err != nil {
			return nil, err
		}
		rendered := strings.ReplaceAll(b.String(), "<no value>", "")
		for _, doc := range strings.Split(rendered, "\n---") {
			obj, err := yamlToJSON([]byte(doc))
			if err != nil {
				return nil, fmt.Errorf("%s: %v\n%s", u.name, err, doc)
			}
			if obj != nil {
				out = append(out, object{u.name, obj})
			}
		}
	}
	return out, nil
}

// chartValues is .Values with the methods Helm's chartutil.Values gives templates (helm/helm
// pkg/chartutil/values.go at 018982f177fcc123877307d9cadce3d2e361db0c), written from their
// behaviour: YAML marshals all values; AsMap gives them as a plain map; Table "a.b" walks
// nested mappings and fails when a step is missing or no mapping; PathValue "a.b" gives the
// scalar or list at the path and fails when it is missing or a mapping. text/template calls a
// method before it looks up a map key of the same name.
type chartValues map[string]interface{}

func (v chartValues) YAML() (string, error) {
	b, err := yaml.Marshal(map[string]interface{}(v))
	return string(b), err
}

func (v chartValues) AsMap() map[string]interface{} { return v }

func (v chartValues) Table(name string) (chartValues, error) {
	cur := map[string]interface{}(v)
	for _, k := range strings.Split(name, ".") {
		next, ok := cur[k].(map[string]interface{})
		if !ok {
			return chartValues{}, fmt.Errorf("no table named %q", name)
		}
		cur = next
	}
	return chartValues(cur), nil
}

func (v chartValues) PathValue(p string) (interface{}, error) {
	keys := strings.Split(p, ".")
	cur := map[string]interface{}(v)
	if len(keys) > 1 {
		t, err := v.Table(strings.Join(keys[:len(keys)-1], "."))
		if err != nil {
			return nil, fmt.Errorf("no value at %q", p)
		}
		cur = t
	}
	got, ok := cur[keys[len(keys)-1]]
	if _, table := got.(map[string]interface{}); !ok || table {
		return nil, fmt.Errorf("no value at %q", p)
	}
	return got, nil
}

// files is .Files: the chart's files outside templates/ and its own metadata.
type files map[string][]byte

func (f files) Get(name string) string { return string(f[name]) }

// GetBytes, Lines and Glob as Helm's engine gives them (helm pkg/engine/files.go at
// 018982f177fcc123877307d9cadce3d2e361db0c): the bytes, the lines split at "\n", and the files
// whose slash path matches the pattern (path.Match here; the glob shapes the tests use agree).
func (f files) GetBytes(name string) []byte { return f[name] }

func (f files) Lines(name string) []string {
	if f[name] == nil {
		return []string{}
	}
	return strings.Split(string(f[name]), "\n")
}

func (f files) Glob(pattern string) files {
	out := files{}
	for name, b := range f {
		if ok, _ := path.Match(pattern, name); ok {
			out[name] = b
		}
	}
	return out
}

// filesOf is .Files as Helm's LoadFiles leaves them: not the chart's metadata, values, schema,
// lock, templates or subcharts; requirements.yaml and requirements.lock only in a chart of
// apiVersion v1 (pkg/chart/v2/loader/load.go at e9b85e4de16ad45805843fb121748018cf89094b).
func filesOf(c *chart) files {
	out := files{}
	v1 := c.meta["apiVersion"] == nil || c.meta["apiVersion"] == "" || c.meta["apiVersion"] == "v1"
	for name, b := range c.files {
		switch {
		case strings.HasPrefix(name, "templates/"), name == "Chart.yaml", name == "Chart.lock", name == "values.yaml", name == "values.schema.json":
			continue
		case (name == "requirements.yaml" || name == "requirements.lock") && !v1:
			continue
		}
		out[name] = b
	}
	return out
}

func splits(objects []object) []interface{} {
	out := []interface{}{}
	for _, o := range objects {
		m, ok := o.Object.(values)
		if !ok || m["kind"] != "TrafficSplit" {
			continue
		}
		var weights []interface{}
		spec, _ := m["spec"].(values)
		backends, _ := spec["backends"].([]interface{})
		for _, be := range backends {
			weights = append(weights, be.(values)["weight"])
		}
		meta, _ := m["metadata"].(values)
		out = append(out, values{"name": meta["name"], "apiVersion": m["apiVersion"], "weights": weights})
	}
	return out
}

func main() {
	var valueFiles, args []string
	all, batch := false, false
	for i := 1; i < len(os.Args); i++ {
		switch a := os.Args[i]; a {
		case "-f":
			i++
			valueFiles = append(valueFiles, os.Args[i])
		case "-all":
			all = true
		case "-batch":
			batch = true
		default:
			args = append(args, a)
		}
	}
	if batch {
		runBatch()
		return
	}
	release := "rel"
	if len(args) > 1 {
		release = args[1]
	}
	objects, err := render(args[0], valueFiles, release)
	must(err)
	var out []byte
	if all {
		out, err = json.Marshal(objects)
	} else {
		out, err = json.Marshal(splits(objects))
	}
	must(err)
	fmt.Println(string(out))
}

func runBatch() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for in.Scan() {
		var req struct {
			Chart  string   `json:"chart"`
			Values []string `json:"values"`
		}
		var reply interface{}
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			reply = values{"error": err.Error()}
		} else if objects, err := render(req.Chart, req.Values, "rel"); err != nil {
			reply = values{"error": err.Error()}
		} else {
			reply = values{"objects": objects}
		}
		b, _ := json.Marshal(reply)
		w.Write(append(b, '\n'))
	}
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
