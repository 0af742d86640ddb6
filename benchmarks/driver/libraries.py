"""The three MPI libraries under comparison, and building the benchmark programs with each.

Weft is used from its build tree (build/bin/mpicc, build/bin/mpirun); MPICH and Open MPI are Debian's
packages, installed side by side, so their wrappers and launchers carry a suffix (mpicc.mpich,
mpirun.openmpi). Every program is built from the same source with each library's own wrapper and -O2,
all of them compiling C with clang-19. The Fortran programs (.f90) are built with each library's mpifort:
Weft's runs flang-19, MPICH's and Open MPI's gfortran, the compiler their Fortran modules are built for.
Two more variants of Weft: built with `mpicc -no-privatize`, which measures what privatizing globals
costs, and run with WEFT_HALO_COPY=1, MPIX_Halo's copy mode, the baseline of its zero-copy views.

Across nodes, all on this machine: Weft runs node processes (`mpirun --nodes K`) whose ranks on different
nodes talk through libfabric's tcp provider; MPICH and Open MPI have no node processes of their own here,
so their processes are made to talk through their TCP transports over loopback, as on two hosts.
"""

import concurrent.futures
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS_DIR = ROOT / "benchmarks" / "programs"
# Examples that are benchmarks too (the MPIX_Halo paper's convolution), measured as the user runs them.
EXAMPLES_DIR = ROOT / "examples"
BENCHMARKED_EXAMPLES = ("convolution",)
# Programs whose ranks run OpenMP parallel regions, built with -fopenmp (clang's or flang's with LLVM's libomp,
# gfortran's with libgomp).
OPENMP_PROGRAMS = ("hybrid_stencil", "fortran_hybrid_stencil")
# What every Fortran program is compiled with, first: the harness module (bench_common.h's twin).
FORTRAN_HARNESS = PROGRAMS_DIR / "bench_common.f90"


@dataclass
class Library:
    key: str                      # short name used in file names and results.json
    name: str                     # name shown in tables and plots
    mpicc: str
    mpifort: str
    mpirun: list                  # launcher and the options it always needs
    env: dict = field(default_factory=dict)   # settings added to the environment of every run
    flags: list = field(default_factory=list)  # compile flags added after -O2
    compile_env: dict = field(default_factory=dict)  # settings for its mpicc
    nodes_option: str = ""        # the launcher's option for a number of node processes, if it has one
    across_nodes: dict = field(default_factory=dict)  # settings of a job across nodes, over env
    # The launcher's options that let a rank's threads use every core, where it would bind each rank to one
    unbound: list = field(default_factory=list)

    def command(self, ranks, program, args, nodes=1, threads=0):
        spread = [self.nodes_option, str(nodes)] if nodes > 1 and self.nodes_option else []
        unbound = self.unbound if threads > 1 else []
        return [*self.mpirun, *spread, *unbound, "-n", str(ranks), str(program), *args]

    def environment(self, nodes=1, threads=0, workers=0):
        """The settings added to the environment of a run on `nodes` nodes, with `threads` per rank (OpenMP's
        OMP_NUM_THREADS, which every launcher and Weft's placement of workers read) and, for Weft, `workers`
        worker threads."""
        env = {**self.env, **self.across_nodes} if nodes > 1 else dict(self.env)
        if threads:
            env["OMP_NUM_THREADS"] = str(threads)
        if workers:
            env["WEFT_WORKERS"] = str(workers)
        return env


def libraries(build_dir):
    """Weft, its two variants, MPICH and Open MPI, in the order their columns appear."""
    bin_dir = Path(build_dir) / "bin"
    openmpi_run = ["mpirun.openmpi", "--oversubscribe"]
    if os.geteuid() == 0:
        # Open MPI refuses to start as root unless told; the machines that run this are often root.
        openmpi_run.append("--allow-run-as-root")
    # Across nodes Weft's mpirun starts the node processes itself and gives them FI_TCP_IFACE=lo; they take
    # Weft's default provider (fabric/network.cpp: TCP in libfabric's native form, "net" in Debian 12's 1.17).
    weft = dict(mpicc=str(bin_dir / "mpicc"), mpifort=str(bin_dir / "mpifort"), mpirun=[str(bin_dir / "mpirun")],
                nodes_option="--nodes")
    return [
        Library("weft", "Weft", **weft),
        # The same wrapper and launcher without the pass that gives every rank its own globals: the
        # baseline of the privatization cost, run only by the cases that name it.
        Library("weft_noprivatize", "Weft without privatization", flags=["-no-privatize"], **weft),
        # MPIX_Halo copying every ghost cell, as across nodes: the baseline of its views.
        Library("weft_halo_copy", "Weft, halos copied", env={"WEFT_HALO_COPY": "1"}, **weft),
        # Hydra oversubscribes without being asked, and Debian's MPICH (ch4:ucx) finds shared memory by
        # itself: nothing to set. Its mpicc and Open MPI's compile with clang-19, as Weft's does, so that a
        # program that computes (the convolution) compares the libraries, not gcc's and clang's loops.
        # Across nodes UCX may use only its tcp transport on lo (and self, a process's messages to itself):
        # its log (UCX_LOG_LEVEL=info) then shows every endpoint on tcp/lo, and a ping-pong makes a send
        # system call per message, where by default it uses shared memory (sysv, cma).
        Library("mpich", "MPICH", "mpicc.mpich", "mpifort.mpich", ["mpirun.mpich"], compile_env={"MPICH_CC": "clang-19"},
                across_nodes={"UCX_TLS": "tcp,self", "UCX_NET_DEVICES": "lo"}),
        # On one node Open MPI needs only shared memory; naming ob1 with the self and vader transports
        # keeps it from probing InfiniBand, TCP and libfabric devices this machine does not use. It is
        # what it picks on its own here, so the figures do not change, but start-up is quieter. Across
        # nodes the tcp transport on lo replaces vader.
        # Open MPI binds each of 2 ranks or fewer to a core; a rank that runs threads is unbound, as its
        # users are told to do (--bind-to none), so that its threads spread over the cores.
        Library("openmpi", "Open MPI", "mpicc.openmpi", "mpifort.openmpi", openmpi_run,
                {"OMPI_MCA_pml": "ob1", "OMPI_MCA_btl": "self,vader"}, compile_env={"OMPI_CC": "clang-19"},
                across_nodes={"OMPI_MCA_btl": "self,tcp", "OMPI_MCA_btl_tcp_if_include": "lo"},
                unbound=["--bind-to", "none"]),
    ]


