"""Checks deploy/compose.yaml's wiring without Docker (CI has no engine): the shop servers share
what they must share, nginx's upstream lists exactly those servers on their port, and the env
file template names every variable the compose file requires.
Usage: python3 deploy/check-compose.py  (needs PyYAML: Debian's python3-yaml)"""

import pathlib
import re
import sys

import yaml

deploy = pathlib.Path(__file__).resolve().parent
compose = yaml.safe_load((deploy / "compose.yaml").read_text())
problems = []

services = compose["services"]
shops = {name: s for name, s in services.items() if s.get("image", "").startswith("parts-shop")}
for needed in ("postgres", "redis", "nginx"):
    if needed not in services:
        problems.append(f"no {needed} service")
if len(shops) < 2:
    problems.append(f"{len(shops)} shop servers, not at least two")

shared = ("JWT_SECRET", "DATABASE_URL", "REDIS_URL", "TRUST_PROXY", "UPLOADS_DIR", "NODE_ENV", "PORT")
envs = {name: s.get("environment", {}) for name, s in shops.items()}
for key in shared:
    values = {str(env.get(key)) for env in envs.values()}
    if len(values) != 1 or "None" in values:
        problems.append(f"{key} is not set, or not the same, on every shop server: {sorted(values)}")
for name, env in envs.items():
    if env.get("NODE_ENV") != "production":
        problems.append(f"{name}: NODE_ENV is not production")
    if not str(env.get("DATABASE_URL", "")).startswith("postgres://"):
        problems.append(f"{name}: DATABASE_URL is not PostgreSQL")
    if not str(env.get("REDIS_URL", "")).startswith("redis"):
        problems.append(f"{name}: REDIS_URL is not Redis")
    uploads = env.get("UPLOADS_DIR")
    mounts = [v.split(":") for v in shops[name].get("volumes", []) if isinstance(v, str)]
    named = [m for m in mounts if len(m) >= 2 and m[1] == uploads and m[0] in (compose.get("volumes") or {})]
    if not named:
        problems.append(f"{name}: UPLOADS_DIR {uploads} is not a named volume of the compose file")
    for dependency in ("postgres", "redis"):
        if shops[name].get("depends_on", {}).get(dependency, {}).get("condition") != "service_healthy":
            problems.append(f"{name} does not wait for a healthy {dependency}")

conf = (deploy / "nginx.conf").read_text()
upstream = set(re.findall(r"^\s*server\s+([\w.-]+:\d+)", conf, re.M))
expected = {f"{name}:{envs[name].get('PORT', '3000')}" for name in shops}
if upstream != expected:
    problems.append(f"nginx's upstream {sorted(upstream)} is not the shop servers {sorted(expected)}")
if not any(str(v).startswith("./nginx.conf:") for v in services.get("nginx", {}).get("volumes", [])):
    problems.append("nginx does not mount ./nginx.conf")
for header in ("X-Forwarded-For", "X-Forwarded-Proto"):
    if f"proxy_set_header {header}" not in conf:
        problems.append(f"nginx does not pass {header}")
size = re.search(r"client_max_body_size\s+(\d+)m;", conf)
if not size or int(size.group(1)) < 6:
    problems.append("nginx's client_max_body_size does not let a 5 MiB picture (plus framing) through")

required = set(re.findall(r"\$\{(\w+):\?", (deploy / "compose.yaml").read_text()))
template = set(re.findall(r"^#?\s*(\w+)=", (deploy / "env.example").read_text(), re.M))
for name in sorted(required - template):
    problems.append(f"{name} is required by compose.yaml but missing from env.example")

if problems:
    print("[deploy-check] FAILED: deploy/compose.yaml:\n  " + "\n  ".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"[deploy-check] compose.yaml: {', '.join(sorted(shops))} share {', '.join(shared)}; nginx balances over them")
