"""The performance targets of the project, checked against a run's figures.

Each target is met, not met, or not measured (a case failed, timed out or was not in the plan). A target
is never declared met on partial evidence: when one of the two other libraries has no figure, the target
is judged against the one that has, and the line says so. When Weft's own runs of a case differ by more
than 2x (the machine, not the code, decided), the target is "unsettled" whatever the median says.
"""

from report import number
from results import find

NAMES = {"mpich": "MPICH", "openmpi": "Open MPI"}
MiB4_PARAM = str(4 * 1024 * 1024)


def _fmt(value, unit):
    return f"{number(value)} {unit}"


UNSETTLED = "unsettled"


def _judge(fig, met):
    """met, or UNSETTLED when Weft's runs spread over more than 2x; and the runs' range as text."""
    runs = fig["values"].get("weft", [])
    if len(runs) < 2 or min(runs) <= 0:
        return met, ""
    low, high = min(runs), max(runs)
    text = f" (Weft's runs: {number(low)} to {number(high)} {fig['unit']})"
    return (UNSETTLED if high > 2 * low else met), text


def _others(fig):
    return {k: v for k, v in fig["median"].items() if k in NAMES and v > 0}


def _compared(figures, case, benchmark, param):
    """The figure with Weft's median and the other libraries' medians, or None when any side is missing."""
    fig = find(figures, case, benchmark, param)
    if not fig or "weft" not in fig["median"] or not _others(fig):
        return None
    return fig, fig["median"]["weft"], _others(fig)


def _missing_other(others):
    return [] if len(others) == 2 else ["the other library has no figure"]


def _hardware_floor(figures):
    """What the two cores charge to move cache lines between them (internals cache_line_transfer), as the
    floor under a 2-rank line; empty when not measured."""
    one_way = find(figures, "internals-bench_internals", "cache_line_transfer.one_way", "round_trip/real_time")
    stream = find(figures, "internals-bench_internals", "cache_line_transfer", "stream/real_time")
    parts = []
    if one_way and "weft" in one_way["median"]:
        parts.append(f"one cache line from core to core takes {_fmt(one_way['median']['weft'], 'ns')}")
    if stream and "weft" in stream["median"]:
        parts.append(f"{_fmt(stream['median']['weft'], 'ns')} per line when they stream")
    return f"; on this machine {' and '.join(parts)}" if parts else ""


def _atomic_floor(figures):
    """What one atomic update of memory the core holds costs (internals atomic_update), as the floor under a
    fetch-and-op; empty when not measured."""
    parts = []
    for name, text in (("fetch_add", "a locked add takes"), ("locked_add", "a spinlock taken and released around an add")):
        fig = find(figures, "internals-bench_internals", "atomic_update", name)
        if fig and "weft" in fig["median"]:
            parts.append(f"{text} {_fmt(fig['median']['weft'], 'ns')}")
    return f"; on this machine {' and '.join(parts)}" if parts else ""


def _latency_vs_best(figures):
    goal = "0-byte latency, 2 ranks on 2 cores: Weft ≤ 0.5 × the better of MPICH and Open MPI"
    compared = _compared(figures, "pingpong-2", "pingpong_latency", "0")
    if compared is None:
        return goal, None, "not measured"
    fig, weft, others = compared
    best = min(others, key=others.get)
    met, runs = _judge(fig, weft <= 0.5 * others[best])
    return goal, met, (
        f"Weft {_fmt(weft, fig['unit'])}, {NAMES[best]} {_fmt(others[best], fig['unit'])}: "
        f"{weft / others[best]:.2f} ×{runs}{_hardware_floor(figures)}")


def _latency_one_worker(figures):
    goal = "0-byte latency, 2 ranks on one worker: Weft < 0.1 us"
    fig = find(figures, "pingpong-2-w1", "pingpong_latency", "0")
    if not fig or "weft" not in fig["median"]:
        return goal, None, "not measured"
    weft = fig["median"]["weft"]
    met, runs = _judge(fig, weft < 0.1)
    return goal, met, f"Weft {_fmt(weft, fig['unit'])}{runs}{_fiber_floor(figures)}"


