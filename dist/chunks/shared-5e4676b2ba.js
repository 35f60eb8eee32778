// src/kinds/links.ts
function linkFindings(objects) {
  const needed = objects.filter((o) => o.needs?.length);
  if (needed.length === 0) return [];
  const byKey = /* @__PURE__ */ new Map();
  for (const o of objects) {
    const key = `${o.kind}/${o.namespace ?? ""}/${o.name}`;
    const list = byKey.get(key);
    if (list) list.push(o);
    else byKey.set(key, [o]);
  }
  const out = [];
  for (const o of needed) {
    for (const need of o.needs) {
      for (const other of byKey.get(`${need.kind}/${o.namespace ?? ""}/${need.name}`) ?? []) {
        if (need.versions.includes(other.version)) continue;
        const where = ` (${other.path}:${other.line})`;
        out.push({
          severity: "warning",
          code: "incompatible-versions",
          offset: o.offset,
          path: o.path,
          line: o.line,
          column: o.column,
          object: { kind: o.kind, name: o.name, ...o.namespace !== void 0 ? { namespace: o.namespace } : {} },
          message: `${o.kind} ${o.namespace ? `${o.namespace}/` : ""}${o.name} is ${o.version} and matches ${need.kind} ${need.name}, which is ${other.version}${where}: the SMI spec pairs ${o.version} ${o.kind}s with ${need.versions.join(" or ")} ${need.kind}s (convert both to one version, e.g. --to and --specs-to alike)`
        });
      }
    }
  }
  return out;
}

export {
  linkFindings
};
