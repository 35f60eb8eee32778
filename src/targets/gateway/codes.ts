/**
 * The finding codes of `--to gateway`, with what each means (docs/gateway.md, "Refused or
 * left alone", says when and what to do). They are the target's own: the core's
 * codes are in model.ts, and this file adds these to `FindingCode` (TypeScript declaration
 * merging), so model.ts names none of them.
 */
import type { RuleInfo } from '../../model.js'
import type { ProfileCode } from './profiles/codes.js'

// The codes are the table's keys (declared once, there); FindingCode takes them in here.
declare module '../../model.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's keys
  interface TargetFindingCodes extends Record<SplitCode, true> {}
}

const DOC = 'gateway.md#refused-or-left-alone'

/** What each code means (SARIF rules), linked to docs/gateway.md's table. */
export const GATEWAY_RULES = {
  'already-converted': {
    level: 'note',
    doc: DOC,
    short: 'The routes of a TrafficSplit written by an earlier --keep-trafficsplit run are in the input.',
    full: 'Nothing to do; delete the TrafficSplit once its routes are Accepted.',
  },
  'port-unknown': {
    level: 'error',
    doc: DOC,
    short: 'The Service port a route attaches to is not known.',
    full: 'The root Service is not in the input and there is no --port, or it has no such port, or its ports are not integers from 1 to 65535. Add the Service to the input, or pass --port.',
  },
  'headless-root': {
    level: 'error',
    doc: DOC,
    short: 'The root Service is headless (clusterIP: None).',
    full: 'A headless Service cannot be a route parent. Route a Service with a cluster IP.',
  },
  externalname: {
    name: 'ExternalNameService',
    level: 'error',
    doc: DOC,
    short: 'The root or a backend is an ExternalName Service.',
    full: 'Route the Services behind it instead.',
  },
  'routegroup-missing': {
    level: 'error',
    doc: DOC,
    short: 'A match names an HTTPRouteGroup that is not in the input.',
    full: 'The route matches come from the HTTPRouteGroup: add it to the input.',
  },
  'cross-namespace': {
    level: 'error',
    doc: DOC,
    short: 'The TrafficSplit names a Service in another namespace.',
    full: 'Move the TrafficSplit to that namespace, or write the bare Service name.',
  },
  'no-root-service': {
    level: 'error',
    doc: DOC,
    short: 'The TrafficSplit has no spec.service.',
    full: 'A route needs its parent Service: add spec.service.',
  },
  'too-many-backends': {
    level: 'error',
    doc: DOC,
    short: 'More backends than a route rule holds (16).',
    full: 'Drop backends, weight-0 ones first.',
  },
  'too-many-matches': {
    level: 'error',
    doc: DOC,
    short: 'The route groups expand to more matches than a route holds.',
    full: 'Use --gateway-api 1.2 or later if that is installed, or fewer matches.',
  },
  'match-unrepresentable': {
    level: 'error',
    doc: DOC,
    short: 'An SMI match that no HTTPRouteMatch can express.',
    full: 'A method, header or path the Gateway API cannot state (or a path or method on a GRPCRoute port). Rewrite the match, or choose --route-kind http.',
  },
  'weight-overflow': {
    level: 'error',
    doc: DOC,
    short: 'Weights above 1,000,000 even divided by their greatest common divisor.',
    full: 'A route weight is at most 1,000,000. Pass --rescale-weights to round them, or use smaller weights.',
  },
  'route-kind': {
    level: 'error',
    doc: DOC,
    short: 'No route kind fits the Service port, or the target release does not serve it.',
    full: 'An appProtocol that maps to no route kind, a kind the target release does not serve, an A/B split on a TCPRoute port, or an opaque port before Linkerd 2.18 (a note for a port named grpc that gets an HTTPRoute). Use --route-kind, a newer --linkerd or --gateway-api, or another appProtocol.',
  },
  'name-collision': {
    level: 'error',
    doc: DOC,
    short: 'Another route of the same kind, namespace and name exists, or two splits share a Service port.',
    full: 'A route not written by smi-migrate, or one another TrafficSplit of the run writes, has the name (an error); two TrafficSplits on one port of one Service merge their rules (a warning). Rename, or merge the splits by hand.',
  },
  'opaque-unsplit': {
    level: 'note',
    doc: DOC,
    short: 'On Linkerd the split also split connections that are not HTTP; routes on an HTTP port do not.',
    full: "linkerd-smi's ServiceProfile split opaque (non-HTTP) connections to every port too. On a port without appProtocol Linkerd detects HTTP, and a connection that is not HTTP goes to the Service itself once routes take over. Declare such a port opaque (appProtocol: linkerd.io/opaque) to give it a TCPRoute, or accept that those connections stop splitting.",
  },
  'all-weights-zero': {
    level: 'warning',
    doc: DOC,
    short: 'Every weight of the TrafficSplit is 0.',
    full: 'The route sends no traffic to any backend: check that this is meant.',
  },
  'backend-port-missing': {
    level: 'warning',
    doc: DOC,
    short: "A backend's Service lacks the port the route uses.",
    full: 'A warning when the backend Service in the input has no such port (an error when no backend has it). Add the port, or leave it if that is what SMI did.',
  },
  'no-backends': {
    level: 'warning',
    doc: DOC,
    short: 'The TrafficSplit has no backends.',
    full: 'The route sends everything to the root Service.',
  },
  'weights-rescaled': {
    level: 'warning',
    doc: DOC,
    short: '--rescale-weights rounded the weights.',
    full: "The weights did not fit a route's limit even divided by their greatest common divisor and were rounded; check the largest change of a backend's share the message gives.",
  },
  'owned-by-controller': {
    level: 'warning',
    doc: DOC,
    short: 'The TrafficSplit is owned by a Flagger Canary or an Argo Rollout: left for a person.',
    full: 'The controller would rewrite the split. Switch the controller to the Gateway API first.',
  },
  'linkerd-smi-host': {
    level: 'warning',
    doc: DOC,
    short:
      'With --linkerd, a TrafficSplit whose spec.service or a backend is a host (web.shop), not a name: linkerd-smi never applied it as written.',
    full: 'linkerd-smi writes the split into the ServiceProfile <service>.<namespace>.svc.<domain> and sends to the authority <backend>.<namespace>.svc.<domain>, from the names as written: a dotted service makes a profile no client resolves (the split never applied), a dotted backend an authority no Service resolves (its requests failed). Left for a person: write bare names and let linkerd-smi apply the split, or delete it.',
  },
  'linkerd-opaque-port': {
    level: 'warning',
    doc: DOC,
    short: 'Linkerd treats the port as opaque.',
    full: 'With --linkerd 2.18 and later a TCPRoute is written (an HTTPRoute or GRPCRoute there would be ignored); with 2.17 a TCPRoute. Do as the message says.',
  },
  'serviceprofile-precedence': {
    level: 'note',
    doc: DOC,
    short: "On Linkerd, the split's ServiceProfile takes precedence over the new routes.",
    full: 'The linkerd-smi extension made a ServiceProfile for the split; follow the runbook to hand over to the routes.',
  },
  'regex-path': {
    level: 'note',
    doc: DOC,
    short: 'A pathRegex became a RegularExpression path match.',
    full: 'The regex dialect and the precedence of RegularExpression matches are implementation-specific: check it on your mesh.',
  },
  'ambiguous-object': {
    level: 'error',
    doc: DOC,
    short: 'Two objects of the name a split needs are in the input, neither nearer the split than the other.',
    full: "A split's Service, HTTPRouteGroup or route is looked up in its own file, then its directory, then the run; two that differ at that level cannot be told apart. Convert each directory in a run of its own, or set metadata.namespace.",
  },
  'invalid-name': {
    level: 'error',
    doc: DOC,
    short: 'A name the route would carry is not one Kubernetes accepts.',
    full: 'A Service name in spec.service or a backend that is empty or not a DNS-1123 label (`.shop`, `Web`), or a TrafficSplit name that is not a DNS-1123 subdomain, would write a route the API server or the mesh rejects. Fix the name.',
  },
  'ports-unrouted': {
    level: 'warning',
    doc: DOC,
    short: '--port routes one port of a Service that has others: they get no route.',
    full: 'The split applied to every port of its Service; with --port only that port is routed. Leave --port out to write a route per port.',
  },
  'route-on-port': {
    level: 'warning',
    doc: DOC,
    short: 'A route already in the input attaches to the Service port the new route attaches to.',
    full: 'Routes of one kind on one port merge their rules (a tie goes to the older route); of different kinds, GRPCRoute > HTTPRoute > TLSRoute > TCPRoute (GEP-1426). Fold the routes into one, or delete the old one.',
  },
  'no-matches': {
    level: 'warning',
    doc: DOC,
    short: "An A/B split's matches select nothing, or never took effect.",
    full: 'Route groups without matches: no request matched the split, so SMI sent all its traffic to spec.service, and the routes do the same. spec.matches on a v1alpha1/v1alpha2 split: those versions have no matches (the CRDs prune them), so the split split all traffic, and the routes do the same. Check that this is what is meant.',
  },
  'service-patched': {
    level: 'error',
    doc: DOC,
    short: "A kustomize patch changes the ports of the split's root Service.",
    full: 'Each overlay that applies the patch renders other ports than the base, so one route per base port would be wrong in some overlay. Convert the rendered overlays (kubectl kustomize DIR | smi-migrate --to gateway), or pass --port.',
  },
  'header-search': {
    level: 'note',
    doc: DOC,
    short: 'A header value is matched as the source mesh matched it: anywhere in the value.',
    full: 'NGINX Service Mesh and Traefik Mesh, the meshes that honoured A/B splits, searched a header value for the regex; Gateway API matches the whole value, so the value is written as .*(?:RE).* (or the literal as RegularExpression .*literal.*). Check it on your mesh.',
  },
  'root-not-backend': {
    level: 'warning',
    doc: DOC,
    short: "The split's backends do not include its root Service.",
    full: "While the TrafficSplit's ServiceProfile outlives it, Linkerd sends the traffic to the root Service's own endpoints. Delete the TrafficSplit and its ServiceProfile in one command (docs/gateway.md, Runbook).",
  },
  'route-drift': {
    level: 'warning',
    doc: DOC,
    short: 'A kept TrafficSplit changed since its routes were written, and a route cannot be written anew in place.',
    full: 'A --keep-trafficsplit run wrote routes for the split and it has changed since, so deleting the split would send traffic by the old rules. Such a route is written anew in its place, except where it cannot be: in stream mode before the split, holding a template action, or in a file read beside the files given but not among them (a pre-commit batch); or the split no longer routes the port of a route it wrote. Delete the route and run the conversion again (on the files, not a stream; with the file of the route): it is written anew.',
  },
  'service-defaults': {
    level: 'warning',
    doc: DOC,
    short: "Routes take the Service's timeout.linkerd.io/retry.linkerd.io annotations, which the ServiceProfile kept from its requests.",
    full: "While a ServiceProfile (or linkerd-smi's, for a TrafficSplit) routed the Service, Linkerd ignored the Service's timeout and retry annotations; a route without timeouts or retries of its own takes them. A route cannot say none: move the annotations from the Service onto the routes that need them, or accept the change. Left for a person (exit 1).",
  },
} as const satisfies Record<string, RuleInfo>

/** A finding code of a TrafficSplit under `--to gateway`. */
type SplitCode = keyof typeof GATEWAY_RULES
/**
 * A finding code of `--to gateway`: its own codes, not `keyof TargetFindingCodes`, which
 * holds every target's.
 */
export type GatewayCode = SplitCode | ProfileCode
