"""Running the cases: one process per run, a timeout on each, libraries interleaved.

A run that fails or times out is recorded as such and the driver goes on: MPICH or Open MPI with
hundreds of processes on two cores may simply not finish, and that is a result too.
"""

import contextlib
import os
import resource
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from results import parse_google_benchmark, parse_result_lines


@dataclass
class Run:
    case: str
    library: str
    repeat: int
    status: str                   # ok, failed, timeout, skipped
    wall_s: float = 0.0           # the whole launcher process, start to exit
    cpu_s: float = 0.0            # user + system time of the job's processes that were waited for
    exit_code: int | None = None
    detail: str = ""
    command: list = field(default_factory=list)
    results: list = field(default_factory=list)   # [benchmark, param, value, unit]


def _job_processes(leader, binary):
    """Pids of the live processes of the job started as `leader` (zombies excluded).

    Three ways in, because launchers scatter their jobs: descendants by parent pid (the launcher, hydra's
    pmi_proxy, Open MPI's orted, while they live), members of the session created for the run, and any
    process running the benchmark binary itself: hydra starts each rank in a session of its own, and once
    the proxy is gone a rank's parent is init.
    """
    table = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            # After the command name, which may hold spaces: state, ppid, pgrp, session.
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            table[int(entry.name)] = (fields[0], int(fields[1]), int(fields[3]), entry)
        except (OSError, ValueError, IndexError):
            pass
    job, frontier = set(), [leader]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, (_, ppid, _, _) in table.items() if ppid == parent and pid not in job]
        job.update(children)
        frontier += children
    for pid, (_, _, session, entry) in table.items():
        if session == leader:
            job.add(pid)
        elif binary is not None:
            try:
                if os.readlink(entry / "exe") == str(binary):
                    job.add(pid)
            except OSError:
                pass
    return [pid for pid in job if pid in table and table[pid][0] != "Z"]


def _kill_job(leader, binary, launcher=None):
    """Kill every process of the job and wait until they are gone (5 s at most).

    A rank left spinning on one of the two cores would spoil every later figure, and a dying job must not
    overlap the next run. `launcher`, the Popen of a launcher still running, is killed after its
    descendants were listed: once it is gone they would no longer be its children.
    """
    deadline = time.monotonic() + 5
    pids = _job_processes(leader, binary)
    if launcher is not None:
        launcher.kill()
    while pids and time.monotonic() < deadline:
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.05)
        pids = _job_processes(leader, binary)


def _children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_command(cmd, env, timeout, raw_path, binary=None):
    """Run cmd in a session of its own; return (status, exit code, wall s, CPU s, stdout, detail).

    The CPU time is the growth of this process's RUSAGE_CHILDREN: the launcher is its only child at that
    moment, and each launcher waits for its ranks (or its proxies, which wait for theirs), so the figure
    covers every process of the job, however the library lays them out.
    """
    cpu_before = _children_cpu()
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
                            errors="replace", start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        wall = time.monotonic() - start
        status = "ok" if proc.returncode == 0 else "failed"
        detail = "" if status == "ok" else f"exit status {proc.returncode}"
    except subprocess.TimeoutExpired:
        _kill_job(proc.pid, binary, proc)
        out, err = proc.communicate()
        wall = time.monotonic() - start
        status, detail = "timeout", f"no end after {timeout:g} s"
    _kill_job(proc.pid, binary)   # ranks a failed launcher left behind
    cpu = _children_cpu() - cpu_before
    Path(raw_path).write_text(f"$ {' '.join(cmd)}\n# {status} {detail} {wall:.3f} s\n"
                              f"## stdout\n{out}## stderr\n{err}")
    if status == "failed" and err.strip():
        detail += ": " + err.strip().splitlines()[-1][:200]
    return status, proc.returncode, wall, cpu, out, detail


@contextlib.contextmanager
def busy_loops(count):
    """`count` shell loops that never stop, for the length of one run: other work on the job's cores, the
    same for every library. They are waited for after the run's CPU time is taken, so it leaves theirs out."""
    loops = [subprocess.Popen(["sh", "-c", "while :; do :; done"], start_new_session=True) for _ in range(count)]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def twin_groups(cases):
    """The cases in the plan's order, in groups that run turn by turn: a case alone, or a program's case with
    the cases of its translations (Case.twin) of the same shape, moved beside it. Figures compared across
    two programs are then taken under the same conditions, as interleaving the libraries does for one."""
    ids = {case.id for case in cases}
    twins = {}
    for case in cases:
        if case.twin_id in ids:
            twins.setdefault(case.twin_id, []).append(case)
    grouped = {twin.id for group in twins.values() for twin in group}
    return [[case, *twins.get(case.id, [])] for case in cases if case.id not in grouped]


