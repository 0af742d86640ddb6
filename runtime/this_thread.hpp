#pragma once
// Per-thread scheduler state. A rank never changes worker, so these stay valid across its switches.
// libweft.so is always loaded with the program, never by dlopen, so its thread-locals can use the
// initial-exec model: a fixed offset from the thread pointer instead of a __tls_get_addr call.

namespace weft::runtime {

class worker;
struct rank;

namespace this_thread {
[[gnu::tls_model("initial-exec")]] inline thread_local runtime::worker* worker = nullptr;
[[gnu::tls_model("initial-exec")]] inline thread_local runtime::rank* rank = nullptr;
// On a thread a rank started (its pthreads, the OpenMP team threads of its parallel regions): the rank the
// thread works for, whose globals it sees (rank_threads.hpp). Null on workers and outside ranks.
[[gnu::tls_model("initial-exec")]] inline thread_local runtime::rank* owner = nullptr;
// On such a thread: its MPI calls under way, nested ones counted; while there are any, `rank` is the owner
// and the thread holds the owner's call lock (call_lock.hpp) except while it waits.
[[gnu::tls_model("initial-exec")]] inline thread_local int call_depth = 0;
// Whether the thread's worker shares its core with other threads that wait for it (job::workers_share_cores).
[[gnu::tls_model("initial-exec")]] inline thread_local bool shares_core = false;
}  // namespace this_thread

}  // namespace weft::runtime
