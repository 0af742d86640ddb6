#include "runtime/asymmetric_fence.hpp"

#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "runtime/report.hpp"

namespace weft::runtime {

bool enable_asymmetric_fences() noexcept {
  if (!detail::membarrier_registered)
    detail::membarrier_registered = syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0;
  return detail::membarrier_registered;
}

void heavy_fence() noexcept {
  if (!detail::membarrier_registered) {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    return;
  }
  // Cannot fail once registered; if it did, the hot sides' compiler barriers would order nothing.
  if (syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0)
    fatal(1, "membarrier: %s", std::strerror(errno));
}

}  // namespace weft::runtime
