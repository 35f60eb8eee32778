// package.json
var package_default = {
  name: "smi-migrate",
  version: "0.1.0",
  description: "Losslessly upgrade SMI TrafficSplit manifests (v1alpha1 quantity weights to integer weights) in files, streams and patches",
  license: "MIT",
  type: "module",
  bin: {
    "smi-migrate": "dist/cli.js"
  },
  main: "dist/index.js",
  types: "dist/index.d.ts",
  exports: {
    ".": {
      types: "./dist/index.d.ts",
      import: "./dist/index.js"
    }
  },
  files: [
    "dist/cli.js",
    "dist/index.js",
    "dist/index.d.ts",
    "dist/chunks/",
    "dist/THIRD_PARTY_NOTICES.md",
    "README.md",
    "LICENSE",
    "plugin.yaml"
  ],
  engines: {
    node: ">=20"
  },
  scripts: {
    build: "node scripts/build.mjs",
    "check-dist": "node scripts/build.mjs --check",
    typecheck: "tsc --noEmit",
    lint: "eslint . && prettier --check src test scripts bench eslint.config.js",
    format: "prettier --write src test scripts bench eslint.config.js",
    test: "node scripts/test.mjs --checks",
    "test:fast": "node scripts/test.mjs --fast",
    bench: "node bench/run.mjs",
    "bench:compare": "node bench/compare.mjs",
    "bench:webhook": "node bench/webhook.mjs",
    fuzz: "node scripts/fuzz.mjs",
    "fuzz:kinds": "node scripts/fuzz-kinds.mjs"
  },
  keywords: [
    "smi",
    "trafficsplit",
    "kubernetes",
    "migration",
    "yaml",
    "linkerd"
  ],
  devDependencies: {
    "@actions/core": "3.0.1",
    "@bufbuild/cel": "0.6.1",
    "@bufbuild/protobuf": "2.17.0",
    "@bufbuild/re2": "0.6.1",
    "@eslint/js": "10.0.1",
    "@kubernetes-models/cert-manager": "4.4.4",
    "@microsoft/sarif-multitool": "5.7.0",
    "@types/node": "20.19.43",
    diff: "9.0.0",
    esbuild: "0.28.2",
    eslint: "10.16.0",
    "eslint-plugin-regexp": "3.1.1",
    "fast-check": "4.11.0",
    glob: "14.0.6",
    globals: "17.15.0",
    "kubernetes-models": "4.5.1",
    minimatch: "11.0.10",
    prettier: "3.10.1",
    rollup: "4.68.9",
    "rollup-plugin-dts": "6.5.1",
    tsx: "4.23.15",
    typescript: "5.9.3",
    "typescript-eslint": "8.74.0",
    uvu: "0.5.6",
    yaml: "2.9.1"
  },
  allowScripts: {
    esbuild: true
  }
};

// src/version.ts
var version = package_default.version;

export {
  version
};
