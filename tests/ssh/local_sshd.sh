#!/usr/bin/env bash
# An ssh server of Debian's openssh-server for the test suite, listening on 127.0.0.1 alone, with its
# keys, configuration and logs in one directory, so that mpirun reaches "hosts" over real ssh.
#   local_sshd.sh start DIR
#       stops what an earlier run left in DIR, makes fresh host and client keys, starts sshd on a free
#       port and waits until a login through DIR/bin/ssh works. Hosts node-a, node-b and node-c all lead
#       to this machine through DIR/ssh_config, node-down to a loopback port nobody listens on; DIR/bin/ssh
#       is ssh with that configuration, to be put first in PATH (mpirun then finds it as the default
#       remote shell).
#   local_sshd.sh stop DIR
#       stops that sshd and ends the sessions it started
# A failed start prints sshd's log, stops what it started and exits with status 1.
set -euo pipefail

readonly up_timeout=20  # seconds for the first login to work

usage() {
  echo "usage: $0 start DIR | stop DIR" >&2
  exit 2
}
(($# == 2)) || usage
action=$1
dir=$(realpath -m "$2")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../free_port.sh
source "$here/../free_port.sh"

say() { echo "local_sshd: $*" >&2; }

stop_server() {
  local pid
  if read -r pid 2>/dev/null <"$dir/sshd.pid"; then
    # The listener's process group holds it alone; its sessions are its children.
    pkill -TERM -P "$pid" 2>/dev/null || true
    kill -TERM "$pid" 2>/dev/null || true
    rm -f "$dir/sshd.pid"
  fi
}

login_works() { "$dir/bin/ssh" node-a true 2>/dev/null; }

start_server() {
  stop_server
  rm -rf "$dir"
  mkdir -p "$dir/bin"
  ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
  ssh-keygen -q -t ed25519 -N '' -f "$dir/client_key"
  cp "$dir/client_key.pub" "$dir/authorized_keys"
  local port down_port
  port=$(free_port)
  down_port=$(free_port "$port")
  # Keys in DIR (StrictModes off: its folders need not be private), no passwords, no PAM; root may log
  # in by key, as the suite may run as root.
  cat >"$dir/sshd_config" <<CONFIG
ListenAddress 127.0.0.1
Port $port
HostKey $dir/host_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
CONFIG
  cat >"$dir/ssh_config" <<CONFIG
Host node-a node-b node-c
  HostName 127.0.0.1
  Port $port
  User $(id -un)
  IdentityFile $dir/client_key
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  BatchMode yes
  LogLevel ERROR
Host node-down
  HostName 127.0.0.1
  Port $down_port
  BatchMode yes
CONFIG
  # By its full path: DIR/bin comes first in the PATH of its users.
  printf '#!/bin/sh\nexec %s -F %s "$@"\n' "$(command -v ssh)" "$dir/ssh_config" >"$dir/bin/ssh"
  chmod +x "$dir/bin/ssh"
  # sshd run by root wants its privilege-separation directory.
  if ((EUID == 0)); then mkdir -p /run/sshd; fi
  # -E: the log in DIR; sshd detaches and writes its pid file once it listens.
  /usr/sbin/sshd -f "$dir/sshd_config" -E "$dir/sshd.log"
  local deadline=$((SECONDS + up_timeout))
  until login_works; do
    if ((SECONDS >= deadline)); then
      say "no login through sshd on 127.0.0.1:$port within $up_timeout s; its log:"
      cat "$dir/sshd.log" >&2 || true
      stop_server
      exit 1
    fi
    sleep 0.1
  done
}

case $action in
  start) start_server ;;
  stop) stop_server ;;
  *) usage ;;
esac
