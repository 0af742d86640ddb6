#!/usr/bin/env bash
# A one-machine Slurm cluster for the test suite: munged, slurmctld and slurmd of Debian's packages,
# reached over 127.0.0.1, every file of it in one directory.
#   local_cluster.sh start DIR LOOPBACK_LISTEN
#       stops what an earlier run left in DIR, starts afresh, waits until the node is idle and prints the
#       environment clients need: SLURM_CONF=DIR/slurm.conf. LOOPBACK_LISTEN is the library built from
#       loopback_listen.c, preloaded into slurmctld and slurmd so that they listen on 127.0.0.1 alone.
#   local_cluster.sh stop DIR
#       cancels the jobs, stops the daemons, then ends whatever is left of them
# A failed start prints the daemons' logs, stops what it started and exits with status 1.
set -euo pipefail

readonly up_timeout=30    # seconds for each daemon to answer and for the node to become idle
readonly down_timeout=15  # seconds for the jobs to end and then for the daemons to exit

usage() {
  echo "usage: $0 start DIR LOOPBACK_LISTEN | stop DIR" >&2
  exit 2
}
(($# >= 2)) || usage
action=$1
dir=$(realpath -m "$2")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The daemons live in /usr/sbin, which a user's PATH may lack.
export PATH=$PATH:/usr/sbin:/sbin
# Every daemon, job step and task of the cluster carries this variable: it is how stop finds what is left.
export SLURM_CONF=$dir/slurm.conf
# munged refuses a socket directory or key that others may write.
umask 022

say() { echo "local_cluster: $*" >&2; }

# Whether the controller answers (scontrol ping prints "... is UP"). Without its slurm.conf none of this
# cluster runs, and scontrol would spend a minute looking for one elsewhere (Slurm's configless lookup).
controller_up() { [[ -f $SLURM_CONF ]] && scontrol ping 2>/dev/null | grep -q 'is UP'; }

queue_empty() { [[ -z $(squeue -h -o %A 2>/dev/null) ]]; }

node_idle() { [[ $(sinfo -h -n "$1" -o %t 2>/dev/null) == idle ]]; }

# Polls a command until it succeeds or the seconds given run out.
wait_for() {
  local seconds=$1
  shift
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    ((SECONDS < deadline)) || return 1
    sleep 0.1
  done
}

# Fills `cluster_pids` with this cluster's processes: those whose environment names its SLURM_CONF and
# that are its daemons or clients, or run inside one of its jobs (a shell with SLURM_CONF exported by hand
# is none of them). Reads /proc without forking, so that no child of this script is found.
cluster_pids=()
find_cluster_processes() {
  cluster_pids=()
  local entry pid comm variable ours in_job environment
  for entry in /proc/[0-9]*; do
    pid=${entry#/proc/}
    ((pid != $$)) || continue
    mapfile -d '' environment 2>/dev/null <"$entry/environ" || continue
    ours=0 in_job=0
    for variable in "${environment[@]}"; do
      [[ $variable != "SLURM_CONF=$SLURM_CONF" ]] || ours=1
      [[ $variable != SLURM_JOB_ID=* ]] || in_job=1
    done
    ((ours)) || continue
    read -r comm 2>/dev/null <"$entry/comm" || continue
    if ((in_job)) || [[ $comm =~ ^(munged|slurmctld|slurmscriptd|slurmd|slurmstepd|srun|salloc|sbatch)$ ]]; then
      cluster_pids+=("$pid")
    fi
  done
}

# Whether the process of a pid file is gone: exited, or a zombie that nobody has reaped yet.
pid_file_gone() {
  local pid stat
  read -r pid 2>/dev/null <"$1" || return 0
  read -r stat 2>/dev/null <"/proc/$pid/stat" || return 0
  stat=${stat##*) }  # the fields after the command name, which may hold spaces
  [[ $stat == Z* ]]
}

no_cluster_processes() {
  find_cluster_processes
  ((${#cluster_pids[@]} == 0))
}

# shellcheck source=../free_port.sh
source "$here/../free_port.sh"

stop_cluster() {
  if controller_up; then
    # Jobs first: slurmd hands their processes SIGTERM, then SIGKILL after KillWait.
    local jobs
    jobs=$(squeue -h -o %A 2>/dev/null || true)
    if [[ -n $jobs ]]; then
      # shellcheck disable=SC2086 # one job id per word
      scancel $jobs 2>/dev/null || true
      wait_for "$down_timeout" queue_empty ||
        say "jobs still listed after ${down_timeout} s: $(squeue -h -o '%A %T' | tr '\n' ' ')"
    fi
    scontrol shutdown >/dev/null 2>&1 || true
    wait_for "$down_timeout" pid_file_gone "$dir/run/slurmctld.pid" || true
    wait_for "$down_timeout" pid_file_gone "$dir/run/slurmd.pid" || true
  fi
  # munged, and anything the daemons left, gets SIGTERM, then SIGKILL.
  no_cluster_processes && return 0
  local pid strays=()
  for pid in "${cluster_pids[@]}"; do
    [[ $(cat "/proc/$pid/comm" 2>/dev/null) == munged ]] ||
      strays+=("$pid $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)")
  done
  ((${#strays[@]} == 0)) || say "ending what the cluster left running: $(printf '[%s] ' "${strays[@]}")"
  kill -TERM "${cluster_pids[@]}" 2>/dev/null || true
  wait_for 5 no_cluster_processes && return 0
  kill -KILL "${cluster_pids[@]}" 2>/dev/null || true
  wait_for 5 no_cluster_processes || {
    say "could not end: ${cluster_pids[*]}"
    return 1
  }
}

# Prints the logs of a failed start, stops what started and exits.
fail_start() {
  say "$*"
  local log
  for log in "$dir"/log/*.log "$dir"/munge/munged.log; do
    [[ -s $log ]] || continue
    echo "---- $log" >&2
    tail -n 40 "$log" >&2
  done
  stop_cluster || true
  exit 1
}

start_cluster() {
  [[ -f $1 ]] || fail_start "no library '$1' to preload into the daemons"
  local loopback_listen
  loopback_listen=$(realpath "$1")
  local started=${EPOCHREALTIME/./} program
  for program in munged slurmctld slurmd scontrol sinfo srun; do
    command -v "$program" >/dev/null ||
      fail_start "$program not found: install Debian's slurmctld, slurmd, slurm-client, slurm-wlm-basic-plugins and munge (scripts/dev.sh test does)"
  done
  [[ ! -e $dir ]] || stop_cluster || fail_start "could not end what an earlier run left in $dir"
  rm -rf "$dir"
  mkdir -p "$dir"/{munge,state,spool,tmp,run,log}

  # munge with a key of this cluster's own.
  (umask 077 && head -c 1024 /dev/urandom >"$dir/munge/munge.key")
  munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
         --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
         --seed-file="$dir/munge/munged.seed" ||
    fail_start "munged did not start"
  wait_for "$up_timeout" test -S "$dir/munge/munge.socket" || fail_start "munged made no socket"

  local node ctld_port slurmd_port
  node=$(hostname -s)
  ctld_port=$(free_port)
  slurmd_port=$(free_port "$ctld_port")
  # Four CPUs a core, at least eight: room for the tests' jobs of four tasks beside one another.
  local cpus=$(($(nproc) * 4))
  ((cpus >= 8)) || cpus=8
  sed -e "s|@DIR@|$dir|g" -e "s|@USER@|$(id -un)|g" -e "s|@NODE@|$node|g" -e "s|@CPUS@|$cpus|g" \
      -e "s|@CTLD_PORT@|$ctld_port|g" -e "s|@SLURMD_PORT@|$slurmd_port|g" \
      "$here/slurm.conf.in" >"$SLURM_CONF"

  LD_PRELOAD=$loopback_listen slurmctld || fail_start "slurmctld did not start"
  wait_for "$up_timeout" controller_up || fail_start "slurmctld did not answer within ${up_timeout} s"
  LD_PRELOAD=$loopback_listen slurmd -N "$node" || fail_start "slurmd did not start"
  wait_for "$up_timeout" node_idle "$node" ||
    fail_start "node $node not idle within ${up_timeout} s: $(sinfo -h -n "$node" -o '%t %E' 2>&1)"
  say "up in $(((${EPOCHREALTIME/./} - started) / 1000)) ms: node $node with $cpus CPUs, slurmctld on port $ctld_port, slurmd on $slurmd_port"
  echo "SLURM_CONF=$SLURM_CONF"
}

case "$action $#" in
  "start 3") start_cluster "$3" ;;
  "stop 2") stop_cluster ;;
  *) usage ;;
esac
