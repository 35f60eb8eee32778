# The image of `smi-migrate webhook`, the TrafficSplit CRD conversion webhook (docs/webhook.md).
#
#   docker build -t registry.example.com/smi-migrate:0.1.0 .
#
# The committed dist/ is the whole app: dist/cli.js and its lazily loaded dist/chunks/ bundle
# every dependency (package.json lists none), so nothing is installed and nothing is built
# here, and the container needs no network. package.json is copied for "type": "module",
# which makes Node load dist/*.js as ES modules.
#
# Distroless Node 24 LTS (Debian 12), nonroot variant: no shell, no package manager, user 65532.
# Node 24 is the runtime the Action runs on too (action.yml: node24); Node 20 reached its end of
# life on 2026-04-30. package.json's engines stays the oldest Node the tests run on (docs/install.md).
# For reproducible builds pin the digest too, as found by
#   docker buildx imagetools inspect gcr.io/distroless/nodejs24-debian12:nonroot
# FROM gcr.io/distroless/nodejs24-debian12:nonroot@sha256:<digest>
FROM gcr.io/distroless/nodejs24-debian12:nonroot

LABEL org.opencontainers.image.title="smi-migrate" \
      org.opencontainers.image.description="SMI TrafficSplit conversion webhook and manifest migrator" \
      org.opencontainers.image.licenses="MIT"

WORKDIR /app
# Owned by root and not writable by the user that runs them.
COPY package.json LICENSE /app/
COPY dist/cli.js dist/THIRD_PARTY_NOTICES.md /app/dist/
COPY dist/chunks/ /app/dist/chunks/

# The distroless nonroot user, numeric so that Kubernetes' runAsNonRoot can check it.
USER 65532:65532
EXPOSE 9443
# Distroless has node at /nodejs/bin/node and not on PATH.
ENTRYPOINT ["/nodejs/bin/node", "/app/dist/cli.js"]
# The Deployment of `smi-migrate webhook manifests` passes these (and --port 9443) as its args.
# Other arguments run the command line instead: docker run --rm -i IMAGE - < split.yaml
CMD ["webhook", "--cert", "/tls/tls.crt", "--key", "/tls/tls.key"]
