#include "runtime/census_mailbox.hpp"

#include <sys/eventfd.h>

namespace weft::runtime {
namespace {

// The open mailbox; `open_lock` keeps it alive while a delivery uses it.
std::mutex open_lock;
census_mailbox* open_mailbox = nullptr;

}  // namespace

census_mailbox::census_mailbox(int wake_fd) : wake_fd_(wake_fd) {
  std::lock_guard guard(open_lock);
  open_mailbox = this;
}

census_mailbox::~census_mailbox() {
  std::lock_guard guard(open_lock);
  open_mailbox = nullptr;
}

std::vector<std::pair<int, census_message>> census_mailbox::take() {
  std::lock_guard guard(lock_);
  return std::exchange(arrived_, {});
}

void deliver_census_message(int from, std::span<const std::byte> bytes) {
  std::optional<census_message> message = decode(bytes);
  if (!message) return;
  std::lock_guard guard(open_lock);
  if (open_mailbox == nullptr) return;
  {
    std::lock_guard inner(open_mailbox->lock_);
    open_mailbox->arrived_.emplace_back(from, std::move(*message));
  }
  ::eventfd_write(open_mailbox->wake_fd_, 1);
}

}  // namespace weft::runtime
