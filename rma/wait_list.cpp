#include "rma/wait_list.hpp"

#include <mutex>
#include <utility>

namespace weft::rma {

void wait_list::enter(runtime::rank* self) {
  std::lock_guard guard(lock_);
  ranks_.push_back(self);
  registered_.store(ranks_.size(), std::memory_order_seq_cst);
}

void wait_list::wake_registered() noexcept {
  std::vector<runtime::rank*> woken;
  {
    std::lock_guard guard(lock_);
    woken.swap(ranks_);
    registered_.store(0, std::memory_order_seq_cst);
  }
  for (runtime::rank* rank : woken) runtime::unpark(rank);
}

}  // namespace weft::rma
