"""Reading the programs' output and reducing the repeats to one figure per library.

A program reports `RESULT <benchmark> <param> <value> <unit>` lines on stdout (rank 0 only); the
internals benchmarks report Google Benchmark's JSON. Both become [benchmark, param, value, unit] rows.
A figure is one (case, benchmark, param, unit); its value for a library is the median of its repeats:
the median, not the mean, because one repeat disturbed by another tenant of the machine must not move it.
"""

import json
import re
import statistics

TIME_TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def parse_result_lines(text):
    rows = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) < 5 or parts[0] != "RESULT":
            continue
        try:
            value = float(parts[3])
        except ValueError:
            continue                      # a malformed line is ignored, not fatal
        rows.append([parts[1], parts[2], value, " ".join(parts[4:])])
    return rows


# Keys of a Google Benchmark JSON entry that are not user counters.
GB_KEYS = {"name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
           "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit", "label",
           "error_occurred", "error_message", "aggregate_name", "aggregate_unit"}


def parse_google_benchmark(text):
    """Rows from `--benchmark_format=json`: one per benchmark, its real time per iteration in ns, and one
    per user counter, named benchmark.counter.

    "send_recv/64" becomes benchmark "send_recv", param "64", so arguments line up like message sizes.
    Google Benchmark writes an inverted rate counter (time per event, as fiber_switch's `switch`) in
    seconds; a counter below 1 ms is taken for one and shown in ns. Other counters (bytes_per_second,
    items_per_second, plain counts) keep their value, with unit "/s" for rates.
    """
    try:
        doc = json.loads(text[text.index("{"):])    # anything printed before the JSON is skipped
    except ValueError:
        return []
    rows = []
    for bench in doc.get("benchmarks", []):
        if bench.get("run_type", "iteration") != "iteration" or "real_time" not in bench:
            continue
        name, _, param = bench["name"].partition("/")
        scale = TIME_TO_NS.get(bench.get("time_unit", "ns"), 1.0)
        rows.append([name, param or "-", bench["real_time"] * scale, "ns"])
        for key, value in bench.items():
            if key in GB_KEYS or not isinstance(value, (int, float)):
                continue
            if 0 < value < 1e-3:
                rows.append([f"{name}.{key}", param or "-", value * 1e9, "ns"])
            else:
                rows.append([f"{name}.{key}", param or "-", value, "/s" if key.endswith("per_second") else ""])
    return rows


def higher_is_better(unit):
    """Rates (MB/s, msgs/s, ops/s) are better high; times, memory and CPU shares are better low."""
    return unit.endswith("/s")


def param_key(param):
    """Params sort by their numbers: 8 < 64 < 512 < 4096, also inside names (queued:64 < queued:512)."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part) for part in re.split(r"(\d+)", param)]


def summarize(cases, runs, library_keys):
    """One figure per (case, benchmark, param, unit), in the order of the plan, with medians and ratios.

    ratio[other] is Weft's median divided by the other library's: below 1 is better for Weft when lower
    is better (times, memory), above 1 when higher is better (rates).
    """
    values = {}
    for run in runs:
        if run.status != "ok":
            continue
        for benchmark, param, value, unit in run.results:
            key = (run.case, benchmark, param, unit)
            values.setdefault(key, {}).setdefault(run.library, []).append(value)

    order = {case.id: index for index, case in enumerate(cases)}
    figures = []
    for (case_id, benchmark, param, unit), by_lib in values.items():
        medians = {lib: statistics.median(v) for lib, v in by_lib.items()}
        ratio = {}
        for other in library_keys:
            if other != "weft" and "weft" in medians and medians.get(other):
                ratio[other] = medians["weft"] / medians[other]
        figures.append({
            "case": case_id, "benchmark": benchmark, "param": param, "unit": unit,
            "better": "higher" if higher_is_better(unit) else "lower",
            "values": by_lib, "median": medians, "ratio": ratio,
        })
    # Sorted by the plan's order of cases, then benchmark as the program first printed it, then param.
    first_seen = {}
    for index, fig in enumerate(figures):
        first_seen.setdefault((fig["case"], fig["benchmark"]), index)
    figures.sort(key=lambda f: (order.get(f["case"], len(order)), first_seen[(f["case"], f["benchmark"])],
                                param_key(f["param"])))
    return figures


def find(figures, case_id, benchmark, param=None):
    """The figure of a case and benchmark (and param, if given), or None."""
    for fig in figures:
        if fig["case"] == case_id and fig["benchmark"] == benchmark and (param is None or fig["param"] == param):
            return fig
    return None


def run_status(runs):
    """{(case, library): (ok runs, total runs, reasons of the others)} for the report."""
    table = {}
    for run in runs:
        ok, total, reasons = table.get((run.case, run.library), (0, 0, []))
        if run.status == "ok":
            ok += 1
        elif run.detail and f"{run.status}: {run.detail}" not in reasons:
            reasons.append(f"{run.status}: {run.detail}")
        table[(run.case, run.library)] = (ok, total + 1, reasons)
    return table
