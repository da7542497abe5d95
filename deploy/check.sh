#!/usr/bin/env bash
# The Dockerfile's runtime stage, performed without Docker (CI has no Docker engine):
#   0. check the compose file's wiring (deploy/check-compose.py);
#   1. build the web app and the server (the build stage's `npm run build`);
#   2. check that every package the bundle loads is a production dependency of the server;
#   3. install only the server's production dependencies into an empty folder, from the lockfile,
#      as the image's deps stage does, and copy in only what the runtime stage copies;
#   4. start the server from there with the image's CMD (Node's flags included; npm start must
#      run the same), NODE_ENV=production, on SQLite, check /api/health, the web app at /, the
#      catalog, a demo picture from UPLOADS_DIR and the image's own HEALTHCHECK command, then stop
#      it with SIGTERM as Docker does;
#   5. `nginx -t` on deploy/nginx.conf and one request through it to the server (if nginx can be
#      had; skipped with a message otherwise).
# Usage: deploy/check.sh [--no-build]   (CHECK_KEEP=1 keeps the staged folder)
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[deploy-check] %s\n' "$*"; }
fail() {
  printf '[deploy-check] FAILED: %s\n' "$*" >&2
  exit 1
}

stage=$(mktemp -d "${TMPDIR:-/tmp}/shop-image-XXXXXX")
server_pid=""
nginx_pid=""
cleanup() {
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null || true
  [[ -n "$nginx_pid" ]] && kill "$nginx_pid" 2>/dev/null || true
  if [[ "${CHECK_KEEP:-}" == 1 ]]; then say "staged image kept in $stage"; else rm -rf "$stage"; fi
}
trap cleanup EXIT

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# 0. The compose file's wiring (no Docker needed): shared settings, upstream, env template.
if python3 -c 'import yaml' 2>/dev/null; then
  python3 deploy/check-compose.py
else
  say 'SKIPPED: python3 with PyYAML (Debian: python3-yaml) is missing; deploy/compose.yaml was not checked'
fi

# 1. Build.
if [[ "${1:-}" != --no-build ]]; then
  say 'building the web app and the server'
  npm run build --silent
fi
[[ -f apps/server/dist/main.js ]] || fail 'apps/server/dist/main.js is missing: run npm run build'
[[ -f apps/web/dist/index.html ]] || fail 'apps/web/dist/index.html is missing: run npm run build'

# 2. What the bundle imports.
node deploy/check-imports.mjs apps/server/dist/main.js apps/server/package.json

# 3. Production-only install, as the image's deps stage: the manifests and the lockfile only.
say "installing the server's production dependencies into $stage"
cp package.json package-lock.json "$stage/"
for manifest in packages/contract/package.json apps/server/package.json apps/web/package.json e2e/package.json bench/package.json; do
  mkdir -p "$stage/$(dirname "$manifest")"
  cp "$manifest" "$stage/$manifest"
done
(cd "$stage" && npm ci --omit=dev --workspace @shop/server --include-workspace-root=false \
  --no-audit --no-fund --prefer-offline --loglevel=error) || fail 'npm ci --omit=dev failed'
# What the runtime stage copies from the build stage, and nothing else (no sources, no tests).
rm -rf "$stage/packages" "$stage/apps/web/package.json" "$stage/e2e" "$stage/bench" "$stage/package-lock.json"
mkdir -p "$stage/apps/server" "$stage/apps/web"
cp -r apps/server/dist apps/server/demo-images apps/server/demo-documents "$stage/apps/server/"
cp -r apps/web/dist apps/web/dist-ssr "$stage/apps/web/"
for dev in vitest typescript esbuild @biomejs/biome vite react; do
  [[ ! -e "$stage/node_modules/$dev" ]] || fail "$dev (not a production dependency of the server) was installed"
