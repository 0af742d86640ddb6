"""What is measured: the cases of a full run and of a quick one.

A case is one program at one number of ranks, run by some of the libraries. The machine has two cores,
so 2 ranks is the fair case for process-based MPI, and 16 and 64 ranks are oversubscribed: that is where
ranks as fibers should win by the most. Cases of 1,000 and 10,000 ranks are Weft's alone: MPICH and Open
MPI would need 1,000 processes of tens of MiB each, busy-polling on two cores. Weft without privatization
(`mpicc -no-privatize`) runs only globals_loop, the baseline of what privatizing globals costs.

Cases across nodes run 2 or 4 node processes on this machine, which talk over TCP on loopback, as a
cluster of that many nodes over TCP would (libraries.py says how each library is made to).

The programs time each measured point for a fixed interval (50 ms, 5 ms with --quick), so a run lasts
about (number of sizes) x (interval) plus start-up; --max-size is what bounds a case's duration.
"""

from dataclasses import dataclass, replace

ALL = ("weft", "mpich", "openmpi")
WEFT = ("weft",)
PRIVATIZATION = ("weft", "weft_noprivatize", "mpich", "openmpi")
HALO = ("weft", "weft_halo_copy", "mpich", "openmpi")
MiB4 = str(4 * 1024 * 1024)
MiB16 = str(16 * 1024 * 1024)


@dataclass(frozen=True)
class Case:
    program: str                  # benchmarks/programs/<program>.c
    ranks: int
    libraries: tuple = ALL
    args: tuple = ()              # arguments for the program
    timed: bool = False           # report job_wall_time: the whole launcher process, fork to exit
    cpu: bool = False             # report job_cpu_percent: CPU time of every process of the job / wall
    timeout: float = 0.0          # seconds for one run; 0: the driver's default
    repeats: int = 0              # at most this many repeats; 0: as many as the run's
    nodes: int = 1                # node processes; more than 1: a job across nodes, over TCP on loopback
    busy_loops: int = 0           # busy-looping processes beside the job (cores shared with other work)
    threads: int = 0              # threads per rank (OMP_NUM_THREADS); 0: not set
    workers: int = 0              # Weft's worker threads (WEFT_WORKERS); 0: one per core
    twin: str = ""                # the program this one is a translation of (a Fortran program's C one)

    @property
    def id(self):
        # Cases of one node keep the ids that targets and published results name.
        return (f"{self.program}-{self.ranks}" + (f"-nodes{self.nodes}" if self.nodes > 1 else "")
                + (f"-busy{self.busy_loops}" if self.busy_loops else "")
                + (f"-t{self.threads}" if self.threads else "") + (f"-w{self.workers}" if self.workers else ""))

    @property
    def twin_id(self):
        """The id of the twin program's case of the same shape, or "" without a twin."""
        return replace(self, program=self.twin, twin="").id if self.twin else ""

    @property
    def title(self):
        where = f" on {self.nodes} nodes" if self.nodes > 1 else ""
        who = " (Weft only)" if self.libraries == WEFT else ""
        beside = f" beside {self.busy_loops} busy loops" if self.busy_loops else ""
        threads = f" x {self.threads} threads" if self.threads else ""
        workers = f" on {self.workers} worker{'s' if self.workers > 1 else ''}" if self.workers else ""
        return f"{self.program}, {self.ranks:,} ranks{threads}{workers}{where}{beside}{who}"


def _privatization_cost():
    # The ranks of globals_loop take turns, each timing its loop alone (without privatization Weft's ranks
    # share the globals), so more ranks would only repeat the figure, and MPICH's waiting ranks would
    # busy-poll the cores away from the one that runs. Cheap enough for the quick plan too.
    return Case("globals_loop", 2, PRIVATIZATION)