def _latency_oversubscribed(figures):
    goal = "0-byte latency, 16 ranks on 2 cores: Weft ≥ 10 × better than MPICH and than Open MPI"
    compared = _compared(figures, "pingpong-16", "pingpong_latency", "0")
    if compared is None:
        return goal, None, "not measured"
    fig, weft, others = compared
    parts = [f"Weft {_fmt(weft, fig['unit'])}"]
    parts += [f"{NAMES[k]} {_fmt(v, fig['unit'])} ({number(v / weft)} × better)" for k, v in others.items()]
    met, runs = _judge(fig, all(v / weft >= 10 for v in others.values()))
    return goal, met, ", ".join(parts + _missing_other(others)) + runs


def _bandwidth(figures):
    goal = "bandwidth at 4 MiB, 2 ranks: Weft ≥ 1.5 × Open MPI and ≥ 2 × MPICH"
    compared = _compared(figures, "stream_bandwidth-2", "stream_bandwidth", str(4 * 1024 * 1024))
    if compared is None:
        return goal, None, "not measured"
    fig, weft, others = compared
    need = {"openmpi": 1.5, "mpich": 2.0}
    parts = [f"Weft {_fmt(weft, fig['unit'])}"]
    parts += [f"{weft / v:.2f} × {NAMES[k]}" for k, v in others.items()]
    met, runs = _judge(fig, all(weft >= need[k] * v for k, v in others.items()))
    return goal, met, ", ".join(parts + _missing_other(others)) + runs


def _switch_figure(figures):
    """The internals figure of one fiber switch, or None: fiber_switch's counter `switch` (an iteration is
    two switches); failing that, the first internals figure in ns whose name says "switch"."""
    internals = [f for f in figures if f["case"].startswith("internals-") and "weft" in f["median"]
                 and f["unit"] == "ns" and "switch" in f["benchmark"].lower()]
    internals.sort(key=lambda f: f["benchmark"] != "fiber_switch.switch")
    return internals[0] if internals else None


def _fiber_floor(figures):
    """What one fiber switch costs, as the floor under a message between ranks of one worker; empty when not
    measured."""
    fig = _switch_figure(figures)
    return f"; on this machine a fiber switch takes {_fmt(fig['median']['weft'], 'ns')}" if fig else ""


def _fiber_switch(figures):
    goal = "fiber switch < 50 ns (internals benchmark)"
    fig = _switch_figure(figures)
    if fig is None:
        return goal, None, "not measured"
    ns = fig["median"]["weft"]
    label = fig["benchmark"] + ("" if fig["param"] == "-" else "/" + fig["param"])
    return goal, ns < 50, f"{label}: {ns:.1f} ns"


def _idle_memory(figures):
    goal = "runtime memory per idle rank < 64 KiB resident (1,000 ranks)"
    fig = find(figures, "idle_memory-1000", "idle_rss_per_rank")
    if not fig or "weft" not in fig["median"]:
        return goal, None, "not measured"
    per_rank = fig["median"]["weft"]
    detail = f"{number(per_rank)} KiB per rank (the process's RSS / 1,000)"
    # The growth from 64 to 1,000 ranks leaves out what the process costs with no rank at all (code,
    # libraries, the C runtime): the runtime's own cost per rank. Shown beside the plain quotient, which
    # is the one judged.
    big, small = find(figures, "idle_memory-1000", "idle_rss_total"), find(figures, "idle_memory-64",
                                                                            "idle_rss_total")
    if big and small and "weft" in big["median"] and "weft" in small["median"]:
        slope = (big["median"]["weft"] - small["median"]["weft"]) / (1000 - 64)
        detail += f"; {number(slope)} KiB for each rank beyond 64"
    return goal, per_rank < 64, detail


def _startup(case, job, limit):
    """The whole mpirun run of the startup program in `case` (`job`, e.g. "10,000 ranks"): < `limit` s."""
    def check(figures):
        goal = f"{job}, MPI_Init to MPI_Finalize with one allreduce: < {limit:g} s (whole mpirun run)"
        fig = find(figures, case, "job_wall_time")
        if not fig or "weft" not in fig["median"]:
            return goal, None, "not measured"
        seconds = fig["median"]["weft"]
        return goal, seconds < limit, f"{seconds:.3f} s"
    return check


