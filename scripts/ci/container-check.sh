#!/usr/bin/env bash
# Builds the unchanged Dockerfile with podman and runs the image: /readyz, the image's HEALTHCHECK, a
# clean stop after draining; on the embedded database (a volume) and, when it answers, on the host's
# PostgreSQL. No image registry is reachable here, so the Dockerfile's FROM image is made once per
# machine from Debian (debootstrap) and the npm registry's Node, npm and a `node` user (uid 1000).
# Usage: scripts/ci/container-check.sh        (installs podman, runc and debootstrap when missing)
set -euo pipefail
cd "$(dirname "$0")/../.."

node_version=24.22.3
npm_version=11.19.1
base_image=docker.io/library/node:24-bookworm-slim
image=localhost/attest:ci
cache="${ATTEST_CONTAINER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/attest/container}"
mkdir -p "$cache"

if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  echo "container-check: installing podman, runc and debootstrap"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null
fi

# crun (podman's default) refuses this machine's hybrid cgroup layout; runc works. Ulimits above
# the current hard limits cannot be set, so the defaults are pinned at or under them.
nofile="$(ulimit -Hn)"
nproc="$(ulimit -Hu)"
[ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ] && nproc=32768
export CONTAINERS_CONF="$cache/containers.conf"
cat >"$CONTAINERS_CONF" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF

if ! podman image exists "$base_image"; then
  echo "container-check: making $base_image (Debian bookworm, Node $node_version, npm $npm_version)"
  rootfs="$(mktemp -d)"
  trap 'rm -rf "$rootfs"' EXIT
  timeout 900 debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
  node_bin="$(scripts/ci/node-runtime.sh "$node_version")"
  install -m 0755 "$node_bin/node" "$rootfs/usr/local/bin/node"
  npm_unpack="$(mktemp -d)"
  (cd "$npm_unpack" && timeout 300 npm pack --silent "npm@$npm_version" >/dev/null && tar xzf ./*.tgz)
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  mv "$npm_unpack/package" "$rootfs/usr/local/lib/node_modules/npm"
  rm -rf "$npm_unpack"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # The registry may be reached through a proxy whose CA only this host trusts.
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/usr/local/share/host-ca-certificates.crt"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | podman import \
    --change 'ENV NODE_VERSION='"$node_version" \
    --change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/host-ca-certificates.crt' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "$base_image" >/dev/null
  rm -rf "$rootfs"
  trap - EXIT
fi

echo "container-check: building the image (podman build, the Dockerfile as it is)"
started=$(date +%s)
# The docker format keeps HEALTHCHECK (OCI images drop it).
# A build that stalls (a registry that stops answering) ends with the time limit, not with CI.
timeout 900 podman build --pull=never --format docker --tag "$image" . >"$cache/build.log" 2>&1 ||
  { tail -40 "$cache/build.log"; echo "container-check: the build failed" >&2; exit 1; }
echo "container-check: built in $(($(date +%s) - started)) s"

# Timed health checks need systemd, which does not run here: podman says so on every run and stop.
# `podman healthcheck run` below runs the image's HEALTHCHECK once, as an orchestrator would.
podman() { command podman "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# Runs the image with the given environment, waits for /readyz, runs its health check, stops it
# and asks that the stop ended with exit 0 (SIGTERM, drain, grace, exit).
run_and_stop() {
  local name="$1"
  shift
  local port url
  port="$(free_port)"
  url="http://127.0.0.1:$port"
  podman rm -f "$name" >/dev/null 2>&1 || true
  # Host networking: the container reaches the host's PostgreSQL on 127.0.0.1 and listens there only.
  podman run --detach --init --name "$name" --network host \
    --env HOST=127.0.0.1 --env PORT="$port" --env PUBLIC_URL="$url" \
    --env SMTP_URL=smtp://127.0.0.1:9 --env SHUTDOWN_DRAIN_SECONDS=1 "$@" "$image" >/dev/null
  local ready=0
  for _ in $(seq 1 240); do
    if curl -fsS --max-time 5 "$url/readyz" >/dev/null 2>&1; then ready=1; break; fi
    [ "$(podman inspect --format '{{.State.Running}}' "$name")" = true ] || break
    sleep 0.5
  done
  if [ "$ready" != 1 ]; then
    podman logs "$name" | tail -30
    echo "container-check: $name never answered /readyz" >&2
    return 1
  fi
  podman healthcheck run "$name" >/dev/null || { echo "container-check: $name's HEALTHCHECK failed" >&2; return 1; }
  curl -fsS --max-time 30 "$url/api/docs" >/dev/null
  podman stop --time 40 "$name" >/dev/null
  local code
  code="$(podman inspect --format '{{.State.ExitCode}}' "$name")"
  podman rm "$name" >/dev/null
  [ "$code" = 0 ] || { echo "container-check: $name stopped with exit $code" >&2; return 1; }
  echo "container-check: $name served /readyz, passed its health check and stopped with exit 0"
}

podman volume rm -f attest-ci-data >/dev/null 2>&1 || true
podman volume create attest-ci-data >/dev/null
run_and_stop attest-ci-pglite --volume attest-ci-data:/data
podman volume rm -f attest-ci-data >/dev/null

export PGOPTIONS='--client-min-messages=warning'
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  database=attest_container_ci
  psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database" >/dev/null
  run_and_stop attest-ci-postgres --env DATABASE_URL="postgres://postgres@127.0.0.1:5432/$database"
  psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE $database" >/dev/null
fi
