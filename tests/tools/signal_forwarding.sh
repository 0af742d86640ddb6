#!/bin/sh
# mpirun must pass a SIGTERM it receives on to the program and then exit with the program's status.
# Usage: signal_forwarding.sh <mpirun> <scratch folder> <node processes> [mpirun options...]
# With several node processes (--nodes), every one must get the signal; mpirun exits with the status
# of the first that ends. The program is a shell that traps TERM, or the one in $PROGRAM, which must
# behave alike: write <its first argument>/ready.<pid> once its handler is set, and on SIGTERM print
# "program caught TERM" and exit with status 7.
mpirun=$1
scratch=$2
processes=$3
shift 3
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1

# Each process says when its trap is set, so the signal cannot arrive before it handles it.
if test -n "${PROGRAM:-}"; then
  "$mpirun" "$@" "$PROGRAM" "$scratch" > "$scratch/output" 2>&1 &
else
  "$mpirun" "$@" sh -c 'trap "echo program caught TERM; exit 7" TERM; : > "$1/ready.$$"; while :; do sleep 0.1; done' \
    program "$scratch" > "$scratch/output" 2>&1 &
fi
launcher=$!

waited=0
until test "$(ls "$scratch" | grep -c '^ready\.')" -eq "$processes"; do
  sleep 0.1
  waited=$((waited + 1))
  if test "$waited" -gt 100; then
    echo "the program did not start within 10 s"
    kill -KILL "$launcher"
    exit 1
  fi
done

kill -TERM "$launcher"
wait "$launcher"
status=$?
cat "$scratch/output"
if test "$status" -ne 7; then
  echo "mpirun exited with $status, expected the program's 7"
  exit 1
fi
if test "$(grep -c "program caught TERM" "$scratch/output")" -lt "$processes"; then
  echo "not every process received the SIGTERM sent to mpirun"
  exit 1
fi
