#pragma once
// Per-thread scheduler state. A rank never changes worker, so these stay valid across its switches.

namespace weft::runtime {

class worker;
struct rank;

namespace this_thread {
inline thread_local runtime::worker* worker = nullptr;
inline thread_local runtime::rank* rank = nullptr;
}  // namespace this_thread

}  // namespace weft::runtime