done
node deploy/check-imports.mjs "$stage/apps/server/dist/main.js" "$stage/apps/server/package.json" --resolve-assets
# The web app's server build must bring its packages with it: the image has only the server's.
for file in "$stage"/apps/web/dist-ssr/*.js "$stage"/apps/web/dist-ssr/assets/*.js; do
  node deploy/check-imports.mjs "$file" "$stage/apps/server/package.json" >/dev/null || fail "$file imports a package the image does not install"
done

# 4. Start it as the image does (its CMD, Node's flags included), from the staged folder, on SQLite.
read -r -a command <<<"$(sed -n 's/^CMD \[\(.*\)\]$/\1/p' Dockerfile | tail -1 | sed 's/[",]//g')"
[[ "${command[0]:-}" == node && "${command[-1]}" == apps/server/dist/main.js ]] \
  || fail "the Dockerfile's CMD does not run node apps/server/dist/main.js"
# npm start runs the shop with the same flags.
start=$(node -p "require('./package.json').scripts.start")
[[ "$start" == *"&& ${command[*]}" ]] || fail "npm start ($start) does not end with the Dockerfile's CMD (${command[*]})"
port=$(free_port)
data="$stage/var/lib/shop"
mkdir -p "$data"
say "starting the staged server on port $port (${command[*]}, NODE_ENV=production, SQLite)"
(
  cd "$stage" &&
    exec env -i PATH="$PATH" HOME="$stage" NODE_ENV=production HOST=127.0.0.1 PORT="$port" PUBLIC_URL="http://127.0.0.1:$port" \
      DATA_DIR="$data" UPLOADS_DIR="$data/uploads" LOG_LEVEL=warn \
      "${command[@]}"
) >"$stage/server.log" 2>&1 &
server_pid=$!

base="http://127.0.0.1:$port"
# Prints the status and content type, then the body (a closed pipe is not an error).
fetch() { node -e "process.stdout.on('error',()=>{});fetch(process.argv[1]).then(async r=>{const t=await r.text();console.log(r.status+' '+(r.headers.get('content-type')||''));process.stdout.write(t)},e=>{console.log('000 '+e.message)})" "$1"; }
up=""
for _ in $(seq 1 120); do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    cat "$stage/server.log" >&2
    fail 'the staged server exited at start'
  fi
  if [[ "$(fetch "$base/api/health" | head -1)" == 200* ]]; then
    up=1
    break
  fi
  sleep 0.5
done
[[ -n "$up" ]] || {
  cat "$stage/server.log" >&2
  fail '/api/health did not answer 200 within 60 s'
}
say '/api/health answers 200'

home=$(fetch "$base/")
[[ "$(head -1 <<<"$home")" == "200 text/html"* ]] || fail "/ answered $(head -1 <<<"$home")"
grep -q '<div id="root">' <<<"$home" || fail '/ is not the web app'
# The router's data for the app, and a part of the demo catalog in the HTML itself.
grep -q '__staticRouterHydrationData' <<<"$home" && grep -q '>Digital Soldering Station 80 W<' <<<"$home" \
  || fail '/ was not rendered by the server with its parts (see the server log)'
say '/ serves the web app, rendered by the server'

parts=$(fetch "$base/api/parts?limit=1")
[[ "$(head -1 <<<"$parts")" == 200* ]] || fail "/api/parts answered $(head -1 <<<"$parts")"
picture=$(grep -o '/api/images/[0-9a-f]*\.webp' <<<"$parts" | head -1)
[[ -n "$picture" ]] || fail 'the demo catalog was not seeded'
[[ "$(fetch "$base$picture" | head -1)" == "200 image/webp"* ]] || fail "$picture is not served"
[[ -f "$data/uploads/$(basename "$picture")" ]] || fail "$picture is not in UPLOADS_DIR"
say "the demo catalog is seeded and its pictures are served from UPLOADS_DIR"

# The image's HEALTHCHECK command, as written in the Dockerfile.
healthcheck=$(sed -n 's/^ *CMD \["node", "-e", "\(.*\)"\]$/\1/p' Dockerfile | head -1 | sed 's/\\"/"/g')
[[ -n "$healthcheck" ]] || fail 'no node HEALTHCHECK command found in the Dockerfile'
(cd "$stage" && PORT="$port" node -e "$healthcheck") || fail "the Dockerfile's HEALTHCHECK fails against a healthy server"
say "the Dockerfile's HEALTHCHECK passes"

# 5. nginx in front, with the compose services' names replaced by the staged server.
nginx_bin=$(command -v nginx || true)
if [[ -z "$nginx_bin" && -x /usr/sbin/nginx ]]; then nginx_bin=/usr/sbin/nginx; fi
if [[ -z "$nginx_bin" && "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
  say 'installing nginx from Debian'
  timeout 180 apt-get install -y -qq nginx >/dev/null 2>&1 || true
  nginx_bin=$(command -v nginx || ls /usr/sbin/nginx 2>/dev/null || true)
fi
if [[ -z "$nginx_bin" ]]; then
  say 'SKIPPED: nginx is not installed and cannot be installed here; deploy/nginx.conf was not checked'
else
  nginx_port=$(free_port)
  mkdir -p "$stage/nginx"
  sed -e "s/server shop-[0-9]*:3000/server 127.0.0.1:$port/" \
    -e "s/listen 80;/listen 127.0.0.1:$nginx_port;/" \
    -e "s#pid /tmp/nginx.pid;#pid $stage/nginx/nginx.pid;#" \
    deploy/nginx.conf >"$stage/nginx/nginx.conf"
  "$nginx_bin" -t -q -p "$stage/nginx" -e "$stage/nginx/error.log" -c "$stage/nginx/nginx.conf" ||
    fail 'nginx -t refuses deploy/nginx.conf'
  say 'nginx -t accepts deploy/nginx.conf'
  "$nginx_bin" -p "$stage/nginx" -e "$stage/nginx/error.log" -c "$stage/nginx/nginx.conf" \
    -g 'daemon off;' >"$stage/nginx/out.log" 2>&1 &
  nginx_pid=$!
  through=""
  for _ in $(seq 1 40); do
    through=$(fetch "http://127.0.0.1:$nginx_port/api/health" | head -1)
    [[ "$through" == 200* ]] && break
    sleep 0.25
  done
  [[ "$through" == 200* ]] || fail "through nginx, /api/health answered $through"
  [[ "$(fetch "http://127.0.0.1:$nginx_port/" | head -1)" == "200 text/html"* ]] || fail 'through nginx, / failed'
  say 'nginx proxies /api/health and / to the server'
  kill "$nginx_pid" && wait "$nginx_pid" 2>/dev/null || true
  nginx_pid=""
fi

# Docker stops a container with SIGTERM: the server must exit by itself, with 0.
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[[ "$status" == 0 ]] || {
  cat "$stage/server.log" >&2
  fail "the server exited with $status on SIGTERM"
}
say 'the server stops with 0 on SIGTERM'
say 'OK: the runtime stage installs, starts and answers'
