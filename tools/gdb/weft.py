# Weft's gdb extension: the ranks of a node process (every rank a fiber of one process), in a live process or
# a core file.
#
#   weft ranks             every rank of the process: job rank, worker, gdb thread, state, where it waits
#   weft rank N            makes rank N's stack the current one: bt, frame, up, info locals, print work on it
#   weft rank              back to the threads' own stacks
#   weft break-main RANKS  stops when the listed ranks (e.g. 1,3 or all) enter the program's main
#
# Load it with `source <prefix>/share/weft/gdb/weft.py`. It reads only the runtime's debugger anchor
# (runtime/debugger_anchor.hpp: the exported `weft_debugger`, version 1) and, for a suspended rank, the
# registers Boost.Context saved on the rank's stack (x86-64 System V: jump_fcontext's frame). A change to
# either must change this file with it.

import struct

import gdb
import gdb.unwinder
from gdb.FrameDecorator import FrameDecorator

ANCHOR_VERSION = 1
ANCHOR_WORDS = 16  # the words of weft_debugger_anchor, version 1

# rank_state (runtime/rank.hpp), as the anchor's version 1 numbers it: runnable, notified, blocked, finished.
BLOCKED, FINISHED = 2, 3
# wait_site's peer and tag values (runtime/wait_site.hpp).
ANY_PEER, EVERY_PEER, OUTSIDE_PEER, NO_PEER = -1, -2, -3, -4
NO_TAG, ANY_TAG = -(2**31), -1

# Where jump_fcontext saves a suspending fiber's registers, in words from the saved stack pointer (the
# fcontext_t); the fiber resumes with its stack pointer past them.
SAVED_REGISTERS = {"r12": 1, "r13": 2, "r14": 3, "r15": 4, "rbx": 5, "rbp": 6, "rip": 7}
RESUMED_STACK_POINTER = 8


def read_words(address, count):
    return struct.unpack("<%dQ" % count, bytes(gdb.selected_inferior().read_memory(address, 8 * count)))


def read_int(address):
    return struct.unpack("<i", bytes(gdb.selected_inferior().read_memory(address, 4)))[0]


def read_string(address):
    return gdb.Value(address).cast(gdb.lookup_type("char").pointer()).string() if address else None


class Rank:
    """One rank as the anchor describes it."""

    def __init__(self, anchor, address, threads):
        (id_offset, state_offset, worker_offset, context_offset, stack_top_offset, stack_size_offset,
         call_offset, peer_offset, tag_offset, group_offset) = anchor[4:14]
        word = lambda offset: read_words(address + offset, 1)[0]
        self.id = read_int(address + id_offset)
        self.state = bytes(gdb.selected_inferior().read_memory(address + state_offset, 1))[0]
        self.started = word(worker_offset) != 0
        self.worker, self.thread = threads.get(word(worker_offset), (None, None))
        self.context = word(context_offset)
        self.stack_top = word(stack_top_offset)
        self.stack_size = word(stack_size_offset)
        self.call = read_string(word(call_offset))
        self.peer = read_int(address + peer_offset)
        self.tag = read_int(address + tag_offset)
        self.group = word(group_offset)

    def state_name(self):
        if self.state == FINISHED:
            return "finished"
        if self.state == BLOCKED:
            return "parked"
        # A running fiber's context was moved out to resume it; a fiber waiting for its turn keeps it.
        return "ready" if self.context or not self.started else "running"

    def holds(self, stack_pointer):
        return self.stack_top - self.stack_size <= stack_pointer < self.stack_top


def anchor_words():
    try:
        address = int(gdb.parse_and_eval("(unsigned long) &weft_debugger"))
    except gdb.error:
        raise gdb.GdbError("weft: no Weft job here (no weft_debugger symbol: is the program built with mpicc "
                           "and its libweft.so loaded?)")
    anchor = read_words(address, ANCHOR_WORDS)
    if anchor[0] == 0:
        raise gdb.GdbError("weft: the job has not published its ranks yet (it is still starting)")
    if anchor[0] != ANCHOR_VERSION:
        raise gdb.GdbError("weft: this libweft's debugger anchor is version %d; this extension reads version %d "
                           "(use the weft.py installed with the program's Weft)" % (anchor[0], ANCHOR_VERSION))
    return anchor


def worker_threads(anchor):
    """{worker address: (worker index, gdb thread or None)}"""
    workers, worker_count = anchor[14], anchor[15]
    by_lwp = {thread.ptid[1]: thread for thread in gdb.selected_inferior().threads()}
    table = {}
    for index in range(worker_count):
        worker, thread_id = read_words(workers + 16 * index, 2)
        table[worker] = (index, by_lwp.get(thread_id))
    return table


