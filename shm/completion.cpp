#include "shm/completion.hpp"

namespace weft::shm {

void completion::wait() {
  runtime::wait_until([this] { return done() || offered_.load(std::memory_order_acquire) != nullptr; }, [] {},
                      network_stride());
  // Looked at before it is taken: nearly every wait ends with nothing offered, and an exchange is a locked
  // instruction (a twentieth of a one-worker ping-pong). An offer this look misses is one its publisher
  // withdraws, finding the owner never joined.
  block_copy* copy = offered_.load(std::memory_order_relaxed) != nullptr
                         ? offered_.exchange(nullptr, std::memory_order_acq_rel)
                         : nullptr;
  if (copy != nullptr) {
    copy->copy_blocks(runtime::job_config().copy_block);
    completion* publisher = copy->publisher;
    if (copy->leave()) {
      complete_by_owner();
      publisher->complete();  // last: the publisher may free the copy once it is complete
    }
  }
  runtime::wait_until([this] { return done(); }, [] {}, network_stride());
}

}  // namespace weft::shm
