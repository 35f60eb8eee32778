/**
 * The stash annotation's seal: a restore happens only from what this webhook wrote.
 *
 * Anyone who can write a TrafficSplit can write its annotations, and what a stash restores
 * reaches every reader of another version (a weight Linkerd wraps, a number a typed client
 * cannot decode). So the webhook signs what it writes: an HMAC-SHA256 over the object's
 * identity and the stash's JSON text, keyed by a Secret only the webhook mounts
 * (`--stash-key FILE`). The annotation is `v2:<base64url MAC>:<JSON>`; a value that is not
 * (an unsigned one from an earlier release, a forged one, one copied from another object)
 * is ignored, with a counted note, before a byte of its JSON is parsed; a signed one is
 * parsed only within STASH_MAX_BYTES and STASH_MAX_DEPTH.
 *
 * The identity is the group, kind, namespace and name: what is known on every conversion.
 * Not the uid: on a create, the API server converts the object for storage before the uid
 * it will have is known to the webhook's review (and with `generateName`, the name is then
 * empty too: such a stash does not verify later, and the object reads back with its
 * integers). A stash copied onto another object of the same name can only restore values
 * this webhook wrote for that name.
 *
 * Keys: the file holds one key per line (at least 32 characters each, at most two lines):
 * the first signs, either verifies, so a key can be rotated without a moment in which one
 * replica's stashes fail on another (docs/webhook.md, The stash key).
 */
import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Json, JsonObject } from '../kinds/json.js'
import { isObject } from '../kinds/json.js'
import { parseExact } from './numbers.js'

/** The keys: `sign` writes, every key of `accept` (sign first) verifies. */
export interface StashKeys {
  readonly sign: Buffer
  readonly accept: readonly Buffer[]
  /** Made at start, for a server given no key file: stashes do not survive a restart. */
  readonly ephemeral?: boolean
}

/**
 * Why a stash annotation was ignored (a label of smi_migrate_webhook_stashes_ignored_total):
 * not signed, not verified, out of bounds, not a record the hops write; or signed and sound
 * but not written back (kinds/trafficsplit/objects.ts): `stale`, the object no longer holds
 * what the record was written for; `value`, a value the tightened schema does not admit.
 */
export type Ignored = 'unsigned' | 'signature' | 'size' | 'depth' | 'shape' | 'stale' | 'value'
export const IGNORED: readonly Ignored[] = ['unsigned', 'signature', 'size', 'depth', 'shape', 'stale', 'value']

/** The largest stash read: the API server's limit on all of an object's annotations. */
export const STASH_MAX_BYTES = 256 * 1024
/** The deepest stash read: what the webhook writes nests 4 levels (`{matches: [{…}]}`). */
export const STASH_MAX_DEPTH = 8

const PREFIX = 'v2:'
const MAC_LENGTH = 43 // base64url of 32 bytes
const MIN_KEY = 32

/** Keys from a key file's text. Throws a message naming what is wrong. */
export function parseKeys(text: string, file: string): StashKeys {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '')
  if (lines.length === 0 || lines.length > 2)
    throw new Error(`${file}: a stash key file holds one key per line, one or two keys (it has ${lines.length})`)
  const short = lines.findIndex((l) => l.trim().length < MIN_KEY)
  if (short >= 0) throw new Error(`${file}: line ${short + 1}: a stash key has at least ${MIN_KEY} characters`)
  const keys = lines.map((l) => Buffer.from(l.trim(), 'utf8'))
  return { sign: keys[0]!, accept: keys }
}

let processKeys: StashKeys | undefined

/** A key made once per process (no key file): stashes verify only in this process. */
export function ephemeralKeys(): StashKeys {
  if (processKeys) return processKeys
  const key = randomBytes(32)
  return (processKeys = { sign: key, accept: [key], ephemeral: true })
}

/** The identity a stash is bound to: group, kind, namespace and name. */
function identity(object: JsonObject): string {
  const meta = isObject(object.metadata) ? object.metadata : {}
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : ''
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : ''
  const text = (v: Json | undefined) => (typeof v === 'string' ? v : '')
  return `${group}\0${text(object.kind)}\0${text(meta.namespace)}\0${text(meta.name)}`
}

/**
 * HMAC-SHA256 over the identity and the stash's JSON text. A check is not cached: any client
 * can send texts of up to STASH_MAX_BYTES, each distinct, and a cache keyed by them held every
 * one (a flood of forged stashes grew without bound in bytes); a cache keyed by a digest of
 * the text would cost a hash of the whole text per lookup, which is what the HMAC costs.
 * seal() remembers what it signs itself, which no client chooses the size of.
 */
