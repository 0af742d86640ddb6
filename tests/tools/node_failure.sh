#!/bin/sh
# When one node process of a job is killed, mpirun must name it, end the others and exit with 128+9,
# leaving nothing running.
# Usage: node_failure.sh <scratch folder> <mpirun> [mpirun options...] <program> [arguments...]
# The job must have 3 nodes, ranks 2-3 on node 1, the one killed. The program is given --pid-files <folder>
# and writes node-K.pid there for each node K once all nodes are inside the job.
# With VIA_SSH=1 the nodes are behind ssh, which reports a program killed there as its own status 255.
scratch=$1
shift
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1

"$@" --pid-files "$scratch" > "$scratch/output" 2>&1 &
launcher=$!

waited=0
until test -f "$scratch/node-0.pid" && test -f "$scratch/node-1.pid" && test -f "$scratch/node-2.pid"; do
  sleep 0.1
  waited=$((waited + 1))
  if test "$waited" -gt 300; then
    echo "the nodes did not pass their fence within 30 s"
    cat "$scratch/output"
    kill -KILL "$launcher"
    exit 1
  fi
done
# A pid file can exist before its line is written.
sleep 0.2

kill -KILL "$(cat "$scratch/node-1.pid")"
wait "$launcher"
status=$?
cat "$scratch/output"
failed=0
# The peers may have ended already when mpirun reports the node (they fail their PMIx calls).
# Through a remote shell the node's end comes as the shell's exit status, 128 + 9; ssh's is 255.
if test "${VIA_SSH:-0}" = 1; then
  expected_status=255
  expected_line="^mpirun: node 1 \(node-b, ranks 2-3\) ended on node-b with the remote shell's status 255: the program was killed by a signal there, or exited with 255(; ending the job)?$"
else
  expected_status=137
  expected_line="^mpirun: node 1 \(.*, ranks 2-3\) (was killed by signal 9 \(SIGKILL[^)]*\)|exited with status 137)(; ending the job)?$"
fi
if test "$status" -ne "$expected_status"; then
  echo "mpirun exited with $status, expected $expected_status"
  failed=1
fi
if ! grep -Eq "$expected_line" "$scratch/output"; then
  echo "mpirun did not name the killed node as expected"
  failed=1
fi
if test "$(grep -c "^mpirun:" "$scratch/output")" -ne 1; then
  echo "mpirun printed more than one line about the end of the job"
  failed=1
fi
# Nodes behind a remote shell end themselves when they lose mpirun (their PMIx connection): give them
# a few seconds.
for node in 0 1 2; do
  pid=$(cat "$scratch/node-$node.pid")
  waited=0
  while kill -0 "$pid" 2> /dev/null && test "$waited" -lt 50; do
    sleep 0.1
    waited=$((waited + 1))
  done
  if kill -0 "$pid" 2> /dev/null; then
    echo "node $node is still running 5 s after mpirun ended"
    failed=1
  fi
done
exit $failed
