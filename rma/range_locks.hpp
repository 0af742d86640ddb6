#pragma once
// The locks accumulates take: a fixed table of spinlocks, one per page of memory chosen by hashing the
// page's address. An operation holds the locks of every page its target bytes touch, taken in the
// table's order, so two operations that touch a common page exclude each other, whatever windows they
// come through, and none can deadlock another. Operations on distinct pages rarely meet.
//
// Holders never yield to the fiber scheduler: a critical section is one operation's combine, and a
// rank holding locks runs it to the end before its worker runs anything else.

#include <bitset>
#include <cstddef>
#include <memory>

namespace weft::rma {

class range_lock {
 public:
  static constexpr std::size_t page = 4096;
  static constexpr std::size_t locks = 4096;

  // Locks the pages of [first, first + bytes).
  range_lock(const std::byte* first, std::size_t bytes) noexcept;
  ~range_lock();
  range_lock(const range_lock&) = delete;
  range_lock& operator=(const range_lock&) = delete;

 private:
  std::size_t single_;                          // the one lock held, when the range is on one page
  std::unique_ptr<std::bitset<locks>> several_;  // else the locks held (made only then: 512 bytes to clear)
};

}  // namespace weft::rma