export function mac(key: Buffer, object: JsonObject, json: string): Buffer {
  return hmac(key, object, json).digest()
}

/** One update of the whole text: a second update() cost as much as the hash of a small stash. */
const hmac = (key: Buffer, object: JsonObject, json: string) =>
  createHmac('sha256', keyObject(key)).update(`smi-migrate.io/conversion-data\0${identity(object)}\0${json}`)

/**
 * A key as the KeyObject createHmac makes of a Buffer on every call, made once per key (a
 * fifth of the cost of a stash's MAC). Held as long as its Buffer is: the keys of a file
 * that was replaced go with it.
 */
function keyObject(key: Buffer): KeyObject {
  let k = KEY_OBJECTS.get(key)
  if (!k) KEY_OBJECTS.set(key, (k = createSecretKey(key)))
  return k
}

const KEY_OBJECTS = new WeakMap<Buffer, KeyObject>()

/**
 * The annotation value for `json` (the stash's JSON text) on `object`. Remembered for small
 * stashes: the API server converts the same stored object on every read, list and watch
 * event, and the MAC was a twentieth of a review's CPU. Only what this webhook signs enters
 * the memo (a forged stash never does), each entry's identity and record together are bounded
 * by SEAL_MEMO_TEXT (a pod may send a name of a megabyte) and the memo by SEAL_MEMO_ENTRIES,
 * and it belongs to one set of keys: a rotation starts a new one.
 */
export function seal(keys: StashKeys, object: JsonObject, json: string): string {
  const id = `${identity(object)}\0${json}`
  // The whole key is bounded, the object's name with the record: a client chooses the name.
  if (id.length > SEAL_MEMO_TEXT) return `${PREFIX}${hmac(keys.sign, object, json).digest('base64url')}:${json}`
  let memo = SEAL_MEMOS.get(keys)
  if (!memo) SEAL_MEMOS.set(keys, (memo = new Map()))
  let value = memo.get(id)
  if (value === undefined) {
    value = `${PREFIX}${hmac(keys.sign, object, json).digest('base64url')}:${json}`
    if (memo.size >= SEAL_MEMO_ENTRIES) memo.clear()
    memo.set(id, value)
  }
  return value
}

/**
 * At most 4,096 seals whose identity and record together are at most 1,536 characters (a
 * Kubernetes name, namespace, group and kind fill about 630): each key and value a few KiB
 * at worst, about 25 MiB in all, whatever clients send.
 */
const SEAL_MEMO_ENTRIES = 4096
const SEAL_MEMO_TEXT = 1536
const SEAL_MEMOS = new WeakMap<StashKeys, Map<string, string>>()

/** What the memo of `keys` holds: entries, and characters of keys and values together. */
export function sealMemoSize(keys: StashKeys): { entries: number; chars: number } {
  let chars = 0
  const memo = SEAL_MEMOS.get(keys) ?? new Map<string, string>()
  for (const [k, v] of memo) chars += k.length + v.length
  return { entries: memo.size, chars }
}

/** The stash in `value`, if this webhook signed it for `object` and it reads within bounds. */
export function open(keys: StashKeys, object: JsonObject, value: string): { json: Json } | { ignored: Ignored } {
  if (!value.startsWith(PREFIX) || value.charCodeAt(PREFIX.length + MAC_LENGTH) !== 58 /* : */) return { ignored: 'unsigned' }
  if (value.length > STASH_MAX_BYTES) return { ignored: 'size' }
  const text = value.slice(PREFIX.length, PREFIX.length + MAC_LENGTH)
  const given = Buffer.from(text, 'base64url')
  const json = value.slice(PREFIX.length + MAC_LENGTH + 1)
  // Only the spelling seal() writes: Buffer's decoder skips what is not base64url and takes
  // the last character's spare bits as they come, so other texts decode to the same bytes.
  if (given.length !== 32 || given.toString('base64url') !== text) return { ignored: 'signature' }
  if (!keys.accept.some((k) => timingSafeEqual(mac(k, object, json), given))) return { ignored: 'signature' }
  // Signed by us, so written by us; bounded all the same, before JSON.parse sees it.
  if (nestsDeeper(json, STASH_MAX_DEPTH)) return { ignored: 'depth' }
  try {
    return { json: parseExact(json) }
  } catch {
    return { ignored: 'shape' }
  }
}

/** Whether the JSON text nests arrays and objects deeper than `max` (strings skipped). */
export function nestsDeeper(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > max) return true
    } else if (c === 93 || c === 125) depth--
  }
  return false
}
