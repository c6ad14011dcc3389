#!/usr/bin/env python3
"""cluster_manifests: docs/sweep-kubernetes.yaml, applied whole, runs the
shards and then the merge. Checked offline (no cluster in CI): every document
parses and kubectl decodes it (`kubectl label --local`; `kubectl apply
--dry-run=client` too when a cluster answers), and the pieces fit together:
the volume claim the Jobs mount exists, the merge waits for the shard Job's
completion with a service account whose role may watch Jobs, the shard count
agrees everywhere, and docs/Containerfile puts the sweep where the Jobs read it.
    check_manifests.py SOURCE_DIR [MANIFEST]"""
import os
import re
import subprocess
import sys

import yaml

source = sys.argv[1]
manifest = sys.argv[2] if len(sys.argv) > 2 else os.path.join(source, "docs/sweep-kubernetes.yaml")
problems = []


def need(ok, why):
    if not ok:
        problems.append(why)


with open(manifest) as f:
    docs = [d for d in yaml.safe_load_all(f) if d]
by_kind = {}
for d in docs:
    by_kind.setdefault(d["kind"], {})[d["metadata"]["name"]] = d

jobs = by_kind.get("Job", {})
shard = jobs.get("goap-sweep")
merge = jobs.get("goap-sweep-merge")
need(shard and merge, "the Jobs goap-sweep and goap-sweep-merge")
if shard and merge:
    claims = set(by_kind.get("PersistentVolumeClaim", {}))
    for job in (shard, merge):
        for v in job["spec"]["template"]["spec"].get("volumes", []):
            claim = v.get("persistentVolumeClaim", {}).get("claimName")
            need(claim in claims, f"{job['metadata']['name']} mounts the claim {claim}, which the manifest lacks")
    spec = shard["spec"]
    need(spec.get("completionMode") == "Indexed", "the shard Job is Indexed (JOB_COMPLETION_INDEX)")
    command = spec["template"]["spec"]["containers"][0]["command"]
    shards = command[command.index("--shards") + 1] if "--shards" in command else None
    need(command[:2] == ["goap-sim", "sweep"] and "auto" in command, f"the shards run goap-sim sweep --shard auto: {command}")
    need(str(spec.get("completions")) == shards, f"completions ({spec.get('completions')}) = --shards ({shards})")
    pod = merge["spec"]["template"]["spec"]
    waits = [c for c in pod.get("initContainers", [])
             if c["command"][:2] == ["kubectl", "wait"] and "job/goap-sweep" in c["command"]
             and "--for=condition=complete" in c["command"]]
    need(waits, "the merge waits for job/goap-sweep to complete (an init container with kubectl wait)")
    need(any(a.startswith("--timeout=") for w in waits for a in w["command"]), "the wait has a timeout")
    account = pod.get("serviceAccountName")
    need(account in by_kind.get("ServiceAccount", {}), f"the merge's service account {account} is in the manifest")
    def may_watch_jobs(role_name):
        role = by_kind.get("Role", {}).get(role_name)
        return role and any("jobs" in r["resources"] and {"get", "watch"} <= set(r["verbs"]) for r in role["rules"])

    roles = [b for b in by_kind.get("RoleBinding", {}).values()
             if any(s.get("kind") == "ServiceAccount" and s.get("name") == account for s in b["subjects"])
             and may_watch_jobs(b["roleRef"]["name"])]
    need(roles, f"a Role bound to {account} may get and watch jobs")
    need(pod["containers"][0]["command"][:2] == ["goap-sim", "sweep-merge"], "the merge runs goap-sim sweep-merge")
    # The image: docs/Containerfile copies the sweep file the shards read.
    with open(os.path.join(source, "docs/Containerfile")) as f:
        containerfile = f.read()
    sweep = command[2]
    need(re.search(r"COPY docs/town\.sweep\.json " + re.escape(os.path.dirname(sweep)) + "/", containerfile),
         f"docs/Containerfile puts the sweep file at {sweep}")
    need(all(c["image"] == spec["template"]["spec"]["containers"][0]["image"] for c in pod["containers"]),
         "the shards and the merge run one image")

kubectl = subprocess.run(["kubectl", "label", "--local", "-f", manifest, "checked=yes", "-o", "name"],
                         capture_output=True, text=True)
need(kubectl.returncode == 0, f"kubectl cannot read the manifest: {kubectl.stderr.strip()}")
need(len(kubectl.stdout.split()) == len(docs), f"kubectl read {kubectl.stdout.split()} of {len(docs)} objects")
if subprocess.run(["kubectl", "version", "--request-timeout=2s"], capture_output=True).returncode == 0:
    dry = subprocess.run(["kubectl", "apply", "--dry-run=client", "--validate=false", "-f", manifest],
                         capture_output=True, text=True)
    need(dry.returncode == 0, f"kubectl apply --dry-run=client: {dry.stderr.strip()}")
else:
    print("cluster_manifests: no cluster answers; kubectl apply --dry-run=client skipped (kubectl label --local ran)")

for p in problems:
    print(f"cluster_manifests: FAIL: {p}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"cluster_manifests: {len(docs)} objects, the merge waits for the shards")
