#!/usr/bin/env bash
# Upgrades the server without touching the release it runs (docs/operations.md, "Upgrades"; ADR 032).
#
#   release.sh [--yes] [--build-only] [<commit, tag or branch>]   (default: the repository's HEAD)
#   release.sh --rollback
#
# 1. fetches the repository and unpacks the commit into releases/<commit>/ (`git archive`: a folder of
#    its own, never the running one), installs and builds it there (RELEASE_COMMIT names the commit in
#    build/release.json); a release already built is reused;
# 2. compares deploy/ and .env.example with the running release's, and stops while they differ until
#    run again with --yes (the unit, the Caddyfile or a setting may need changing first); lists the
#    migrations the new release will run and those marked `-- breaks-rollback:`;
# 3. takes a backup (`npm run db:backup` of the running release, as the service's user);
# 4. switches the `current` link to the new release in one rename and restarts the service, whose
#    start-up migrates (each migration logged by name); Caddy holds requests meanwhile (lb_try_duration);
# 5. waits for /healthz to answer the new commit; if it does not, switches the link back, restarts, and
#    exits 1;
# 6. keeps the last RELEASE_KEEP release folders (the current and previous ones always).
# --rollback switches `current` back to the `previous` link (step 4 and 5 only).
#
# Settings, from the environment (the defaults are docs/operations.md's paths):
#   RELEASE_ROOT=/opt/classificados           releases/, current, previous, repo.git
#   RELEASE_REPO=$RELEASE_ROOT/repo.git       the git repository releases come from (fetched when it has an origin)
#   RELEASE_ENV_FILE=/etc/classificados/env   the service's settings: its PORT, for the health check
#   RELEASE_SERVICE=classificados             the systemd unit, and its user
#   RELEASE_HEALTH_URL=http://127.0.0.1:<PORT>/healthz
#   RELEASE_HEALTH_SECONDS=180                how long start-up (migrations included) may take
#   RELEASE_KEEP=3                            release folders kept
#   RELEASE_RESTART='systemctl restart <service>'   how the server is restarted
#   RELEASE_BACKUP='systemd-run … npm run db:backup'  the backup before the switch (see backup_command)
set -euo pipefail

ROOT=${RELEASE_ROOT:-/opt/classificados}
REPO=${RELEASE_REPO:-$ROOT/repo.git}
ENV_FILE=${RELEASE_ENV_FILE:-/etc/classificados/env}
SERVICE=${RELEASE_SERVICE:-classificados}
HEALTH_SECONDS=${RELEASE_HEALTH_SECONDS:-180}
KEEP=${RELEASE_KEEP:-3}
RESTART=${RELEASE_RESTART:-systemctl restart $SERVICE}

log() { printf '[release] %s\n' "$*"; }
die() { printf '[release] %s\n' "$*" >&2; exit 1; }

yes=false build_only=false rollback=false ref=HEAD
while [ $# -gt 0 ]; do
  case $1 in
    --yes) yes=true ;;
    --build-only) build_only=true ;;
    --rollback) rollback=true ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) ref=$1 ;;
  esac
  shift
done

[ -d "$ROOT" ] || die "no $ROOT (RELEASE_ROOT)"
cd "$ROOT"
mkdir -p releases
# One release at a time: two would race for the link and the service.
exec 9>"$ROOT/.release.lock"
flock -n 9 || die "another release.sh is running (lock: $ROOT/.release.lock)"

# The release folder a link points to (its name, the commit), or nothing.
linked() { [ -L "$1" ] && basename "$(readlink "$1")" || true; }

# Points a link at releases/<commit> by renaming a new link over it: readers see the old or the new one.
point() { ln -sfn "releases/$2" ".$1.new" && mv -T ".$1.new" "$1"; }

