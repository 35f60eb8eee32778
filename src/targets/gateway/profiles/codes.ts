/**
 * The finding codes of ServiceProfiles under `--to gateway` (docs/gateway.md, "ServiceProfiles"),
 * added to `FindingCode` by declaration merging like the split's codes (../codes.ts).
 */
import type { RuleInfo } from '../../../model.js'

declare module '../../../model.js' {
  interface TargetFindingCodes {
    'sp-extension': true
    'sp-delete': true
    'sp-name': true
    'sp-linkerd-version': true
    'sp-regex-alternation': true
    'sp-not-method': true
    'sp-order': true
    'sp-retry-budget': true
    'sp-timeout-rounded': true
    'sp-grpc': true
    'sp-route-never': true
    'sp-consumer-route': true
    'sp-metrics': true
    'sp-dst-overrides': true
    'sp-skip': true
    'sp-routes-beside': true
    'sp-consumer-merged': true
    'sp-timeout-scope': true
    'sp-timeout-none': true
    'sp-regex-invalid': true
    'sp-held': true
  }
}

const DOC = 'gateway.md#serviceprofiles'

export const PROFILE_RULES = {
  'sp-extension': {
    level: 'note',
    doc: DOC,
    short: 'A ServiceProfile a Linkerd extension ships (label linkerd.io/extension) is left alone.',
    full: "Linkerd's charts own it: upgrade the extension instead.",
  },
  'sp-delete': {
    level: 'warning',
    doc: DOC,
    short:
      'A ServiceProfile Linkerd ignores: neither routes nor dstOverrides, or only routes its proxy drops; it has had no effect since Linkerd 2.13.',
    full: 'Nothing to convert: Linkerd uses a profile only with routes or dstOverrides, so delete it (with its TrafficSplit when that is its source). Where the proxy dropped every route (a regex it cannot compile), converting would add a catch-all that serves requests the routes attached to the Service refused: fix the regexes, or delete the profile.',
  },
  'sp-name': {
    level: 'error',
    doc: DOC,
    short: 'A ServiceProfile whose name is not <service>.<namespace>.svc.<cluster domain>.',
    full: 'Linkerd applies a profile by that name only; its routes need the Service it names.',
  },
  'sp-linkerd-version': {
    level: 'error',
    doc: DOC,
    short: 'The Linkerd release chosen reads no retries or timeouts on routes (before 2.16).',
    full: 'Retries and timeouts on HTTPRoutes came with Linkerd 2.16: upgrade Linkerd first, and convert with --linkerd 2.16 or later.',
  },
  'sp-regex-alternation': {
    level: 'warning',
    doc: DOC,
    short: 'A pathRegex with a top-level |: Linkerd anchored only its first and last alternatives.',
    full: 'The route matches exactly what the profile matched (the first alternative as a prefix, the middle ones anywhere, the last as a suffix); usually a bug: group the alternatives, ^(?:a|b)$.',
  },
  'sp-not-method': {
    level: 'warning',
    doc: DOC,
    short: 'A not over methods became the other methods.',
    full: "Gateway API names nine methods; a method outside them matched the profile's route and matches no HTTPRoute match.",
  },
  'sp-order': {
    level: 'warning',
    doc: DOC,
    short: 'A request the profile sent to one route goes to another now.',
    full: 'ServiceProfiles take the first route that matches; Linkerd picks among HTTPRoutes by the longest path match, then the method, then the oldest route and its name. Nothing is written for the profile (pending, exit 1): make the routes disjoint.',
  },
  'sp-retry-budget': {
    level: 'warning',
    doc: DOC,
    short: 'Retries were limited by a budget; routes limit each request instead.',
    full: 'A retry budget has no counterpart on routes: each request is retried up to retry.linkerd.io/limit times (--retry-limit).',
  },
  'sp-timeout-rounded': {
    level: 'warning',
    doc: DOC,
    short: "A timeout Linkerd's route grammar cannot state exactly was rounded up.",
    full: 'Route annotations take one integer and a unit; the timeout was rounded up to a whole millisecond (or unit).',
  },
  'sp-grpc': {
    level: 'warning',
    doc: DOC,
    short:
      'gRPC methods change: the port is served as gRPC only, or the gRPC statuses a route retries differ from those the profile retried.',
    full: 'A profile retried gRPC responses with Unknown, Internal, Unavailable, DataLoss, DeadlineExceeded or PermissionDenied; retry.linkerd.io/grpc takes cancelled, deadline-exceeded, internal, resource-exhausted and unavailable (a warning), and an HTTPRoute retries no gRPC status (pending, exit 1). GRPCRoutes on a port without appProtocol make Linkerd serve it as gRPC only, so HTTP/1.1 calls to it fail (pending, exit 1).',
  },
  'sp-route-never': {
    level: 'warning',
    doc: DOC,
    short: 'A profile route whose condition matches no request.',
    full: 'Its condition contradicts itself (two methods ANDed): it gets no HTTPRoute, as no request ever reached it.',
  },
  'sp-consumer-route': {
    level: 'note',
    doc: DOC,
    short: 'A profile in a client namespace becomes a consumer route there.',
    full: 'It applies to clients in its namespace only, as the profile did.',
  },
  'sp-metrics': {
    level: 'note',
    doc: DOC,
    short: 'Route metrics change labels: rt_route becomes route_name (the HTTPRoute name).',
    full: 'Dashboards and linkerd viz routes read rt_route; use outbound_http_route_* {route_name=...} and linkerd viz stat-outbound.',
  },
  'sp-dst-overrides': {
    level: 'note',
    doc: DOC,
    short: "A profile's dstOverrides become weighted backendRefs in every rule, or are left to the TrafficSplit they mirror.",
    full: 'linkerd-smi writes dstOverrides from a TrafficSplit: when that split is in the input, its route is the catch-all and the profile routes carry its backends.',
  },
  'sp-regex-invalid': {
    level: 'warning',
    doc: DOC,
    short: "A pathRegex Linkerd's proxy cannot compile: it dropped the condition, or the route.",
    full: "A pathRegex is read by the grammar of Rust's regex crate (the proxy's): an unclosed group or class, a bad range or repetition, an unknown flag, escape or Unicode class, look-around, backreferences. The proxy left such a regex out of an all/any list, and dropped a route whose condition it is: the routes do the same, and the route that never took a request gets no route. A regex the tool cannot judge for sure (a Unicode class name it cannot confirm, the compiled size limit) leaves the profile for a person.",
  },
  'sp-timeout-none': {
    level: 'note',
    doc: DOC,
    short: 'A timeout of zero (or less) set no timeout in Linkerd; the route gets none.',
    full: "Linkerd's destination service sends no timeout for 0s, and the proxy refuses a negative one.",
  },
  'sp-timeout-scope': {
    level: 'note',
    doc: DOC,
    short: "A profile's timeout ended at the response headers; timeout.linkerd.io/request covers the whole response stream.",
    full: 'A streaming or long response body that outlasted the timeout was not cut before, and is now: raise the timeout for such routes, or use timeout.linkerd.io/response.',
  },
  'sp-consumer-merged': {
    level: 'warning',
    doc: DOC,
    short: "A client namespace's profile replaced the Service's for its clients; consumer routes merge with the Service's producer routes.",
    full: 'Linkerd gives clients in a namespace both the consumer routes there and the producer routes of the Service, by precedence: requests of that namespace may now reach producer routes (their timeouts, retries and backends) that its own profile never gave it. Nothing is written for the consumer profile (pending, exit 1).',
  },
  'sp-routes-beside': {
    level: 'warning',
    doc: DOC,
    short: "Routes in the input attach to the profile's Service: the profile shadowed them, and now they compete with its routes.",
    full: "Linkerd used the profile instead of every route of the Service; once the profile is gone, those routes take the requests they match best. Fold them into the profile's routes, or delete them.",
  },
  'sp-skip': {
    level: 'error',
    doc: DOC,
    short: "A TrafficSplit whose Service's profile carries smi.linkerd.io/skip: linkerd-smi never applied the split.",
    full: "The profile's own dstOverrides routed the Service, not the split. Delete the split, or remove the annotation and let linkerd-smi write the split before converting.",
  },
  'sp-held': {
    level: 'warning',
    doc: DOC,
    short:
      "A TrafficSplit whose Service's ServiceProfile is left (for a person, suppressed, templated, or in a file the run does not write) is left too, and so is a profile whose split or other profile is.",
    full: "A split and the profiles of its Service are converted together or not at all: once a route is attached to the Service, Linkerd ignores the profile's routes, so the split's route alone would drop their timeouts and retries, and the profile's routes alone carry the split's backends with no catch-all. Profiles of one Service under two cluster domains, and copies of one profile whose specs differ, are left for a person (only one is live). Nothing is written (pending, exit 1) until every half converts.",
  },
} as const satisfies Record<ProfileCode, RuleInfo>

export type ProfileCode =
  | 'sp-extension'
  | 'sp-delete'
  | 'sp-name'
  | 'sp-linkerd-version'
  | 'sp-regex-alternation'
  | 'sp-not-method'
  | 'sp-order'
  | 'sp-retry-budget'
  | 'sp-timeout-rounded'
  | 'sp-grpc'
  | 'sp-route-never'
  | 'sp-consumer-route'
  | 'sp-metrics'
  | 'sp-dst-overrides'
  | 'sp-skip'
  | 'sp-routes-beside'
  | 'sp-consumer-merged'
  | 'sp-timeout-scope'
  | 'sp-timeout-none'
  | 'sp-regex-invalid'
  | 'sp-held'
