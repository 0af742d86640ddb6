#include "runtime/wait_site.hpp"

#include <atomic>

namespace weft::runtime {
namespace {

// Installed by every rank's MPI_Init, all with the same value.
std::atomic<const wait_groups*> installed{nullptr};

}  // namespace

void describe_wait_groups(const wait_groups& description) noexcept {
  installed.store(&description, std::memory_order_release);
}

const wait_groups* wait_group_description() noexcept { return installed.load(std::memory_order_acquire); }

}  // namespace weft::runtime
