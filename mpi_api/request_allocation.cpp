// Where requests live: each thread keeps the requests it freed, up to a bound, and takes new ones from
// them. A rank runs on one worker for life, so a rank's requests come and go on one thread; the lists
// need no lock and stay in that core's cache. A window of 64 nonblocking calls otherwise went through
// malloc's slow paths (its per-thread cache holds 7 blocks of a size) twice per message.

#include <cstdlib>
#include <new>

#include "mpi_api/handles.hpp"

namespace {

struct free_block {
  free_block* next;
};

// Enough for the windows of the usual benchmarks and halo codes, a few hundred KiB at most per thread.
constexpr unsigned kept_requests = 1024;

// Plain data, so that a use is an offset from the thread pointer (libweft.so is never loaded by dlopen:
// the initial-exec model), with no guard and no call.
struct request_cache {
  free_block* head;
  unsigned count;
  bool emptied_at_exit;
};
[[gnu::tls_model("initial-exec")]] thread_local request_cache cache;

void* take_cached() noexcept {
  free_block* block = cache.head;
  if (block == nullptr) return nullptr;
  cache.head = block->next;
  --cache.count;
  return block;
}

// Frees the thread's cached requests when the thread ends; made on its first use.
struct empty_at_exit {
  ~empty_at_exit() {
    while (void* block = take_cached()) std::free(block);
  }
};

bool keep(void* memory) noexcept {
  if (cache.count == kept_requests) return false;
  if (!cache.emptied_at_exit) [[unlikely]] {
    thread_local empty_at_exit registration;
    (void)registration;
    cache.emptied_at_exit = true;
  }
  cache.head = new (memory) free_block{cache.head};
  ++cache.count;
  return true;
}

}  // namespace

// Every block is sizeof(weft_request_s): the type is final.
void* weft_request_s::operator new(std::size_t bytes) {
  if (void* reused = take_cached()) return reused;
  if (void* memory = std::malloc(bytes)) return memory;
  throw std::bad_alloc();
}

void weft_request_s::operator delete(void* request) noexcept {
  if (request != nullptr && !keep(request)) std::free(request);
}
