#pragma once
// The locks accumulates take: a fixed table of spinlocks, one per page of memory chosen by hashing the
// page's address. An operation holds the locks of every page its target bytes touch, taken in the
// table's order, so two operations that touch a common page exclude each other, whatever windows they
// come through, and none can deadlock another. Operations on distinct pages rarely meet.
//
// Taking them costs the pages of the range, not the size of the table: the range's lock indices are
// sorted (a range of one page, the usual case, has one), and a range of at least as many pages as the
// table has locks takes them all in order.
//
// Holders never yield to the fiber scheduler: a critical section is one operation's combine, and a
// rank holding locks runs it to the end before its worker runs anything else.

#include <boost/container/small_vector.hpp>
#include <cstddef>
#include <cstdint>

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
  // The locks held, in table order, each once; ranges of up to 64 pages (256 KiB) keep them inline.
  boost::container::small_vector<std::uint16_t, 64> held_;
};

}  // namespace weft::rma
