#!/bin/sh
# The gdb extension (tools/gdb/weft.py) on debugger_ring with 4 ranks: every rank but 3 blocked in MPI_Recv
# from its left neighbour, rank 3 stopped in known_place. Each check names a frame or a value, so wrong
# saved-register offsets (a garbage backtrace) fail it.
# Usage: gdb_session.sh live|core|mpirun <weft prefix> <debugger_ring> <workers> <scratch folder>
#   live    gdb runs the program and stops it at rank 3's SIGTRAP;
#   core    the program crashes in rank 3 and gdb reads the core file; where the machine's core_pattern
#           sends cores elsewhere (a pipe) or none appears, gdb's gcore writes one of the stopped program;
#   mpirun  mpirun --gdb 1 runs the job under gdb, which stops as rank 1 enters main; the session's commands
#           come on gdb's standard input.
mode=$1
prefix=$2
program=$3
workers=$4
scratch=$5
extension=$prefix/share/weft/gdb/weft.py
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
output=$scratch/output
failed=0

# The lines of the session between `echo @@ <name>` and the next marker.
section() {
  sed -n "/^@@ $1\$/,/^@@ /p" "$output"
}

# expect <section, or - for the whole output> <extended regex>: some line of it matches.
expect() {
  if test "$1" = -; then lines=$(cat "$output"); else lines=$(section "$1"); fi
  if ! printf '%s\n' "$lines" | grep -Eq -- "$2"; then
    echo "FAILED: no line of section '$1' matches: $2"
    failed=1
  fi
}

# The ranks blocked in the ring, as `weft ranks` lists them in section $1.
expect_ring() {
  expect "$1" '^ +0 +[01] +parked +blocked in MPI_Recv, waiting for rank 3 \(tag 7\) on MPI_COMM_WORLD$'
  expect "$1" '^ +1 +[01] +parked +blocked in MPI_Recv, waiting for rank 0 \(tag 7\) on MPI_COMM_WORLD$'
  expect "$1" '^ +2 +[01] +parked +blocked in MPI_Recv, waiting for rank 1 \(tag 7\) on MPI_COMM_WORLD$'
  expect "$1" '^ +3 +[01] +[0-9]+ +running'
}

# Rank 3's stack, from the fault or trap down to main, and its local variable.
expect_rank_3() {
  expect "$1" 'weft: rank 3 is running on worker [01], gdb thread [0-9]+'
  expect "$1" '^#[0-9]+ .*known_place \(crash=[01]\)'
  expect "$1" '^#[0-9]+ .*descend \(depth=0'
  expect "$1" '^#[0-9]+ .*descend \(depth=2'
  expect "$1" '^#[0-9]+ .*main \(argc='
  expect "$1" '^marker = 4242$'
}

# A parked rank's stack (section $1, rank $2): the thread's own frame named as such, then the rank's fiber
# from its switch down to its MPI_Recv and main, whose locals are the rank's own.
expect_parked_rank() {
  expect "$1" "^weft: rank $2 is parked: blocked in MPI_Recv, waiting for rank $(( ($2 + 3) % 4 ))"
  expect "$1" "^#0 .*\\[weft: rank $2 is parked; its stack follows\\]"
  expect "$1" '^#[0-9]+ .* P?MPI_Recv ?\('
  expect "$1" '^#[0-9]+ .*main \(argc='
  expect "$1" "^rank = $2\$"
}

export WEFT_NRANKS=4 WEFT_WORKERS=$workers
gdb_batch="gdb -nx -batch -ex 'set pagination off' -x $extension"

# gdb commands showing rank $2's stack and the locals of its frame in function $3, under the label $1 (none
# when empty).
show_rank() {
  if test -n "$1"; then printf 'echo @@ %s\\n\n' "$1"; fi
  printf 'weft rank %s\nbt\nframe function %s\ninfo locals\n' "$2" "$3"
}

case $mode in
  live)
    {
      printf 'run\necho @@ ranks\\n\nweft ranks\n'
      show_rank rank1 1 main
      show_rank rank3 3 known_place
      printf 'echo @@ back\\n\nweft rank\necho @@ end\\n\n'
    } > commands
    eval "$gdb_batch" -x commands --args "$program" > "$output" 2>&1
    expect - 'received signal SIGTRAP'
    expect_ring ranks
    expect_parked_rank rank1 1
    expect_rank_3 rank3
    expect back "weft: back to the threads' own stacks"
    ;;
  core)
    ulimit -c unlimited
    if grep -q '^|' /proc/sys/kernel/core_pattern; then
      echo "core_pattern pipes cores elsewhere: gcore writes the core of the stopped program instead"
    else
      "$program" crash > crash-output 2>&1
      echo "the crashing program exited with status $?"
    fi
    core=$(ls | grep '^core' | head -n 1)
    if test -z "$core"; then
      echo "no core file appeared: gcore writes the core of the stopped program instead"
      eval "$gdb_batch" -ex run -ex "'gcore gcore-file'" --args "$program" > gcore-output 2>&1
      core=gcore-file
    fi
    {
      printf 'echo @@ ranks\\n\nweft ranks\n'
      show_rank rank2 2 main
      show_rank rank3 3 known_place
      printf 'echo @@ end\\n\n'
    } > commands
    eval "$gdb_batch" -x commands "$program" "$core" > "$output" 2>&1
    expect_ring ranks
    expect_parked_rank rank2 2
    expect_rank_3 rank3
    ;;
  mpirun)
    {
      printf 'echo @@ at-main\\n\nweft ranks\nbt 1\necho @@ trapped\\n\ncontinue\nweft ranks\n'
      show_rank '' 3 known_place
      show_rank rank0 0 main
      printf 'echo @@ end\\n\n'
    } > commands
    "$prefix/bin/mpirun" -n 4 --workers "$workers" --gdb 1 "$program" < commands > session 2>&1
    status=$?
    # gdb prompts before each command it reads.
    sed 's/^\((gdb) \)*//' session > "$output"
    if test "$status" -ne 0; then
      echo "FAILED: mpirun --gdb exited with $status"
      failed=1
    fi
    expect - '^weft: rank 1 entered main$'
    if grep -Eq '^weft: rank [023] entered main$' "$output"; then
      echo "FAILED: gdb stopped in main of a rank other than 1"
      failed=1
    fi
    expect at-main '^ +1 +[01] +[0-9]+ +running'
    expect at-main '^#0 +main \(argc='
    expect trapped 'received signal SIGTRAP'
    expect_ring trapped
    expect_rank_3 trapped
    expect_parked_rank rank0 0
    ;;
esac

cat "$output"
exit $failed
