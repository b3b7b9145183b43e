"""Offline checks of the deploy files: the Kubernetes manifests against the API schemas of a
recent Kubernetes (`kubernetes-validate`, strict), and the compose file read by a compose
implementation (`podman-compose config`, which needs the `podman` binary) with the references
checked: every service has an image or a
build, every `depends_on` names a service, the web replicas run `--workers 0`, one worker runs,
the load balancer depends on both web replicas. Prints one JSON line: {"ok": bool, "problems": [...]}.

Usage: python check.py DEPLOY_DIR
"""

import json
import pathlib
import subprocess
import sys

import yaml


def main():
    deploy = pathlib.Path(sys.argv[1])
    problems = []
    manifests = sorted(str(p) for p in (deploy / "k8s").glob("*.yaml"))
    validator = pathlib.Path(sys.executable).with_name("kubernetes-validate")
    run = subprocess.run(
        [str(validator), "--strict", "-k", "1.33.0", *manifests], capture_output=True, text=True
    )
    if run.returncode != 0:
        problems.append(f"kubernetes-validate: {run.stdout}{run.stderr}")
    kinds = set()
    for path in manifests:
        for doc in yaml.safe_load_all(pathlib.Path(path).read_text()):
            if doc:
                kinds.add(doc["kind"])
    for kind in ["Deployment", "Service", "Ingress", "ConfigMap", "Job", "PodDisruptionBudget"]:
        if kind not in kinds:
            problems.append(f"no {kind} among the manifests")

    compose, problem = normalized_compose(deploy)
    if problem:
        print(json.dumps({"ok": False, "problems": problems + [problem]}))
        return
    services = compose.get("services", {})
    for name, service in services.items():
        if "image" not in service and "build" not in service:
            problems.append(f"compose service {name} has no image")
        depends = service.get("depends_on", [])
        for target in depends if isinstance(depends, list) else depends.keys():
            if target not in services:
                problems.append(f"compose service {name} depends on unknown {target}")
    webs = [n for n, s in services.items() if s.get("command", [])[:1] == ["serve"]]
    if len(webs) < 2 or any("--workers" not in services[n]["command"] for n in webs):
        problems.append(f"expected two web-only replicas, found {webs}")
    if not any(s.get("command") == ["worker"] for s in services.values()):
        problems.append("no worker")
    balancer = services.get("nginx", {}).get("depends_on", [])
    if sorted(balancer) != sorted(webs):
        problems.append(f"the load balancer fronts {balancer}, not {webs}")
    for needed in ["postgres", "seaweedfs", "redis", "migrate"]:
        if needed not in services:
            problems.append(f"no {needed} service")
    print(json.dumps({"ok": not problems, "problems": problems}))


def normalized_compose(deploy):
    """The compose file as a compose implementation reads it: `podman-compose config` (anchors,
    merge keys and `${VARIABLES}` from `env.example` resolved, the file checked), or the error."""
    tool = pathlib.Path(sys.executable).with_name("podman-compose")
    run = subprocess.run(
        [str(tool), "--env-file", str(deploy / "env.example"), "-f", str(deploy / "compose.yaml"), "config"],
        capture_output=True,
        text=True,
    )
    if run.returncode != 0 or not run.stdout.strip():
        last = (run.stderr.strip() or run.stdout.strip()).splitlines()[-1:]
        return {}, f"podman-compose config failed: {' '.join(last)}"
    return yaml.safe_load(run.stdout), None


if __name__ == "__main__":
    main()
