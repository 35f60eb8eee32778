import {
  beyondMessage
} from "./shared-adac2e8139.js";

// src/files/write.ts
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync
} from "node:fs";
import { basename, dirname, join } from "node:path";
var TEMP_PREFIX = ".smi-migrate-";
var TEMP_SUFFIX = ".tmp";
var WriteRefused = class extends Error {
};
function checkWritable(path, opts = {}) {
  const target = realpathSync(path);
  if (opts.boundary && !opts.boundary.allows(target)) throw new WriteRefused(beyondMessage(`it is ${target},`));
  accessSync(dirname(target), constants.W_OK);
  const st = statSync(target);
  if ((st.mode & 128) === 0) throw new WriteRefused("file is read-only; not written");
  if (opts.unchanged) refuseIfChanged(target, opts.unchanged);
  return { target, st };
}
function refuseIfChanged(target, read) {
  if (!readFileSync(target).equals(read)) throw new WriteRefused("changed since this run read it; not written: run smi-migrate again");
}
function writeFileAtomic(path, data, opts = {}) {
  const { target, st } = checkWritable(path, opts);
  const tmp = join(dirname(target), `${TEMP_PREFIX}${basename(target)}.${process.pid}.${randomHex(4)}${TEMP_SUFFIX}`);
  const fd = openSync(tmp, "wx", 384);
  try {
    let off = 0;
    while (off < data.length) off += writeSync(fd, data, off, data.length - off);
    fchmodSync(fd, st.mode & 4095);
    try {
      fchownSync(fd, st.uid, st.gid);
    } catch {
    }
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    unlinkSync(tmp);
    throw err;
  }
  closeSync(fd);
  try {
    if (opts.unchanged) refuseIfChanged(target, opts.unchanged);
    renameSync(tmp, target);
  } catch (err) {
    unlinkSync(tmp);
    throw err;
  }
}
function tempOwner(name) {
  if (!name.startsWith(TEMP_PREFIX) || !name.endsWith(TEMP_SUFFIX)) return void 0;
  const parts = name.slice(0, -TEMP_SUFFIX.length).split(".");
  const hex = parts.pop();
  const pid = parts.pop();
  if (!hex || !/^[0-9a-f]{8}$/.test(hex) || !pid || !/^[1-9]\d{0,9}$/.test(pid)) return void 0;
  return Number(pid);
}
function isTempName(name) {
  return tempOwner(name) !== void 0;
}
function removeStaleTemps(files, boundary) {
  const removed = [];
  const dirs = new Set(
    files.map((f) => {
      try {
        return dirname(realpathSync(f));
      } catch {
        return dirname(f);
      }
    })
  );
  for (const dir of dirs) {
    if (boundary && !boundary.allows(dir)) continue;
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = tempOwner(name);
      if (pid === void 0 || isAlive(pid)) continue;
      try {
        unlinkSync(join(dir, name));
        removed.push(join(dir, name));
      } catch {
      }
    }
  }
  return removed;
}
function isAlive(pid) {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}
function randomHex(bytes) {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes))).toString("hex");
}

// src/files/result.ts
var EMPTY = Buffer.alloc(0);
function skipped(file, show, extraOf) {
  return {
    file,
    get shown() {
      return show(file);
    },
    candidate: false,
    input: EMPTY,
    output: EMPTY,
    changed: false,
    findings: [],
    objects: [],
    ...extraOf !== void 0 ? { extraOf } : {}
  };
}
function unchanged(file, shown, findings, extraOf) {
  return {
    file,
    shown,
    candidate: false,
    input: EMPTY,
    output: EMPTY,
    changed: false,
    findings,
    objects: [],
    ...extraOf !== void 0 ? { extraOf } : {}
  };
}
function withFindings(r, more) {
  return more.length === 0 ? r : { ...r, findings: [...r.findings, ...more] };
}
function leftUnchanged(r, message, pending) {
  return {
    ...r,
    changed: false,
    output: r.input,
    findings: [...r.findings, { ...fileFinding("warning", "not-written", r.shown, message), ...pending ? { pending: true } : {} }]
  };
}
function fileFinding(severity, code, path, message) {
  const at = { code, offset: 0, path, line: 0, column: 0, message };
  return severity === "error" ? { severity, ...at } : { severity, ...at };
}
function ioError(path, err) {
  const e = err;
  const why = err instanceof WriteRefused ? e.message : e.code ?? e.message;
  return fileFinding("error", "io", path, `cannot process ${path}: ${why}`);
}

export {
  checkWritable,
  writeFileAtomic,
  isTempName,
  removeStaleTemps,
  skipped,
  unchanged,
  withFindings,
  leftUnchanged,
  fileFinding,
  ioError
};
