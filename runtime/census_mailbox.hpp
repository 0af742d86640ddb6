#pragma once
// Where the census messages of other nodes' watchdogs (census_messages.hpp) wait for this node's: the
// network hands them over from a worker's thread, the watchdog takes them on its own thread.

#include <mutex>
#include <span>
#include <utility>
#include <vector>

#include "runtime/census_messages.hpp"

namespace weft::runtime {

class census_mailbox {
 public:
  // Receives what deliver_census_message() gets from now on, and writes to the eventfd `wake_fd` at each.
  explicit census_mailbox(int wake_fd);
  // Receives nothing more.
  ~census_mailbox();
  census_mailbox(const census_mailbox&) = delete;
  census_mailbox& operator=(const census_mailbox&) = delete;

  // What arrived since the last call, with the node it came from, in arrival order.
  std::vector<std::pair<int, census_message>> take();

 private:
  friend void deliver_census_message(int from, std::span<const std::byte> bytes);

  int wake_fd_;
  std::mutex lock_;
  std::vector<std::pair<int, census_message>> arrived_;
};

// For the network: what node `from`'s watchdog sent this one. Dropped when no mailbox is open (the job
// is starting or ending) or when the bytes are not a message.
void deliver_census_message(int from, std::span<const std::byte> bytes);

}  // namespace weft::runtime
