#!/usr/bin/python3
"""Weft against MPICH and Open MPI: build, run interleaved, summarize, plot, and optionally publish.

Run it through benchmarks/driver/run.sh, which installs the Debian packages it needs first. It writes
build/bench-results/<date-time>/: raw/ (every run's command and output), results.json, table.md and the
plots; --publish also rewrites docs/performance.md and docs/performance/*.png from them.
"""

import argparse
import dataclasses
import datetime
import json
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True       # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))

import cases as plan_mod  # noqa: E402
import libraries  # noqa: E402
import plots  # noqa: E402
import publish  # noqa: E402
from report import markdown  # noqa: E402
from results import summarize  # noqa: E402
from runner import Runner  # noqa: E402
from targets import evaluate  # noqa: E402


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true",
                   help="fewer cases, 2 repeats, programs with --quick (under 2 minutes)")
    p.add_argument("--publish", action="store_true",
                   help="after the run, rewrite docs/performance.md and docs/performance/*.png")
    p.add_argument("--publish-from", metavar="DIR",
                   help="publish an earlier run's results directory, without running anything")
    p.add_argument("--repeats", type=int, help="runs of each case per library (default 5, quick 2)")
    p.add_argument("--timeout", type=float, help="seconds before a run is stopped (default 60, quick 20)")
    p.add_argument("--budget", type=float,
                   help="minutes after which no new run starts (default 19, quick 1.75)")
    p.add_argument("--only", metavar="TEXT", help="run only the cases whose id contains TEXT")
    p.add_argument("--build-dir", default=str(libraries.ROOT / "build"), help="Weft's build tree")
    p.add_argument("--programs", default=str(libraries.PROGRAMS_DIR),
                   help="folder of the benchmark programs' sources")
    p.add_argument("--skip-build", action="store_true", help="use the build tree as it is")
    return p.parse_args()


def main():
    args = parse_args()
    if args.publish_from:
        publish.publish(args.publish_from)
        return 0
    started = time.monotonic()
    repeats = args.repeats or (2 if args.quick else 5)
    timeout = args.timeout or (20.0 if args.quick else 60.0)
    budget_min = args.budget or (1.75 if args.quick else 19.0)
    build_dir = Path(args.build_dir).resolve()
    stamp = datetime.datetime.now()
    out_dir = build_dir / "bench-results" / (stamp.strftime("%Y%m%d-%H%M%S") + ("-quick" if args.quick else ""))
    out_dir.mkdir(parents=True)

    def say(text):
        print(f"[{time.monotonic() - started:6.1f} s] {text}", flush=True)

    if not args.skip_build:
        say("building Weft (scripts/dev.sh build)")
        libraries.build_weft(build_dir, out_dir / "build-weft.log")
    libs = libraries.libraries(build_dir)
    cases = [c for c in plan_mod.plan(args.quick) if not args.only or args.only in c.id]
    names = sorted({c.program for c in cases})
    missing = [n for n in names if n not in libraries.program_sources(args.programs)]
    if missing:
        say(f"not in benchmarks/programs, their cases are skipped: {', '.join(missing)}")
    used = [lib.name for lib in libs if any(lib.key in c.libraries for c in cases)]
    say(f"building {len(names)} programs with {', '.join(used)}")
    binaries = libraries.build_programs(libs, cases, args.programs, build_dir / "bench-programs", out_dir)
    for (key, name), path in sorted(binaries.items()):
        if path is None and name not in missing:
            say(f"{name} did not build with {key}; see {out_dir.name}/build-{key}-{name}.log")

    runner = Runner(libs, binaries, out_dir / "raw", timeout, started + budget_min * 60, say)
    say(f"running {len(cases)} cases, {repeats} repeats each; raw output in {out_dir}/raw")
    runs = runner.run_cases(cases, repeats)
    internals = [exe for exe in libraries.internals_benchmarks(build_dir)
                 if not args.only or args.only in "internals-" + exe.name]
    runs += runner.run_internals(internals, 1 if args.quick else 2, args.quick)

    figures = summarize(cases, runs, [lib.key for lib in libs])
    targets = evaluate(figures)
    when = stamp.strftime("%Y-%m-%d")
    drawn = plots.draw(figures, cases, out_dir, when)
    table = markdown(cases, figures, targets, runs, repeats)
    (out_dir / "table.md").write_text(table)
    doc = {
        "meta": {"date": stamp.strftime("%Y-%m-%d %H:%M"), "quick": args.quick, "repeats": repeats,
                 "timeout_s": timeout, "duration_s": time.monotonic() - started},
        "machine": publish.machine_info(),
        "versions": libraries.library_versions(build_dir),
        "settings": {lib.key: {"launcher": lib.mpirun[1:], "env": lib.env, "flags": lib.flags,
                              "across_nodes": lib.across_nodes} for lib in libs},
        "cases": [dataclasses.asdict(c) for c in cases],
        "runs": [dataclasses.asdict(r) for r in runs],
        "figures": figures, "targets": targets, "plots": drawn,
    }
    (out_dir / "results.json").write_text(json.dumps(doc, indent=1))
    print()
    print(table)
    say(f"done in {(time.monotonic() - started) / 60:.1f} minutes; results in {out_dir}")
    if args.publish:
        publish.publish(out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