def _convolution(ranks, libraries, quick):
    # The MPIX_Halo paper's stencil (examples/convolution.c): Weft with zero-copy views, Weft copying its
    # halos, and MPICH and Open MPI running its plain-MPI mode (the program picks it where mpi.h has no
    # MPIX_Halo). Whole runs of seconds, so three repeats; --quick runs 4 of the 20 steps.
    steps = ("--steps", "4") if quick else ()
    return Case("convolution", ranks, libraries, ("--no-check", "--results", *steps), repeats=3)


def _rma(quick):
    # One-sided communication, rank 0 on rank 1's window: put, get and fetch-and-op latency, put and get
    # bandwidth, and memcpy, the bound of a put. Its --quick sweep still ends at --max-size, 4 MiB, the size
    # of the bandwidth target. One run of the full plan (five sweeps of 20 sizes) takes about 10 s with MPICH
    # and with Open MPI, so three repeats keep the full run within its budget.
    if quick:
        return Case("rma", 2, args=("--quick", "--max-size", MiB4))
    return Case("rma", 2, args=("--max-size", MiB4), repeats=3)


def _across_nodes(quick):
    # One rank on each of two node processes, so that every message crosses TCP on loopback: latency and
    # bandwidth against MPICH's and Open MPI's TCP paths. A sweep to 4 MiB takes 2 to 3 s a run, so the full
    # plan leaves bidir_bandwidth out; it keeps five repeats (about a minute and a half in all), since TCP on
    # loopback swings with the machine's state (medians of three put Weft's 0-byte latency at 1.08 and
    # 1.23 x the better library within one hour, with no change between them). MPICH's MPI_Finalize
    # over UCX's tcp transport hangs now and then here (1 run of 10 with 2 processes, 5 of 10 with 4), so a
    # timeout of 20 s bounds what a hang costs, and start-up of 2 nodes x 2 ranks, where MPICH would mostly
    # measure that hang, runs with Weft and Open MPI. 4 nodes x 256 ranks would be 1,024 processes for them.
    over_tcp = dict(nodes=2, timeout=20, repeats=0 if quick else 5)
    pingpong = ("--quick", "--max-size", MiB4) if quick else ("--max-size", MiB4)
    cases = [Case("pingpong", 2, args=pingpong, **over_tcp),
             Case("stream_bandwidth", 2, args=("--max-size", MiB4), **over_tcp)]
    if not quick:
        cases.append(Case("startup", 4, ("weft", "openmpi"), timed=True, **over_tcp))
    return cases + [Case("startup", 1024, WEFT, timed=True, nodes=4, repeats=over_tcp["repeats"])]


def _threads(quick):
    # Ranks that run threads, on the 2 cores: the hybrid stencil as 1 rank x 2 threads (also with Weft without
    # privatization: the globals its parallel loop reads cost that much), 2 x 1 and 4 x 2 (oversubscribed);
    # and the message rate of 2 threads per rank calling MPI at once. Runs of a second or two: three repeats.
    quick_args = ("--quick",) if quick else ()
    return [Case("hybrid_stencil", 1, PRIVATIZATION, quick_args, threads=2, repeats=3),
            Case("hybrid_stencil", 2, ALL, quick_args, threads=1, repeats=3),
            Case("hybrid_stencil", 4, ALL, quick_args, threads=2, repeats=3),
            Case("thread_message_rate", 2, ALL, quick_args, threads=2, repeats=3)]


def _fortran(quick):
    # The Fortran twins of pingpong and hybrid_stencil, built with each library's mpifort, each run turn
    # by turn with its C program's case (runner.py): what Weft's Fortran binding adds to a call (the 0-byte
    # latency on one worker, where a message costs least, so the binding's share is largest) and whether
    # Weft's ratios to the peers hold from Fortran. Sizes and repeats as their C twins'.
    quick_args = ("--quick",) if quick else ()
    pingpong = ("--quick", "--max-size", MiB4) if quick else ("--max-size", MiB4)
    fortran = dict(twin="pingpong")
    stencil = dict(twin="hybrid_stencil", repeats=3)
    return [Case("fortran_pingpong", 2, args=pingpong, **fortran),
            Case("fortran_pingpong", 2, WEFT, (*quick_args, "--max-size", "64"), workers=1, **fortran),
            Case("fortran_hybrid_stencil", 2, ALL, quick_args, threads=1, **stencil),
            Case("fortran_hybrid_stencil", 4, ALL, quick_args, threads=2, **stencil)]