def library_versions(build_dir):
    """One line per library, from the library's own tools."""
    def first_line(cmd):
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.TimeoutExpired):
            return "not found"
        lines = [line.strip() for line in out.splitlines() if line.strip()]
        return lines[0] if lines else "unknown"

    mpich = first_line(["mpichversion"])          # "MPICH Version:    4.0.2"
    mpich = "MPICH " + mpich.split(":", 1)[1].strip() if ":" in mpich else mpich
    # Weft's version number moves rarely; the commit says which sources were measured.
    weft = first_line([str(Path(build_dir) / "bin" / "mpirun"), "--version"])
    commit = first_line(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"])
    if commit not in ("not found", "unknown"):
        dirty = first_line(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"])
        weft += f", commit {commit}" + (" with local changes" if dirty != "unknown" else "")
    return {
        "weft": weft,
        "mpich": mpich,
        "openmpi": first_line(["mpirun.openmpi", "--version"]),
    }


def build_weft(build_dir, log):
    """Build Weft, its tools and the internals benchmarks with the project's own script.

    Always run: ninja does nothing when the tree is current, and the figures must describe the sources
    that are checked out, not an older build.
    """
    env = dict(os.environ, WEFT_BUILD_DIR=str(build_dir))
    with open(log, "w") as out:
        done = subprocess.run([str(ROOT / "scripts" / "dev.sh"), "build"], stdout=out,
                              stderr=subprocess.STDOUT, env=env)
    if done.returncode != 0:
        raise SystemExit(f"compare: building Weft failed; see {log}")


def program_sources(programs_dir=PROGRAMS_DIR):
    """The benchmark programs: every .c and .f90 file of benchmarks/programs but the Fortran harness, and the
    benchmarked examples, by name without the suffix."""
    sources = {path.stem: path for path in sorted([*Path(programs_dir).glob("*.c"), *Path(programs_dir).glob("*.f90")])
               if path.name != FORTRAN_HARNESS.name}
    sources.update({name: EXAMPLES_DIR / f"{name}.c" for name in BENCHMARKED_EXAMPLES})
    return sources


def build_programs(libs, cases, programs_dir, out_dir, log_dir):
    """Compile each program with each library that runs one of its cases. Returns {(library key, program):
    path or None}.

    Only the pairs the cases name: a variant run by one case (Weft without privatization) must not build,
    or report failing to build, every other program. A program that does not compile with one library is
    recorded, and its runs with that library are reported as build failures; the other libraries still
    run it.
    """
    sources = program_sources(programs_dir)
    by_key = {lib.key: lib for lib in libs}
    pairs = sorted({(key, case.program) for case in cases for key in case.libraries})
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for key, name in pairs:
            if name in sources:
                (Path(out_dir) / key).mkdir(parents=True, exist_ok=True)
                jobs[(key, name)] = pool.submit(_compile, by_key[key], sources[name], Path(out_dir) / key / name,
                                                log_dir)
    binaries = {pair: job.result() for pair, job in jobs.items()}
    for pair in pairs:
        binaries.setdefault(pair, None)
    return binaries


def _compile(lib, source, binary, log_dir):
    fortran = source.suffix == ".f90"
    wrapper = lib.mpifort if fortran else lib.mpicc
    if shutil.which(wrapper) is None:
        return None
    openmp = ["-fopenmp"] if source.stem in OPENMP_PROGRAMS else []
    # -lm: some C programs use libm (sqrt in statistics); linking it costs nothing when unused. A Fortran
    # program is compiled after the harness module, in a folder of its own where the compiler writes the
    # module files, so that builds running at once do not share them.
    sources = [str(FORTRAN_HARNESS), str(source)] if fortran else [str(source), "-lm"]
    cmd = [wrapper, "-O2", *lib.flags, *openmp, "-o", str(binary), *sources]
    modules = Path(f"{binary}.modules") if fortran else None
    if modules:
        modules.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, **lib.compile_env),
                          cwd=modules)
    if done.returncode != 0:
        Path(log_dir, f"build-{lib.key}-{source.stem}.log").write_text(
            " ".join(cmd) + "\n" + done.stdout + done.stderr)
        return None
    return binary


def internals_benchmarks(build_dir):
    """The Google Benchmark executables of benchmarks/internals, as CMake put them (bench_*)."""
    found = []
    for path in sorted(Path(build_dir).rglob("bench_*")):
        if path.is_file() and os.access(path, os.X_OK) and "CMakeFiles" not in path.parts:
            found.append(path)
    return found