def _privatization_cost(what, case, benchmark, param):
    """Weft ≤ 1.10 × Weft without privatization: the same mpicc and mpirun without the pass, so the ratio is
    the pass's cost alone (the programs report times, lower is better)."""
    def check(figures):
        goal = f"{what}: Weft ≤ 1.10 × Weft without privatization"
        fig = find(figures, case, benchmark, param)
        if not fig or "weft" not in fig["median"] or not fig["median"].get("weft_noprivatize"):
            return goal, None, "not measured"
        weft, plain = fig["median"]["weft"], fig["median"]["weft_noprivatize"]
        met, runs = _judge(fig, weft <= 1.10 * plain)
        return goal, met, (f"Weft {_fmt(weft, fig['unit'])}, without privatization {_fmt(plain, fig['unit'])}: "
                           f"{weft / plain:.2f} ×{runs}")
    return check


COLLECTIVES = ("allreduce_latency", "bcast_latency", "reduce_latency", "barrier_latency")


def _collectives_faster(case, ranks, factor):
    """Every size of allreduce, bcast, reduce and barrier in `case`: Weft at least `factor` times faster
    than the better of MPICH and Open MPI. The line names how many points meet it and the worst one."""
    def check(figures):
        goal = (f"allreduce, bcast, reduce and barrier, {ranks} ranks on 2 cores, every size measured: "
                f"Weft ≥ {factor} × faster than the better of MPICH and Open MPI")
        points = [f for f in figures if f["case"] == case and f["benchmark"] in COLLECTIVES
                  and "weft" in f["median"] and _others(f)]
        if not points:
            return goal, None, "not measured"
        speedups = [(min(_others(f).values()) / f["median"]["weft"], f) for f in points]
        worst, fig = min(speedups, key=lambda pair: pair[0])
        best = min(_others(fig), key=_others(fig).get)
        verdicts = [_judge(f, speedup >= factor)[0] for speedup, f in speedups]
        met = UNSETTLED if UNSETTLED in verdicts else all(verdicts)
        size = "" if fig["benchmark"] == "barrier_latency" else f" {number(float(fig['param']))} B"
        return goal, met, (f"{sum(1 for s, _ in speedups if s >= factor)} of {len(speedups)} points; slowest: "
                           f"{fig['benchmark']}{size}, Weft {_fmt(fig['median']['weft'], fig['unit'])}, "
                           f"{NAMES[best]} {_fmt(_others(fig)[best], fig['unit'])} ({number(worst)} ×)"
                           f"{_hardware_floor(figures) if ranks == 2 else ''}")
    return check


def _allreduce_near_copy_bound(figures):
    goal = ("allreduce of 1 MiB and more, 2 ranks: Weft ≤ 1.5 × the copy bound (every rank copying its vector "
            "once, all at the same time)")
    ratios = []
    for fig in figures:
        if fig["case"] != "collectives-2" or fig["benchmark"] != "allreduce_latency" or "weft" not in fig["median"]:
            continue
        bound = find(figures, "collectives-2", "copy_bound", fig["param"])
        if int(fig["param"]) >= 1 << 20 and bound and bound["median"].get("weft"):
            ratios.append((fig["median"]["weft"] / bound["median"]["weft"], fig, bound))
    if not ratios:
        return goal, None, "not measured"
    worst, fig, bound = max(ratios, key=lambda r: r[0])
    met = all(r <= 1.5 for r, _, _ in ratios)
    return goal, met, (f"worst at {number(float(fig['param']))} B: allreduce {_fmt(fig['median']['weft'], fig['unit'])}, "
                       f"copy {_fmt(bound['median']['weft'], bound['unit'])}: {worst:.2f} ×")


def _halo_views(figures):
    goal = ("convolution (MPIX_Halo), 256 ranks: zero-copy views take at least 90% of the ghost volume less "
            "memory than copied halos, and no more time (2% allowed for noise)")
    time = find(figures, "convolution-256", "convolution_time")
    memory = find(figures, "convolution-256", "convolution_memory")
    ghosts = find(figures, "convolution-256", "convolution_ghosts")
    if not all(f and {"weft", "weft_halo_copy"} <= set(f["median"]) for f in (time, memory, ghosts)):
        return goal, None, "not measured"
    views, copies = time["median"]["weft"], time["median"]["weft_halo_copy"]
    saved, volume = memory["median"]["weft_halo_copy"] - memory["median"]["weft"], ghosts["median"]["weft_halo_copy"]
    met, runs = _judge(time, views <= 1.02 * copies and saved >= 0.9 * volume)
    detail = (f"time {_fmt(views, 's')} against {_fmt(copies, 's')} copied ({views / copies:.2f} ×); memory "
              f"{_fmt(memory['median']['weft'], 'MiB')} against {_fmt(memory['median']['weft_halo_copy'], 'MiB')}, "
              f"{_fmt(saved, 'MiB')} saved of a ghost volume of {_fmt(volume, 'MiB')}{runs}")
    # The plain-MPI mode under the other libraries, 2 ranks (one process per core): reported, not judged.
    small_time, small_memory = find(figures, "convolution-2", "convolution_time"), find(figures, "convolution-2",
                                                                                       "convolution_memory")
    for key, name in NAMES.items():
        if small_time and small_memory and "weft" in small_time["median"] and key in small_time["median"] \
                and key in small_memory["median"]:
            detail += (f"; 2 ranks against {name}'s plain MPI: time {small_time['median']['weft'] / small_time['median'][key]:.2f} ×, "
                       f"memory {small_memory['median']['weft'] / small_memory['median'][key]:.2f} ×")
    return goal, met, detail


