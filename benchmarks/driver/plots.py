"""Latency and bandwidth against message size, one line per library, log-log, as PNG.

matplotlib comes from Debian's python3-matplotlib; the Agg backend draws without a display. A plot whose
case has no figure (a failed or skipped case) is left out and said so, never drawn empty.
"""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)

from cases import PLOTS  # noqa: E402
from report import NAMES  # noqa: E402

STYLE = {"weft": ("tab:blue", "o"), "weft_noprivatize": ("tab:purple", "D"), "mpich": ("tab:orange", "s"),
         "openmpi": ("tab:green", "^")}


def _size_label(size):
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:g} {unit}"
    return f"{size:g} B"


def draw(figures, cases, out_dir, when):
    """Draw every plot of cases.PLOTS that has data; returns [(file name, caption)]."""
    titles = {case.id: case.title for case in cases}
    drawn = []
    for case_id, benchmark, ylabel, filename in PLOTS:
        series = {}
        for fig in figures:
            if fig["case"] != case_id or fig["benchmark"] != benchmark:
                continue
            try:
                size = float(fig["param"])
            except ValueError:
                continue
            if size <= 0:
                continue                  # 0 bytes has no place on a log axis; the table has it
            for lib, value in fig["median"].items():
                if value > 0:
                    series.setdefault(lib, []).append((size, value))
        if not series:
            if case_id in titles:         # a case of this run that gave nothing to draw
                print(f"compare: no data for {filename}; not drawn")
            continue
        caption = f"{ylabel.split(' (')[0]}: {titles.get(case_id, case_id)}"
        _plot(series, caption, ylabel, when, out_dir / filename)
        drawn.append((filename, caption))
    return drawn


def _plot(series, caption, ylabel, when, path):
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=100)
    for lib in STYLE:
        if lib in series:
            points = sorted(series[lib])
            color, marker = STYLE[lib]
            ax.plot([p[0] for p in points], [p[1] for p in points], label=NAMES[lib], color=color,
                    marker=marker, markersize=4, linewidth=1.5)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    sizes = sorted({p[0] for points in series.values() for p in points})
    # A tick every fourth power of two keeps the labels apart from 1 B to 4 MiB.
    ticks = [s for s in sizes if (int(s).bit_length() - 1) % 4 == 0] or sizes
    ax.set_xticks(ticks)
    ax.set_xticklabels([_size_label(s) for s in ticks])
    ax.set_xlabel("message size")
    ax.set_ylabel(ylabel)
    ax.set_title(f"{caption} ({when})", fontsize=10)
    ax.grid(True, which="major", linestyle=":", linewidth=0.6)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
