# Sourced by the scripts that start test daemons on loopback (tests/slurm, tests/ssh).

# Picks a port in 20000-32767, below Linux's ephemeral range, on which nothing listens on 127.0.0.1; never
# the ports given.
free_port() {
  local port taken other
  while :; do
    port=$((20000 + RANDOM % 12768))
    taken=0
    for other in "$@"; do [[ $port != "$other" ]] || taken=1; done
    ((taken)) && continue
    (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null || break
  done
  echo "$port"
}