def _ownership_passing(figures):
    goal = ("ownership passing, 2 ranks: more than 10 × the bandwidth of a copy (stream_bandwidth) at 4 MiB, "
            "and a message's cost independent of its size (4 MiB within 2 × of 1 B)")
    passing = find(figures, "ownership_bandwidth-2", "ownership_bandwidth", MiB4_PARAM)
    smallest = find(figures, "ownership_bandwidth-2", "ownership_bandwidth", "1")
    copy = find(figures, "stream_bandwidth-2", "stream_bandwidth", MiB4_PARAM)
    if not all(f and "weft" in f["median"] for f in (passing, smallest, copy)):
        return goal, None, "not measured"
    # MB/s over message size: messages per second, whose inverse is a message's cost.
    cost_large = (1 << 22) / passing["median"]["weft"]
    cost_small = 1 / smallest["median"]["weft"]
    times = passing["median"]["weft"] / copy["median"]["weft"]
    met, runs = _judge(passing, times > 10 and cost_large <= 2 * cost_small)
    return goal, met, (f"{_fmt(passing['median']['weft'], 'MB/s')} against a copy's {_fmt(copy['median']['weft'], 'MB/s')} "
                       f"({number(times)} ×); per message {cost_small:.3f} us at 1 B, {cost_large:.3f} us at 4 MiB{runs}")


RMA_LATENCIES = (("put", "rma_put_latency"), ("get", "rma_get_latency"), ("fetch-and-op", "rma_fetch_and_op_latency"))


def _rma_latency(figures):
    goal = ("one-sided put, get and fetch-and-op latency at 8 B, each flushed, in a lock_all epoch, 2 ranks on 2 "
            "cores: Weft ≥ 5 × better than the better of MPICH and Open MPI")
    parts, verdicts = [], []
    for name, benchmark in RMA_LATENCIES:
        compared = _compared(figures, "rma-2", benchmark, "8")
        if compared is None:
            parts.append(f"{name} not measured")
            verdicts.append(None)
            continue
        fig, weft, others = compared
        best = min(others, key=others.get)
        met, runs = _judge(fig, others[best] / weft >= 5)
        verdicts.append(met)
        parts.append(f"{name}: Weft {_fmt(weft, fig['unit'])}, {NAMES[best]} {_fmt(others[best], fig['unit'])} "
                     f"({number(others[best] / weft)} × better){runs}")
    if all(v is None for v in verdicts):
        return goal, None, "not measured"
    if False in verdicts:          # one operation that clearly misses the goal fails it
        met = False
    elif None in verdicts:         # one not measured leaves it open, never met
        met = None
    else:
        met = UNSETTLED if UNSETTLED in verdicts else True
    return goal, met, "; ".join(parts) + _atomic_floor(figures)


def _rma_put_bandwidth(figures):
    goal = ("one-sided put bandwidth at 4 MiB, a flush per window, 2 ranks: Weft ≥ 1 / 1.2 of a plain memcpy of "
            "the same windows")
    put = find(figures, "rma-2", "rma_put_bandwidth", MiB4_PARAM)
    copy = find(figures, "rma-2", "memcpy_bandwidth", MiB4_PARAM)
    if not (put and copy and "weft" in put["median"] and copy["median"].get("weft")):
        return goal, None, "not measured"
    # The memcpy of Weft's own runs: the same machine state as its puts.
    weft, bound = put["median"]["weft"], copy["median"]["weft"]
    met, runs = _judge(put, 1.2 * weft >= bound)
    detail = f"Weft {_fmt(weft, 'MB/s')}, memcpy {_fmt(bound, 'MB/s')}: {weft / bound:.2f} ×{runs}"
    others = _others(put)
    if others:
        detail += "; puts of " + ", ".join(f"{NAMES[k]} {_fmt(v, 'MB/s')}" for k, v in others.items())
    return goal, met, detail