def _full():
    # Two ranks on two cores: one process (or fiber) per core, the case process-based MPI is built for.
    two = [Case(p, 2, args=("--max-size", MiB4)) for p in ("pingpong", "stream_bandwidth", "bidir_bandwidth")]
    # Both ranks on one worker (one core): a message costs a switch from rank to rank, not a cache line
    # crossing cores. Weft's alone: processes have no such mode.
    two.append(Case("pingpong", 2, WEFT, ("--max-size", "64"), workers=1))
    two.append(Case("message_rate", 2))           # 8-byte messages only
    # The OSU patterns (one buffer per side reused across a window): every size, one way and both ways.
    # Three repeats (3 s a run) keep the full plan inside its budget.
    two.append(Case("windowed", 2, args=("--max-size", MiB4), repeats=3))
    # The same stream timed window by window, alone and beside two busy-looping processes (a login node, a
    # shared cluster node): how each library shares the cores shows in the slow windows, not in the mean.
    two += [Case("window_times", 2, repeats=3), Case("window_times", 2, repeats=3, busy_loops=2)]
    two.append(Case("collectives", 2, args=("--max-size", MiB16)))
    two.append(Case("startup", 2, timed=True))
    two.append(_privatization_cost())
    # Ownership passing (MPIX_Give/MPIX_Take) exists in Weft alone; its windows are stream_bandwidth's, so
    # the two compare: a message moves its pointer only, whatever its size.
    two.append(Case("ownership_bandwidth", 2, WEFT, ("--max-size", MiB4)))
    two.append(_rma(False))
    two.append(_convolution(2, HALO, False))
    # MPI-IO: a checkpoint of a block-distributed 3-D array and its restart, independent writes against
    # the file system's own rate, and small collective records.
    two.append(Case("file_io", 2, repeats=3))
    # MPI-4: a persistent allreduce against the blocking one in the same run, and partitioned ping-pong
    # (Open MPI 4.1 has no partitioned calls: its program sends the buffer whole, persistently).
    two += [Case("persistent_allreduce", 2, args=("--max-size", "65536")), Case("partitioned_pingpong", 2)]
    # 16 ranks on 2 cores: MPICH's processes busy-poll and share the cores, so a message may cost it a time
    # slice (milliseconds); sizes are capped so that its runs take seconds.
    over = [Case("pingpong", 16, args=("--max-size", "65536")),
            Case("message_rate", 16),
            Case("windowed", 16, args=("--quick", "--max-size", "65536"), repeats=3),
            Case("collectives", 16, args=("--quick", "--max-size", "4096")),
            Case("alltoall", 16, args=("--quick", "--max-size", "4096")),
            Case("halo", 16, args=("--max-size", "4096")),
            Case("file_io", 16, repeats=3),
            Case("idle_cpu", 16, args=("--seconds", "2"), cpu=True),
            Case("startup", 16, timed=True)]
    # 64 ranks: one MPICH message takes about 65 ms and one collective up to a second, so each case keeps
    # a single size and three repeats; even so they are a third of the full run.
    at64 = dict(repeats=3)
    over += [Case("pingpong", 64, args=("--max-size", "0"), **at64),
             Case("message_rate", 64, **at64),
             Case("collectives", 64, args=("--quick", "--max-size", "8"), **at64),
             Case("alltoall", 64, args=("--quick", "--max-size", "8"), **at64),
             Case("halo", 64, args=("--quick", "--max-size", "512"), **at64),
             Case("idle_memory", 64, **at64),
             # MPICH's 64 processes take 4.5 minutes for one run of it (3.5 MB/s collective writes, measured
             # by hand, docs/performance-notes.md): Open MPI's, 26 s a run, stand for the peers, twice.
             Case("file_io", 64, ("weft", "openmpi"), repeats=2),
             Case("idle_cpu", 64, args=("--seconds", "2"), cpu=True, **at64),
             Case("startup", 64, timed=True, **at64)]
    # Weft only: what a process per rank cannot do on this machine. An all-to-all of 1,000 ranks is a
    # million messages per exchange, seconds each: one size, two repeats.
    big = [Case("pingpong", 1000, WEFT, ("--quick", "--max-size", "65536")),
           Case("message_rate", 1000, WEFT),
           Case("collectives", 1000, WEFT, ("--quick", "--max-size", "65536")),
           Case("alltoall", 1000, WEFT, ("--quick", "--max-size", "8"), repeats=2),
           Case("halo", 1000, WEFT, ("--max-size", "32768")),
           Case("idle_memory", 1000, WEFT),
           Case("idle_cpu", 1000, WEFT, ("--seconds", "2"), cpu=True),
           Case("startup", 1000, WEFT, timed=True), Case("startup", 10000, WEFT, timed=True),
           # 256 ranks of MPI-IO: Open MPI's processes take 4.4 minutes for the quick sizes alone.
           Case("file_io", 256, WEFT, repeats=3),
           # 256 ranks of the convolution: where views save the most ghost cells (processes would be 256).
           _convolution(256, ("weft", "weft_halo_copy"), False)]
    return two + over + big + _threads(False) + _fortran(False) + _across_nodes(False)


