// Gzips stdin to stdout as Helm's storage does (helm/helm pkg/storage/driver/util.go
// encodeRelease: compress/gzip at gzip.BestCompression): the oracle of how large a record Go
// writes, for test/helm-release-gzip.test.ts. Standard library only; GOPATH mode:
// GO111MODULE=off go run gzip.go < release.json > release.json.gz
package main

import (
	"compress/gzip"
	"io"
	"os"
)

func main() {
	w, err := gzip.NewWriterLevel(os.Stdout, gzip.BestCompression)
	if err == nil {
		_, err = io.Copy(w, os.Stdin)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
}