ACROSS_NODES = "2 ranks on 2 nodes, TCP over loopback"


def _across_nodes(case, benchmark, param, what, higher):
    """Weft across nodes no worse than 1.2 × the better of MPICH's and Open MPI's TCP paths: at most 1.2 × its
    time, or at least 1 / 1.2 of its rate when `higher` is better."""
    def check(figures):
        bound = "≥ 1 / 1.2 of" if higher else "≤ 1.2 ×"
        goal = f"{what}, {ACROSS_NODES}: Weft {bound} the better of MPICH and Open MPI"
        compared = _compared(figures, case, benchmark, param)
        if compared is None:
            return goal, None, "not measured"
        fig, weft, others = compared
        best = (max if higher else min)(others, key=others.get)
        met, runs = _judge(fig, weft >= others[best] / 1.2 if higher else weft <= 1.2 * others[best])
        parts = [f"Weft {_fmt(weft, fig['unit'])}, {NAMES[best]} {_fmt(others[best], fig['unit'])}: "
                 f"{weft / others[best]:.2f} ×"]
        return goal, met, ", ".join(parts + _missing_other(others)) + runs
    return check


def _against_best(figures, goal, case, benchmark, param, higher, factor=1):
    """Weft's median against the better of MPICH's and Open MPI's: at least `factor` × theirs when `higher` is
    better, at most theirs (/ `factor`) otherwise. The ratio reads as the goal does: Weft's over theirs, or for
    a time that must be `factor` × shorter, how many times faster Weft is."""
    compared = _compared(figures, case, benchmark, param)
    if compared is None:
        return goal, None, "not measured"
    fig, weft, others = compared
    best = (max if higher else min)(others, key=others.get)
    met, runs = _judge(fig, weft >= factor * others[best] if higher else weft * factor <= others[best])
    ratio = f"{weft / others[best]:.2f} ×" if higher or factor == 1 else f"{others[best] / weft:.2f} × faster"
    return goal, met, (f"Weft {_fmt(weft, fig['unit'])}, {NAMES[best]} {_fmt(others[best], fig['unit'])}: "
                       f"{ratio}" + "".join(", " + m for m in _missing_other(others)) + runs)


def _message_rate(ranks, factor):
    """The 8-byte message rate, osu_mbw_mr's pattern, at least `factor` × the better of MPICH and Open MPI."""
    def check(figures):
        where = "2 ranks on 2 cores" if ranks == 2 else f"{ranks // 2} pairs on 2 cores"
        goal = f"message rate, 8 B, {where}: Weft ≥ {factor} × the better of MPICH and Open MPI"
        return _against_best(figures, goal, f"message_rate-{ranks}", "message_rate", "8", True, factor)
    return check


def _sharing_cores(figures):
    goal = ("beside two busy loops, 2 ranks, osu_mbw_mr's windows of 64 8-byte messages: Weft's 99th percentile "
            "and slowest window no longer, and its message rate no lower, than the better of MPICH's and Open MPI's")
    parts, verdicts = [], []
    for benchmark, what, higher in (("window_time_slowest_percent", "99th percentile", False),
                                    ("window_time_max", "slowest", False), ("window_time_rate", "rate", True)):
        compared = _compared(figures, "window_times-2-busy2", benchmark, "8")
        if compared is None:
            return goal, None, "not measured"
        fig, weft, others = compared
        best = (max if higher else min)(others, key=others.get)
        met, runs = _judge(fig, weft >= others[best] if higher else weft <= others[best])
        verdicts.append(met)
        parts.append(f"{what}: Weft {_fmt(weft, fig['unit'])}, {NAMES[best]} {_fmt(others[best], fig['unit'])}"
                     f"{runs}")
    met = UNSETTLED if UNSETTLED in verdicts else all(verdicts)
    return goal, met, "; ".join(parts)


