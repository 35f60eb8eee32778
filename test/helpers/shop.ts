/**
 * The `shop` namespace the `--to gateway` rerun tests share: Service web (port http 80),
 * TrafficSplit web-split (web 90, web-v2 10), and ServiceProfile web.shop.svc.cluster.local
 * with `GET /api/items` (timeout 2s) and, where asked, `POST /api/pay` (timeout 10s). One text
 * for each, so that a test names only what it changes.
 */

/** The `--to gateway` arguments these tests run with. */
export const GATEWAY_218 = ['--to', 'gateway', '--linkerd', '2.18']

/** A Service port entry, as the Service's `ports` list holds it. */
export const port = (name: string, number: number): string => `    - name: ${name}\n      port: ${number}\n`

/** Service web with `ports` (entries from `port`; default http 80). */
export const shopService = (ports: string = port('http', 80)): string => `apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: shop
spec:
  ports:
${ports}`

export const SHOP_SPLIT = `apiVersion: split.smi-spec.io/v1alpha2
kind: TrafficSplit
metadata:
  name: web-split
  namespace: shop
spec:
  service: web
  backends:
    - service: web
      weight: 90
    - service: web-v2
      weight: 10
`

const ITEMS = `    - name: GET /api/items
      condition:
        method: GET
        pathRegex: /api/items
      timeout: 2s
`
const PAY = `    - name: POST /api/pay
      condition:
        method: POST
        pathRegex: /api/pay
      timeout: 10s
`

/** ServiceProfile web.shop.svc.cluster.local: `GET /api/items`, and `POST /api/pay` with `pay`. */
export const shopProfile = ({ pay = false } = {}): string => `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: web.shop.svc.cluster.local
  namespace: shop
spec:
  routes:
${ITEMS}${pay ? PAY : ''}`

/** Documents as one multi-document stream. */
export const stream = (...docs: string[]): string => docs.join('---\n')
