// Where requests live: each thread keeps the requests it freed, up to a bound, and takes new ones from
// them. A rank runs on one worker for life, so a rank's requests come and go on one thread; the lists
// need no lock and stay in that core's cache. A window of 64 nonblocking calls otherwise went through
// malloc's slow paths (its per-thread cache holds 7 blocks of a size) twice per message.

#include <cstdlib>
#include <new>

#include "mpi_api/handles.hpp"

namespace {

class request_cache {
 public:
  // Enough for the windows of the usual benchmarks and halo codes, a few hundred KiB at most per thread.
  static constexpr unsigned kept = 1024;

  void* take() noexcept {
    free_block* block = head_;
    if (block == nullptr) return nullptr;
    head_ = block->next;
    --count_;
    return block;
  }

  bool keep(void* memory) noexcept {
    if (count_ == kept) return false;
    head_ = new (memory) free_block{head_};
    ++count_;
    return true;
  }

  ~request_cache() {
    while (void* block = take()) std::free(block);
  }

 private:
  struct free_block {
    free_block* next;
  };
  free_block* head_ = nullptr;
  unsigned count_ = 0;
};

// libweft.so is never loaded by dlopen: the initial-exec model makes each use an offset from the thread
// pointer.
[[gnu::tls_model("initial-exec")]] thread_local request_cache cache;

}  // namespace

// Every block is sizeof(weft_request_s): the type is final.
void* weft_request_s::operator new(std::size_t bytes) {
  if (void* reused = cache.take()) return reused;
  if (void* memory = std::malloc(bytes)) return memory;
  throw std::bad_alloc();
}

void weft_request_s::operator delete(void* request) noexcept {
  if (request != nullptr && !cache.keep(request)) std::free(request);
}