def _hybrid_stencil(ranks, threads):
    """The hybrid MPI+OpenMP stencil at one shape: Weft's step no slower than the better peer's."""
    def check(figures):
        goal = (f"hybrid stencil (omp parallel for in each rank), {ranks} rank{'s' if ranks > 1 else ''} × "
                f"{threads} thread{'s' if threads > 1 else ''} on 2 cores: Weft no slower than the better of MPICH "
                f"and Open MPI")
        return _against_best(figures, goal, f"hybrid_stencil-{ranks}-t{threads}", "hybrid_stencil_step",
                             str(threads), False)
    return check


def _thread_message_rate(figures):
    goal = ("message rate from threads (MPI_THREAD_MULTIPLE), 8 B, 2 ranks × 2 threads: Weft ≥ the better of "
            "MPICH and Open MPI")
    return _against_best(figures, goal, "thread_message_rate-2-t2", "thread_message_rate", "2", True)


def _weft_pair(figures, first, second):
    """Two of Weft's own figures, each named (case, benchmark, param), for targets that compare Weft with itself:
    (first figure, its Weft median, second figure, its Weft median), or None when either is missing."""
    a, b = find(figures, *first), find(figures, *second)
    if not a or not b or "weft" not in a["median"] or "weft" not in b["median"]:
        return None
    return a, a["median"]["weft"], b, b["median"]["weft"]


def _fortran_binding_cost(figures):
    goal = ("Fortran binding, 0-byte latency on one worker: Weft's fortran_pingpong (use mpi) ≤ 1.05 × its C "
            "pingpong")
    pair = _weft_pair(figures, ("fortran_pingpong-2-w1", "pingpong_latency", "0"),
                      ("pingpong-2-w1", "pingpong_latency", "0"))
    if pair is None:
        return goal, None, "not measured"
    fortran, weft_f, c, weft_c = pair
    met, runs = _judge(fortran, weft_f <= 1.05 * weft_c)
    return goal, met, (f"Fortran {_fmt(weft_f, fortran['unit'])}, C {_fmt(weft_c, c['unit'])}: "
                       f"{weft_f / weft_c:.3f} ×{runs}")


def _fortran_like_c(what, fortran_case, c_case, benchmark, param):
    """Weft's ratio to the better peer from a Fortran program no more than 1.10 × the ratio its C twin shows
    in the same run (lower is better: the programs report times)."""
    def check(figures):
        goal = f"{what}, Fortran: Weft's ratio to the better of MPICH and Open MPI within 10 % of the C program's"
        fortran, c = _compared(figures, fortran_case, benchmark, param), _compared(figures, c_case, benchmark, param)
        if fortran is None or c is None:
            return goal, None, "not measured"
        ratios = []
        for fig, weft, others in (fortran, c):
            best = min(others, key=others.get)
            ratios.append((weft / others[best], NAMES[best]))
        (ratio_f, best_f), (ratio_c, best_c) = ratios
        met, runs = _judge(fortran[0], ratio_f <= 1.10 * ratio_c)
        return goal, met, (f"Fortran {ratio_f:.2f} × {best_f}, C {ratio_c:.2f} × {best_c}"
                           + "".join(", " + m for m in _missing_other(fortran[2])) + runs)
    return check


def _file_io_collective(ranks, benchmark, what, mib="256"):
    """MPI-IO collective transfers of a block-distributed array (256 MiB, or what the cube of `ranks` blocks
    makes of it: 250 MiB at 64 ranks): at least 2 × the better peer."""
    def check(figures):
        goal = (f"MPI-IO {what} of a {mib} MiB block-distributed 3-D array, {ranks} ranks: Weft ≥ 2 × the better "
                "of MPICH and Open MPI")
        return _against_best(figures, goal, f"file_io-{ranks}", benchmark, mib, True, 2)
    return check


def _file_io_independent(figures):
    """Independent contiguous writes against the file system's own sequential rate, both Weft's figures."""
    goal = ("MPI-IO independent contiguous writes, 16 ranks, 256 MiB: within 1.1 × of the file system's sequential "
            "rate (one rank's pwrite in the same run)")
    pair = _weft_pair(figures, ("file_io-16", "io_write_at", "256"), ("file_io-16", "io_posix_write", "256"))
    if pair is None:
        return goal, None, "not measured"
    written, weft, sequential, posix = pair
    met, runs = _judge(written, weft * 1.1 >= posix)
    return goal, met, (f"Weft {_fmt(weft, written['unit'])}, pwrite {_fmt(posix, sequential['unit'])}: "
                       f"{weft / posix:.2f} ×" + runs)


