// src/targets/gateway/model.ts
var GATEWAY = "gateway";
var LINKERD_RELEASES = ["2.13", "2.14", "2.15", "2.16", "2.17", "2.18", "2.19", "2.20"];
var GATEWAY_API_RELEASES = ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6"];
var ROUTE_APIS = [
  "gateway.networking.k8s.io/v1",
  "gateway.networking.k8s.io/v1beta1",
  "policy.linkerd.io/v1beta2",
  "policy.linkerd.io/v1beta3"
];
var ROUTE_KINDS = ["auto", "http", "grpc", "tcp"];

export {
  GATEWAY,
  LINKERD_RELEASES,
  GATEWAY_API_RELEASES,
  ROUTE_APIS,
  ROUTE_KINDS
};