port() {
  local value
  value=$( [ -r "$ENV_FILE" ] && sed -n 's/^[[:space:]]*PORT[[:space:]]*=[[:space:]]*["'\'']\{0,1\}\([0-9]*\).*/\1/p' "$ENV_FILE" | tail -1 || true)
  echo "${value:-3000}"
}
HEALTH_URL=${RELEASE_HEALTH_URL:-http://127.0.0.1:$(port)/healthz}

# Waits until /healthz answers 200 with {"commit": "<commit>"}; a restart leaves the port closed a while.
healthy() {
  node --input-type=module -e '
    const [url, commit, seconds] = process.argv.slice(1);
    const deadline = Date.now() + Number(seconds) * 1000;
    let last = "no answer";
    while (Date.now() < deadline) {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
        const body = await response.text();
        last = `${response.status} ${body.slice(0, 200)}`;
        if (response.ok && JSON.parse(body).commit === commit) process.exit(0);
      } catch (error) {
        last = error.cause?.code ?? error.message;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.error(`[release] ${url} did not answer commit ${commit} within ${seconds} s (last: ${last})`);
    process.exit(1);
  ' "$HEALTH_URL" "$1" "$HEALTH_SECONDS"
}

restart_and_check() {
  local started=$SECONDS
  log "restarting: $RESTART"
  # Without the lock's descriptor: a server started by the command must not hold the lock.
  bash -c "$RESTART" 9>&-
  healthy "$1" || return 1
  log "$HEALTH_URL answers commit $1 ($((SECONDS - started)) s after the restart began)"
}

# The migrations of the new release that the running one does not have, by file name.
new_migrations() {
  comm -13 <(ls "releases/$1/drizzle" | grep '\.sql$' | sort) <(ls "releases/$2/drizzle" | grep '\.sql$' | sort)
}

# Those of them marked as breaking the rollback, with why.
rollback_breakers() {
  local file
  for file in $(new_migrations "$1" "$2"); do
    sed -n "s/^-- breaks-rollback:[[:space:]]*/  ${file%.sql}: /p" "releases/$2/drizzle/$file"
  done
}

if $rollback; then
  running=$(linked current) previous=$(linked previous)
  [ -n "$running" ] || die "no current release ($ROOT/current): nothing to switch from"
  [ -n "$previous" ] || die "no previous release recorded ($ROOT/previous): nothing to switch back to"
  [ -d "releases/$previous" ] || die "the previous release's folder releases/$previous is gone"
  breakers=$(rollback_breakers "$previous" "$running")
  if [ -n "$breakers" ] && ! $yes; then
    die "$(printf 'releases/%s ran migrations that break the rollback:\n%s\nthe previous release cannot run on this database: restore the backup taken before the upgrade (docs/operations.md), or run again with --yes' "$running" "$breakers")"
  fi
  log "switching back: current → releases/$previous (was $running)"
  point current "$previous"
  point previous "$running"
  restart_and_check "$previous" || die "releases/$previous does not answer either: journalctl -u $SERVICE -n 100"
  log "rolled back to $previous"
  exit 0
fi

# 1. The commit, unpacked, installed and built beside the running release.
if git -C "$REPO" remote get-url origin > /dev/null 2>&1; then
  log "fetching $(git -C "$REPO" remote get-url origin)"
  git -C "$REPO" fetch --quiet --prune origin
fi
commit=$(git -C "$REPO" rev-parse --verify --quiet "$ref^{commit}") || die "$ref is not a commit of $REPO"
running=$(linked current)
release=releases/$commit

if [ -f "$release/build/release.json" ]; then
  log "$release is built already: reused"
else
  partial=releases/.$commit.partial
  rm -rf "$partial"
  trap 'rm -rf "$ROOT/$partial"' EXIT
  mkdir "$partial"
  log "unpacking $commit into $partial"
  git -C "$REPO" archive "$commit" | tar -x -C "$partial"
  started=$SECONDS
  # Lower priority than the site it runs beside. Development tools too: the build needs them.
  (cd "$partial" && nice -n 10 npm ci --include=dev --no-audit --no-fund && RELEASE_COMMIT=$commit nice -n 10 npm run build)
  mv -T "$partial" "$release"
  trap - EXIT
  log "built $release in $((SECONDS - started)) s"
fi
if $build_only; then
  log "built only (--build-only): nothing switched"
  exit 0
fi
if [ "$running" = "$commit" ]; then
  log "$commit is the current release already: nothing to do"
  exit 0
fi
if [ -z "$running" ]; then
  point current "$commit"
  log "first release here: current → $release. Install its unit ($ROOT/current/deploy/classificados.service) and (re)start the service (docs/operations.md)"
  exit 0
fi
[ -d "releases/$running" ] || die "current points at releases/$running, which is gone"

# 2. What the operator must apply by hand, and what the upgrade does to the data.
changes=$(diff -ru "releases/$running/deploy" "$release/deploy"; diff -u "releases/$running/.env.example" "$release/.env.example") || true
if [ -n "$changes" ]; then
  printf '%s\n' "$changes"
  if ! $yes; then
    log "deploy/ or .env.example changed (above): apply what concerns you (the unit: cp $release/deploy/classificados.service /etc/systemd/system/ && systemctl daemon-reload; the Caddyfile: cp $release/deploy/Caddyfile /etc/caddy/ && systemctl reload caddy; new settings: $ENV_FILE), then run again with --yes (the build is reused)"
    exit 3
  fi
fi
migrations=$(new_migrations "$running" "$commit")
migrations=${migrations:-none}
log "migrations the new release runs at start-up: ${migrations//$'\n'/, }"
breakers=$(rollback_breakers "$running" "$commit")
[ -z "$breakers" ] || log "$(printf 'these break the rollback (after them, going back means restoring the backup taken now):\n%s' "$breakers")"

# 3. A backup of the data as the running release leaves it.
backup_command() {
  printf '%s' "systemd-run --quiet --pipe --wait --collect --uid=$SERVICE --gid=$SERVICE -p EnvironmentFile=$ENV_FILE"
  printf '%s' " -p WorkingDirectory=$ROOT/current -p Environment=HOME=/var/lib/$SERVICE -p UMask=0077 /usr/bin/npm run --silent db:backup"
}
log "backup: ${RELEASE_BACKUP:-$(backup_command)}"
bash -c "${RELEASE_BACKUP:-$(backup_command)}" 9>&- || die "the backup failed: nothing switched"

# 4 and 5. Switch, restart, check; switch back when the new release does not answer.
log "switching: current → $release (was $running)"
point current "$commit"
if ! restart_and_check "$commit"; then
  log "releases/$commit failed its health check (journalctl -u $SERVICE -n 100): switching back to $running"
  point current "$running"
  restart_and_check "$running" || die "releases/$running does not answer either: journalctl -u $SERVICE -n 100"
  [ -z "$breakers" ] || log "a migration above breaks the rollback: if it ran, restore the backup taken before the switch"
  die "upgrade to $commit failed; back on $running"
fi
point previous "$running"
log "upgraded to $commit (previous: $running; \`release.sh --rollback\` switches back)"

# 6. Old release folders go, newest kept. A release is a fresh tree, so nothing of an older version
#    (public/build/ of the classic compiler, a stale build) is ever served.
previous=$running
{ ls -1t releases | grep -v '^\.' || true; } | tail -n +$((KEEP + 1)) | while read -r old; do
  if [ "$old" != "$commit" ] && [ "$old" != "$previous" ]; then
    log "removing releases/$old"
    rm -rf "releases/$old"
  fi
done