def _file_io_small(ranks):
    def check(figures):
        goal = (f"MPI-IO collective write of 1 KiB per rank, {ranks} ranks: Weft ≥ 5 × faster than the better of "
                "MPICH and Open MPI")
        return _against_best(figures, goal, f"file_io-{ranks}", "io_small_write_all", "1024", False, 5)
    return check


def _partitioned_pingpong(figures):
    goal = ("partitioned ping-pong, 16 partitions of 64 KiB readied one by one, 2 ranks: Weft ≥ 2 × faster than the "
            "better of MPICH and Open MPI (Open MPI 4.1: persistent point-to-point of the whole buffer)")
    return _against_best(figures, goal, "partitioned_pingpong-2", "partitioned_pingpong", "16", False, 2)


def _persistent_allreduce(figures):
    goal = ("persistent allreduce, 8 B, 2 ranks: Weft's MPI_Start/MPI_Wait ≥ 1.2 × faster than its blocking "
            "MPI_Allreduce")
    pair = _weft_pair(figures, ("persistent_allreduce-2", "persistent_allreduce_latency", "8"),
                      ("persistent_allreduce-2", "blocking_allreduce_latency", "8"))
    if pair is None:
        return goal, None, "not measured"
    persistent, started, blocking, called = pair
    met, runs = _judge(persistent, started * 1.2 <= called)
    return goal, met, (f"persistent {_fmt(started, persistent['unit'])}, blocking {_fmt(called, blocking['unit'])}: "
                       f"{called / started:.2f} × faster" + runs)


def evaluate(figures):
    """[{goal, met (True, False, UNSETTLED or None), measured}] in the order of the issue."""
    checks = (_latency_vs_best, _latency_one_worker, _latency_oversubscribed, _bandwidth, _fiber_switch, _idle_memory,
              _startup("startup-10000", "10,000 ranks", 1.0),
              _privatization_cost("privatization cost: globals_loop, 2 ranks", "globals_loop-2", "globals_loop", None),
              _collectives_faster("collectives-2", 2, 2), _collectives_faster("collectives-16", 16, 10),
              _collectives_faster("collectives-64", 64, 10), _message_rate(2, 2), _message_rate(16, 10),
              _message_rate(64, 10), _sharing_cores, _allreduce_near_copy_bound, _halo_views,
              _ownership_passing, _rma_latency, _rma_put_bandwidth,
              _across_nodes("pingpong-2-nodes2", "pingpong_latency", "0", "0-byte latency", False),
              _across_nodes("stream_bandwidth-2-nodes2", "stream_bandwidth", MiB4_PARAM, "bandwidth at 4 MiB",
                            True),
              _startup("startup-1024-nodes4", "4 nodes × 256 ranks", 2.0),
              _hybrid_stencil(1, 2), _hybrid_stencil(2, 1), _hybrid_stencil(4, 2),
              _privatization_cost("privatized globals inside a parallel region: hybrid stencil, 1 rank × 2 threads",
                                  "hybrid_stencil-1-t2", "hybrid_stencil_step", "2"),
              _thread_message_rate, _fortran_binding_cost,
              _fortran_like_c("0-byte latency, 2 ranks", "fortran_pingpong-2", "pingpong-2", "pingpong_latency", "0"),
              _fortran_like_c("hybrid stencil, 2 ranks × 1 thread", "fortran_hybrid_stencil-2-t1",
                              "hybrid_stencil-2-t1", "hybrid_stencil_step", "1"),
              _fortran_like_c("hybrid stencil, 4 ranks × 2 threads", "fortran_hybrid_stencil-4-t2",
                              "hybrid_stencil-4-t2", "hybrid_stencil_step", "2"),
              _file_io_collective(16, "io_write_all", "collective write"),
              _file_io_collective(16, "io_read_all", "collective read"), _file_io_independent, _file_io_small(16),
              _file_io_collective(64, "io_write_all", "collective write", "250"),
              _file_io_collective(64, "io_read_all", "collective read", "250"), _file_io_small(64),
              _partitioned_pingpong, _persistent_allreduce)
    out = []
    for check in checks:
        goal, met, measured = check(figures)
        out.append({"goal": goal, "met": met, "measured": measured})
    return out