def all_ranks():
    anchor = anchor_words()
    threads = worker_threads(anchor)
    ranks, rank_count, rank_size = anchor[1], anchor[2], anchor[3]
    return [Rank(anchor, ranks + i * rank_size, threads) for i in range(rank_count)]


def find_rank(job_rank):
    ranks = all_ranks()
    for rank in ranks:
        if rank.id == job_rank:
            return rank
    raise gdb.GdbError("weft: rank %d is not in this process (it holds ranks %d-%d)"
                       % (job_rank, ranks[0].id, ranks[-1].id))


def communicator_name(address):
    """The communicator's name as MPI_Comm_get_name gives it, when libweft's debug information describes
    communicators; else its address."""
    try:
        name = gdb.parse_and_eval("((const weft_comm_s *) %d)->name._M_dataplus._M_p" % address).string()
        return name or "the communicator"
    except gdb.error:
        return "the communicator at 0x%x" % address


def describe_tag(tag):
    if tag == NO_TAG:
        return ""
    return " (any tag)" if tag == ANY_TAG else " (tag %d)" % tag


def describe_wait(rank):
    """The watchdog's words (runtime/whereabouts.cpp) for where a rank is."""
    if rank.state == FINISHED:
        return ""
    if rank.state != BLOCKED:
        return "inside " + rank.call if rank.call else ""
    if not rank.call:
        return "blocked in a wait inside MPI that names no peer"
    text = "blocked in " + rank.call
    group = communicator_name(rank.group) if rank.group else "its communicator"
    if rank.peer == EVERY_PEER:
        return text + " on " + group
    if rank.peer == ANY_PEER:
        return text + ", waiting for any rank of " + group + describe_tag(rank.tag)
    if rank.peer == OUTSIDE_PEER:
        return text + ", waiting for a generalized request the program completes itself"
    if rank.peer == NO_PEER:
        return text
    return text + ", waiting for rank %d%s on %s" % (rank.peer, describe_tag(rank.tag), group)


class FrameId:
    """What gdb identifies a frame by: its stack pointer and code address."""

    def __init__(self, sp, pc):
        self.sp = sp
        self.pc = pc


class SuspendedRankUnwinder(gdb.unwinder.Unwinder):
    """Shows a suspended rank's stack under the newest frame of the thread chosen by `weft rank`: that
    frame's caller gets the registers the rank's fiber saved when it switched out. gdb reads them from
    memory, so this works in a core file too, where no register can be written."""

    def __init__(self):
        super().__init__("weft suspended rank")
        self.rank = None
        self.thread = None

    def show(self, rank, thread):
        self.rank, self.thread = rank, thread
        gdb.invalidate_cached_frames()

    def clear(self):
        if self.rank is not None:
            self.rank = self.thread = None
            gdb.invalidate_cached_frames()

    def __call__(self, pending_frame):
        if self.rank is None or pending_frame.level() != 0 or gdb.selected_thread().global_num != self.thread.global_num:
            return None
        context = self.rank.context
        saved = read_words(context, RESUMED_STACK_POINTER)
        unwind = pending_frame.create_unwind_info(
            FrameId(pending_frame.read_register("rsp"), pending_frame.read_register("rip")))
        pointer = gdb.lookup_type("void").pointer()
        for register, word in SAVED_REGISTERS.items():
            unwind.add_saved_register(register, gdb.Value(saved[word]).cast(pointer))
        unwind.add_saved_register("rsp", gdb.Value(context + 8 * RESUMED_STACK_POINTER).cast(pointer))
        return unwind


class SwitchedOutFrame(FrameDecorator):
    """The thread's own newest frame, under which a suspended rank's stack is shown: named for what it is."""

    def __init__(self, frame, rank):
        super().__init__(frame)
        self.rank = rank

    def function(self):
        return "[weft: rank %d is %s; its stack follows]" % (self.rank.id, self.rank.state_name())

    def filename(self):
        return None

    def frame_args(self):
        return None

    def line(self):
        return None


class SwitchedOutFrameFilter:
    def __init__(self, unwinder):
        self.name = "weft suspended rank"
        self.priority = 100
        self.enabled = True
        self.unwinder = unwinder
        gdb.frame_filters[self.name] = self

    def filter(self, frames):
        for frame in frames:
            shown = self.unwinder.rank
            if shown is not None and frame.inferior_frame().level() == 0 and \
                    gdb.selected_thread().global_num == self.unwinder.thread.global_num:
                yield SwitchedOutFrame(frame, shown)
            else:
                yield frame


