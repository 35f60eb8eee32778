/**
 * The finding codes of `--to gateway`, with a one-line summary each (docs/gateway.md,
 * "Refused or left alone", says when and what to do). They are the target's own: the core's
 * codes are in model.ts, and this file adds these to `FindingCode` (TypeScript declaration
 * merging), so model.ts names none of them.
 */
import type { CodeSpec, TargetFindingCodes } from '../../model.js'

declare module '../../model.js' {
  interface TargetFindingCodes {
    'already-converted': true
    'port-unknown': true
    'headless-root': true
    'externalname': true
    'routegroup-missing': true
    'cross-namespace': true
    'no-root-service': true
    'too-many-backends': true
    'too-many-matches': true
    'match-unrepresentable': true
    'weight-overflow': true
    'route-kind': true
    'name-collision': true
    'all-weights-zero': true
    'backend-port-missing': true
    'no-backends': true
    'weights-rescaled': true
    'owned-by-controller': true
    'linkerd-opaque-port': true
    'serviceprofile-precedence': true
    'regex-path': true
  }
}

export const GATEWAY_CODES: readonly CodeSpec[] = [
  { code: 'already-converted', summary: 'The routes of this TrafficSplit, written by smi-migrate, are in the input already' },
  { code: 'port-unknown', summary: 'The root Service, or the port a route needs, is not known' },
  { code: 'headless-root', summary: 'The root Service is headless (clusterIP: None)' },
  { code: 'externalname', summary: 'The root or a backend is an ExternalName Service' },
  { code: 'routegroup-missing', summary: 'A match names an HTTPRouteGroup that is not in the input' },
  { code: 'cross-namespace', summary: "A Service in another namespace than the TrafficSplit's" },
  { code: 'no-root-service', summary: 'The TrafficSplit has no spec.service' },
  { code: 'too-many-backends', summary: 'More backends than a route rule holds (16)' },
  { code: 'too-many-matches', summary: 'The route groups expand to more matches than a route holds' },
  { code: 'match-unrepresentable', summary: 'An SMI match no HTTPRouteMatch can express' },
  { code: 'weight-overflow', summary: 'Weights above 1,000,000 even divided by their greatest common divisor' },
  { code: 'route-kind', summary: 'The route kind of a port cannot be written, or was chosen from its name' },
  { code: 'name-collision', summary: 'Two objects would write one route, or two splits split one Service port' },
  { code: 'all-weights-zero', summary: 'Every weight is 0: the routes serve no traffic' },
  { code: 'backend-port-missing', summary: "A backend's Service lacks the root Service's port" },
  { code: 'no-backends', summary: 'No backends: the routes send all traffic to the root Service' },
  { code: 'weights-rescaled', summary: '--rescale-weights rounded the weights' },
  { code: 'owned-by-controller', summary: 'A controller (Flagger, Argo Rollouts) owns the TrafficSplit' },
  { code: 'linkerd-opaque-port', summary: 'Linkerd treats the port as opaque' },
  { code: 'serviceprofile-precedence', summary: "Linkerd's ServiceProfile for the split takes precedence over the routes" },
  { code: 'regex-path', summary: 'A pathRegex became a RegularExpression path match' },
]

/** A finding code of `--to gateway`. */
export type GatewayCode = keyof TargetFindingCodes