class Runner:
    """Runs the plan; knows the libraries, the binaries, the time limits and where raw output goes."""

    def __init__(self, libs, binaries, raw_dir, timeout, deadline, progress):
        self.libs = {lib.key: lib for lib in libs}
        self.binaries = binaries
        self.raw_dir = Path(raw_dir)
        self.timeout = timeout
        self.deadline = deadline          # time.monotonic() after which no run starts
        self.progress = progress          # callable(str) for the console
        self.raw_dir.mkdir(parents=True, exist_ok=True)

    def run_cases(self, cases, repeats):
        """Each case with every library, then again, `repeats` times.

        Interleaving puts the libraries under the same conditions: on a shared two-core machine the load
        drifts over minutes, and running all of MPICH's repeats, then all of Open MPI's, would measure the
        drift. The order of the libraries also turns each repeat, so no library is always the first after
        another's job has just left the caches cold.
        """
        runs = []
        for group in twin_groups(cases):
            given_up = {}                 # (case id, library key) -> why its remaining repeats are skipped
            for repeat in range(max(min(repeats, case.repeats or repeats) for case in group)):
                for case in group:
                    if repeat >= min(repeats, case.repeats or repeats):
                        continue
                    keys = list(case.libraries)
                    keys = keys[repeat % len(keys):] + keys[:repeat % len(keys)]
                    for key in keys:
                        run = self._run_one(case, key, repeat, given_up.get((case.id, key)))
                        runs.append(run)
                        if run.status != "ok" and (case.id, key) not in given_up:
                            # A job that timed out will time out again: spending its repeats on other cases
                            # keeps the whole run inside its time budget. Failures are deterministic too.
                            given_up[(case.id, key)] = (run.detail if run.status == "skipped"
                                                        else f"{run.status} in repeat {repeat + 1}")
        return runs

    def _run_one(self, case, key, repeat, given_up):
        lib = self.libs[key]
        run = Run(case.id, key, repeat, "skipped")
        binary = self.binaries.get((key, case.program))
        run.detail = (given_up or (binary is None and "program missing or did not build")
                      or (time.monotonic() > self.deadline and "time budget spent") or "")
        if run.detail:
            return run        # not printed: the report lists skipped runs with their reason
        run.command = lib.command(case.ranks, binary, case.args, case.nodes, case.threads)
        env = dict(os.environ, **lib.environment(case.nodes, case.threads, case.workers))
        timeout = case.timeout or self.timeout
        raw = self.raw_dir / f"{case.id}.{key}.{repeat + 1}.txt"
        with busy_loops(case.busy_loops):
            run.status, run.exit_code, run.wall_s, run.cpu_s, out, run.detail = run_command(
                run.command, env, timeout, raw, Path(binary).resolve())
        run.results = parse_result_lines(out)
        if case.timed and run.status == "ok":
            # Start-up is measured from outside: the whole launcher process, from fork to exit, is what a
            # user waits for, and no program can time its own process creation.
            run.results.append(["job_wall_time", str(case.ranks), run.wall_s, "s"])
        if case.cpu and run.status == "ok":
            # A program sees only its own process's CPU time; from outside, every library's job is
            # measured alike, launcher and helper processes included. Per cent of one core.
            run.results.append(["job_cpu_percent", str(case.ranks), 100 * run.cpu_s / run.wall_s, "%"])
        if run.status == "ok" and not run.results:
            run.status, run.detail = "failed", "no RESULT line"
        self.progress(f"{case.id:<25} {lib.name:<9} #{repeat + 1} {run.status:<8} {run.wall_s:7.2f} s"
                      + (f"  {run.detail}" if run.detail else ""))
        return run

    def run_internals(self, executables, repeats, quick):
        """Weft's internals microbenchmarks (Google Benchmark), each executable `repeats` times.

        They have no MPICH or Open MPI counterpart, so there is nothing to interleave with.
        """
        runs = []
        for exe in executables:
            case_id = "internals-" + exe.name
            for repeat in range(repeats):
                run = Run(case_id, "weft", repeat, "skipped")
                if time.monotonic() > self.deadline:
                    run.detail = "time budget spent"
                    runs.append(run)
                    continue
                run.command = [str(exe), "--benchmark_format=json"]
                if quick:
                    # Fewer iterations per benchmark; the figures are noisier but the order of
                    # magnitude, which is what the targets ask about, holds.
                    run.command.append("--benchmark_min_time=0.05")
                raw = self.raw_dir / f"{case_id}.weft.{repeat + 1}.txt"
                run.status, run.exit_code, run.wall_s, run.cpu_s, out, run.detail = run_command(
                    run.command, dict(os.environ), self.timeout, raw)
                run.results = parse_google_benchmark(out)
                if run.status == "ok" and not run.results:
                    run.status, run.detail = "failed", "no benchmark in the JSON output"
                self.progress(f"{case_id:<25} {'Weft':<9} #{repeat + 1} {run.status:<8} "
                              f"{run.wall_s:7.2f} s" + (f"  {run.detail}" if run.detail else ""))
                runs.append(run)
        return runs