def _quick():
    # Enough to evaluate every target and draw the plots. The bandwidth sweep runs without --quick, whose
    # sizes grow by 16 and skip 4 MiB, the size of the bandwidth target.
    return [Case("pingpong", 2, args=("--quick", "--max-size", MiB4)),
            Case("pingpong", 2, WEFT, ("--quick", "--max-size", "64"), workers=1),
            Case("stream_bandwidth", 2, args=("--max-size", MiB4)),
            _privatization_cost(),
            Case("collectives", 2, args=("--quick", "--max-size", MiB16)),
            Case("pingpong", 16, args=("--quick", "--max-size", "4096")),
            Case("collectives", 16, args=("--quick", "--max-size", "64")),
            Case("message_rate", 16),
            Case("idle_cpu", 16, args=("--quick",), cpu=True),
            Case("idle_memory", 64),
            Case("startup", 16, timed=True),
            Case("pingpong", 1000, WEFT, ("--quick", "--max-size", "4096")),
            Case("idle_memory", 1000, WEFT),
            Case("startup", 1000, WEFT, timed=True),
            Case("startup", 10000, WEFT, timed=True),
            Case("ownership_bandwidth", 2, WEFT, ("--max-size", MiB4)),
            _rma(True),
            Case("file_io", 16, args=("--quick",)),
            Case("persistent_allreduce", 2, args=("--quick", "--max-size", "64")),
            Case("partitioned_pingpong", 2, args=("--quick",)),
            _convolution(2, HALO, True),
            _convolution(256, ("weft", "weft_halo_copy"), True),
            *_threads(True),
            *_fortran(True),
            *_across_nodes(True)]


def plan(quick):
    return _quick() if quick else _full()


# Plots: message size on the x axis, one line per library, log-log. (case id, benchmark, y label, file).
PLOTS = [
    ("pingpong-2", "pingpong_latency", "latency (us)", "latency-2-ranks.png"),
    ("stream_bandwidth-2", "stream_bandwidth", "bandwidth (MB/s)", "bandwidth-2-ranks.png"),
    ("bidir_bandwidth-2", "bidir_bandwidth", "bandwidth, both directions (MB/s)", "bidir-bandwidth-2-ranks.png"),
    ("pingpong-16", "pingpong_latency", "latency (us)", "latency-16-ranks.png"),
    ("pingpong-2-nodes2", "pingpong_latency", "latency (us)", "latency-2-nodes.png"),
    ("stream_bandwidth-2-nodes2", "stream_bandwidth", "bandwidth (MB/s)", "bandwidth-2-nodes.png"),
]
