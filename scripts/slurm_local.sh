#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for testing job arrays against a real Slurm
# (docs/cluster.md): munged, slurmctld and slurmd on 127.0.0.1, run as root, no cgroups
# (proctrack/linuxproc, task/none), every file (config, munge key, state, spool, logs,
# pid files) under DIR, ports and names chosen per cluster so that two can run at once.
#
#   scripts/slurm_local.sh up DIR     start it (DIR must not exist); then
#                                     `. DIR/env.sh` points sbatch/squeue/scancel at it
#   scripts/slurm_local.sh down DIR   cancel its jobs, stop its three daemons (by the pids
#                                     they wrote), remove DIR
#
# Needs the Debian packages slurm-wlm and munge (scripts/deps.sh) and root (SlurmUser=root).
set -euo pipefail
cmd=${1:-}
dir=${2:-}
usage() { echo "usage: $0 up|down DIR" >&2; exit 2; }
[ -n "$cmd" ] && [ -n "$dir" ] || usage

# A TCP port nobody listens on (checked by connecting), from a random start.
free_port() {
  local p
  for _ in $(seq 200); do
    p=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "slurm_local: no free port found" >&2
  return 1
}

pid_of() { [ -s "$1" ] && cat "$1" || true; }

# Stops the daemon whose pid file is $1: TERM, up to 10 s, then KILL.
stop_daemon() {
  local pid
  pid=$(pid_of "$1")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
}

down() {
  [ -d "$dir" ] || return 0
  if [ -f "$dir/slurm.conf" ] && [ -n "$(pid_of "$dir/run/slurmctld.pid")" ]; then
    export SLURM_CONF=$dir/slurm.conf  # what env.sh sets, without running a file of DIR
    scancel --quiet --user=root 2>/dev/null || true  # this cluster's jobs (SLURM_CONF)
    for _ in $(seq 50); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.2; done
  fi
  stop_daemon "$dir/run/slurmd.pid"
  stop_daemon "$dir/run/slurmctld.pid"
  stop_daemon "$dir/run/munged.pid"
  rm -rf "$dir"
}

fail() {
  echo "slurm_local: $*" >&2
  for f in "$dir"/log/*.log; do [ -f "$f" ] && { echo "--- $f (last lines)" >&2; tail -n 15 "$f" >&2; }; done
  down
  exit 1
}

up() {
  [ "$(id -u)" -eq 0 ] || { echo "slurm_local: must run as root (SlurmUser=root)" >&2; exit 1; }
  for b in munged slurmctld slurmd sbatch squeue sinfo scancel; do
    command -v "$b" >/dev/null || { echo "slurm_local: $b not found; run 'make deps' (packages slurm-wlm, munge)" >&2; exit 1; }
  done
  [ ! -e "$dir" ] || { echo "slurm_local: $dir exists" >&2; exit 1; }
  # slurm.conf holds DIR's paths unquoted: a blank or line break ends a value (or the line),
  # '#' starts a comment, quotes and a backslash are its syntax, '%' a placeholder (%h, %n),
  # ',' ends an AuthInfo option. Such a DIR is refused before anything is made.
  local abs bad="[[:space:][:cntrl:]#\"'\\%,]"
  abs=$(realpath -m -- "$dir")
  if [[ $abs =~ $bad ]]; then
    echo "slurm_local: $(printf %q "$abs"): slurm.conf cannot hold a path with a blank, a line break, #, a quote, a backslash, % or a comma" >&2
    exit 1
  fi
  mkdir -p -- "$dir"
  dir=$(cd -- "$dir" && pwd)
  chmod 700 "$dir"
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log" "$dir/run"
  chmod 700 "$dir/munge"
  local id host ctld_port slurmd_port node cluster
  id=$(printf '%04x%04x' $RANDOM $RANDOM)
  host=$(hostname -s)
  node="cc$id"
  cluster="cc$id"
  ctld_port=$(free_port)
  slurmd_port=$(free_port)
  [ "$ctld_port" != "$slurmd_port" ] || slurmd_port=$(free_port)
  echo "$cluster" > "$dir/cluster"

  # munge: its own key, socket and files.
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
  chmod 400 "$dir/munge/munge.key"
  munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed" \
    || fail "munged did not start"

  cat > "$dir/slurm.conf" <<EOF
# One-node test cluster made by scripts/slurm_local.sh
ClusterName=$cluster
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MaxArraySize=1001
MinJobAge=600
SlurmctldTimeout=30
SlurmdTimeout=60
NodeName=$node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  # Shell text: the path quoted for the shell (%q), so sourcing env.sh runs nothing of DIR's name.
  printf 'export SLURM_CONF=%q\n' "$dir/slurm.conf" > "$dir/env.sh"
  export SLURM_CONF=$dir/slurm.conf
  slurmctld -i -f "$dir/slurm.conf" || fail "slurmctld did not start"
  slurmd -N "$node" -f "$dir/slurm.conf" || fail "slurmd did not start"
  for _ in $(seq 150); do
    if sinfo -h -n "$node" -o '%t' 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then
      echo "slurm_local: cluster $cluster up in $dir (node $node, slurmctld port $ctld_port, slurmd port $slurmd_port); . $dir/env.sh"
      return 0
    fi
    sleep 0.2
  done
  fail "node $node did not become idle in 30 s (sinfo: $(sinfo -h 2>&1 | head -3))"
}

case "$cmd" in
  up) up ;;
  down) down ;;
  *) usage ;;
esac
