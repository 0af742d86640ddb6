"""The Markdown report of a run: targets, then one table per case, then the runs that did not succeed.

The same text is written to table.md in the results directory and embedded in docs/performance.md.
"""

from results import run_status

NAMES = {"weft": "Weft", "weft_noprivatize": "Weft without privatization", "weft_halo_copy": "Weft, halos copied",
         "mpich": "MPICH", "openmpi": "Open MPI"}
OTHERS = ("weft_noprivatize", "weft_halo_copy", "mpich", "openmpi")


def number(value):
    """Four significant figures without exponents, which read badly in a table."""
    if value is None:
        return "–"
    magnitude = abs(value)
    if magnitude >= 1000:
        return f"{value:,.0f}"
    if magnitude >= 100:
        return f"{value:.1f}"
    if magnitude >= 1:
        return f"{value:.2f}"
    return f"{value:.3g}"


def ratio(value):
    """Two decimals; far below 1 as a fraction (1/10,552), which reads better than 9.5e-05; 0 as 0 (Weft
    needing none of what the other needs, as ghost cells)."""
    if value is None:
        return "–"
    if value == 0:
        return "0"
    return f"{value:.2f}" if value >= 0.1 else f"1/{1 / value:,.0f}"


def targets_markdown(targets):
    lines = ["| target | measured | |", "|---|---|---|"]
    for t in targets:
        verdict = {True: "**met**", False: "**not met**", None: "not measured",
                   "unsettled": "**unsettled**: Weft's runs disagree"}[t["met"]]
        lines.append(f"| {t['goal']} | {t['measured']} | {verdict} |")
    return "\n".join(lines)


def case_markdown(case, figures, status):
    """The table of one case. Weft-only cases have no comparison columns."""
    compare = [k for k in OTHERS if k in case.libraries]
    head = ["benchmark", "param", "unit", "better", *[NAMES[k] for k in case.libraries],
            *[f"Weft/{NAMES[k]}" for k in compare]]
    lines = [f"### {case.title}", ""]
    runs = max(status.get((case.id, key), (0, 0, []))[1] for key in case.libraries)
    sentence = f"Median of {runs} run{'s' if runs != 1 else ''}" + (" per library" if compare else "")
    if case.args:
        sentence += f"; program arguments `{' '.join(case.args)}`"
    lines += [sentence + ".", ""]
    rows = [f for f in figures if f["case"] == case.id]
    if rows:
        lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for f in rows:
            cells = [f["benchmark"], f["param"], f["unit"], f["better"]]
            cells += [number(f["median"].get(k)) for k in case.libraries]
            cells += [ratio(f["ratio"].get(k)) for k in compare]
            lines.append("| " + " | ".join(cells) + " |")
    else:
        lines.append("No figure: no run of this case succeeded.")
    notes = []
    for key in case.libraries:
        ok, total, reasons = status.get((case.id, key), (0, 0, []))
        if ok < total:
            notes.append(f"{NAMES[key]}: {ok} of {total} runs succeeded ({'; '.join(reasons)})")
    if notes:
        lines += [""] + [f"- {n}" for n in notes]
    return "\n".join(lines)


def internals_markdown(figures, status):
    rows = [f for f in figures if f["case"].startswith("internals-")]
    if not rows and not any(case.startswith("internals-") for case, _ in status):
        return "No internals benchmark was found in the build."
    lines = ["Time per iteration in ns; a row `benchmark.counter` is a user counter of that benchmark "
             "(`fiber_switch.switch` is the time of one switch, an iteration being two).", "",
             "| executable | benchmark | param | value | unit |", "|---|---|---|---|---|"]
    for f in rows:
        lines.append(f"| {f['case'].removeprefix('internals-')} | {f['benchmark']} | {f['param']} "
                     f"| {number(f['median'].get('weft'))} | {f['unit']} |")
    for (case, _), (ok, total, reasons) in sorted(status.items()):
        if case.startswith("internals-") and ok < total:
            lines.append(f"\n- {case}: {ok} of {total} runs succeeded ({'; '.join(reasons)})")
    return "\n".join(lines)


def markdown(cases, figures, targets, runs, repeats, heading="##"):
    """The whole report. `heading` is the level of its top sections, so that a page can embed it."""
    status = run_status(runs)
    sub = heading + "#"
    parts = [
        f"{heading} Targets", "", targets_markdown(targets), "",
        f"{heading} Results", "",
        f"Each figure is the median of up to {repeats} runs per library (each case says how many), the "
        "libraries taking turns case by case. "
        "Weft/MPICH, Weft/Open MPI and Weft/Weft without privatization are Weft's median divided by the "
        "other's: below 1 is better for Weft where lower is better (times, memory, CPU), above 1 where higher "
        "is better (MB/s, msgs/s). "
        "`job_wall_time` is the whole `mpirun` process, timed by the driver.", "",
    ]
    for case in cases:
        parts += [case_markdown(case, figures, status).replace("### ", sub + " ", 1), ""]
    parts += [f"{sub} Weft internals (Google Benchmark)", "", internals_markdown(figures, status), ""]
    return "\n".join(parts)
