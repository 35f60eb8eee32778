// src/files/lock.ts
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash } from "node:crypto";
var WAIT_MS = 10 * 6e4;
var POLL_MS = 25;
var LockTimeout = class extends Error {
};
async function lockPlaces(places, waitMs = WAIT_MS) {
  const held = [];
  const release = () => {
    for (const file of held.splice(0)) {
      try {
        unlinkSync(file);
      } catch {
      }
    }
    process.removeListener("exit", release);
  };
  process.on("exit", release);
  try {
    for (const place of [...new Set(places)].sort()) held.push(await take(lockFile(place), place, waitMs));
  } catch (err) {
    release();
    throw err;
  }
  return release;
}
function lockFile(place) {
  return join(tmpdir(), `smi-migrate-${createHash("sha256").update(place).digest("hex").slice(0, 20)}.lock`);
}
async function take(file, place, waitMs) {
  const started = Date.now();
  for (; ; ) {
    try {
      const fd = openSync(file, "wx", 384);
      writeSync(fd, `${process.pid}
`);
      closeSync(fd);
      return file;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
    const owner = ownerOf(file);
    if (owner === void 0 ? abandoned(file) : !alive(owner)) {
      try {
        unlinkSync(file);
      } catch {
      }
      continue;
    }
    if (Date.now() - started > waitMs)
      throw new LockTimeout(
        `another smi-migrate run (process ${owner ?? "unknown"}) is writing ${place} and has not finished after ${Math.round(waitMs / 1e3)} s; not written (remove ${file} if no run is going on)`
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
function ownerOf(file) {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : void 0;
  } catch {
    return void 0;
  }
}
function abandoned(file) {
  try {
    return Date.now() - statSync(file).mtimeMs > 1e4;
  } catch {
    return false;
  }
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}
export {
  LockTimeout,
  lockFile,
  lockPlaces
};