unwinder = SuspendedRankUnwinder()
gdb.unwinder.register_unwinder(None, unwinder, replace=True)
SwitchedOutFrameFilter(unwinder)
# A process that runs on changes every fiber's saved registers.
gdb.events.cont.connect(lambda event: unwinder.clear())
gdb.events.exited.connect(lambda event: unwinder.clear())


class WeftPrefix(gdb.Command):
    """Weft's commands: the ranks of this process (weft ranks, weft rank N, weft break-main RANKS)."""

    def __init__(self):
        super().__init__("weft", gdb.COMMAND_STACK, prefix=True)


class WeftRanks(gdb.Command):
    """Lists every rank of this process with its state and where it waits.
Per rank: job rank, worker, gdb thread of a running rank, state (running, ready, parked, finished) and, for
a rank blocked in MPI, the call, peer, tag and communicator it waits in. The rank `weft rank` shows is
marked with *."""

    def __init__(self):
        super().__init__("weft ranks", gdb.COMMAND_STACK)

    def invoke(self, argument, from_tty):
        shown = unwinder.rank.id if unwinder.rank is not None else None
        ranks = all_ranks()
        gdb.write("  rank  worker  thread  state     where\n")
        for rank in ranks:
            running = rank.state_name() == "running" and rank.thread is not None
            gdb.write("%s %4d  %6s  %6s  %-8s  %s\n" % (
                "*" if rank.id == shown else " ", rank.id, "" if rank.worker is None else rank.worker,
                rank.thread.num if running else "", rank.state_name(), describe_wait(rank)))


class WeftRank(gdb.Command):
    """Makes rank N's stack the current one: weft rank N; back to the threads' stacks: weft rank.
Then bt, frame, up, info locals and print work on the rank: a running rank is its worker's thread; a
suspended one is its fiber's saved registers, shown under the newest frame of its worker's thread."""

    def __init__(self):
        super().__init__("weft rank", gdb.COMMAND_STACK)

    def invoke(self, argument, from_tty):
        argument = argument.strip()
        unwinder.clear()
        if not argument:
            gdb.write("weft: back to the threads' own stacks\n")
            return
        try:
            rank = find_rank(int(argument))
        except ValueError:
            raise gdb.GdbError("weft rank: %r is not a rank; give a job rank, e.g. weft rank 0" % argument)
        state = rank.state_name()
        if state == "finished":
            raise gdb.GdbError("weft: rank %d has finished; it has no stack left" % rank.id)
        thread = rank.thread or gdb.selected_thread()
        thread.switch()
        if state == "running":
            gdb.write("weft: rank %d is running on worker %d, gdb thread %d\n" % (rank.id, rank.worker, thread.num))
            gdb.execute("frame 0")
            return
        unwinder.show(rank, thread)
        gdb.write("weft: rank %d is %s%s\n" % (rank.id, state, (": " + describe_wait(rank)) if rank.call else ""))
        gdb.execute("frame 1")


class MainOfRanks(gdb.Breakpoint):
    """A breakpoint on the program's main that stops only in the chosen ranks (all when `ranks` is None)."""

    def __init__(self, ranks):
        super().__init__("main", internal=False)
        self.ranks = ranks

    def stop(self):
        stack_pointer = int(gdb.selected_frame().read_register("rsp"))
        for rank in all_ranks():
            if rank.holds(stack_pointer):
                if self.ranks is None or rank.id in self.ranks:
                    gdb.write("weft: rank %d entered main\n" % rank.id)
                    return True
                return False
        return False


class WeftBreakMain(gdb.Command):
    """Stops when each of RANKS enters main: weft break-main 0,3 or weft break-main all.
mpirun --gdb RANKS sets it before it runs the program."""

    def __init__(self):
        super().__init__("weft break-main", gdb.COMMAND_BREAKPOINTS)

    def invoke(self, argument, from_tty):
        argument = argument.strip()
        if argument == "all":
            MainOfRanks(None)
            return
        try:
            MainOfRanks({int(word) for word in argument.split(",")})
        except ValueError:
            raise gdb.GdbError("weft break-main: give job ranks separated by commas, or all, e.g. "
                               "weft break-main 0,3")


WeftPrefix()
WeftRanks()
WeftRank()
WeftBreakMain()
