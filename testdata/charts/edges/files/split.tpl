# Not in templates/: never collected.
apiVersion: split.smi-spec.io/v1alpha1
kind: TrafficSplit
metadata:
  name: not-collected
spec:
  service: x
  backends:
  - service: a
    weight: 500m
