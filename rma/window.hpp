#pragma once
// What the members of a window share: each member's memory (its segment, or the regions it attached to a
// dynamic window), the memory the window allocated, and the state its synchronization calls meet in
// (passive_target.hpp, active_target.hpp). The memory of every member on this node is in this process, so
// an origin reaches such a target's bytes directly: an operation is a copy or an atomic by the origin's
// CPU. A window over ranks of several node processes has one such object per node; a member on another
// node is a remote_member here, reached through messages to its node's object (remote_origin.hpp).
//
// On each node the member of lowest rank makes the window; the others share it (std::shared_ptr) once they
// know its address. Members write their own part only (their segment, their attached regions); the others
// read it after the call that created the window, or under the regions' lock.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "rma/wait_list.hpp"
#include "runtime/spinlock.hpp"

namespace weft::rma {

enum class flavor { create, allocate, dynamic, shared };

struct region {
  std::byte* base;
  std::size_t size;
};

// A member on another node: where messages for it go, and what an origin checks its accesses against.
struct remote_member {
  int job_rank = -1;              // -1 for a member on this node
  std::uint64_t node_window = 0;  // its node's window, as that process addresses it
  std::size_t size = 0;           // its segment's (not dynamic windows)
  int disp_unit = 1;
};

// A lock asked for by a rank of another node, which cannot wait at the target: granted by a reply once
// it can be taken (remote_target.cpp). An exclusive lock counts itself in the window's global word first.
struct lock_request {
  enum class what : std::uint8_t { shared, exclusive, all } asked;
  int target;  // the window rank locked (not for lock_all)
  int origin;  // the job rank the grant goes to
  std::uint64_t cookie;
  bool counted = false;  // an exclusive lock counted in global_locks already
};

// Memory a window allocated: aligned to a page, not zeroed (MPI asks for neither but alignment helps
// vector code and first touch by the owner keeps pages on its NUMA node).
class window_memory {
 public:
  static constexpr std::size_t alignment = 4096;
  window_memory() = default;
  // nullptr when `bytes` could not be allocated; empty for 0 bytes.
  static window_memory allocate(std::size_t bytes);
  std::byte* data() const noexcept { return memory_.get(); }
  explicit operator bool() const noexcept { return memory_ != nullptr; }

 private:
  struct release {
    void operator()(std::byte* memory) const noexcept;
  };
  std::unique_ptr<std::byte, release> memory_;
};

class alignas(64) window_member {
 public:
  // Its segment (not dynamic windows): set by the member itself while the window is made.
  std::byte* base = nullptr;
  std::size_t size = 0;
  int disp_unit = 1;
  window_memory owned;  // its segment, when the window allocated it for this member alone

  // Dynamic windows. Regions never overlap; attach refuses an overlap, detach a base not attached.
  [[nodiscard]] bool attach(region attached);
  [[nodiscard]] bool detach(const std::byte* attached_base);
  // Whether attached regions (one, or several side by side) hold [first, first + bytes): for an origin,
  // under the regions' lock.
  bool holds(const std::byte* first, std::size_t bytes);

  // Passive target: the exclusive bit and the count of shared holders (passive_target.hpp).
  std::atomic<std::uint64_t> lock_word{0};
  // Active target: how many times each target posted to this member as an origin, not yet started, and
  // how many origins completed their access to this member as a target, not yet waited for.
  runtime::spinlock posts_lock;
  std::unordered_map<int, int> posts;
  std::atomic<int> completions{0};

  // Ranks waiting for this member's lock word, or the member waiting for posts or completions.
  wait_list waiters;

 private:
  runtime::spinlock regions_lock_;
  std::vector<region> regions_;  // sorted by base
};

class window : public std::enable_shared_from_this<window> {
 public:
  window(int members, rma::flavor made_as);
  window(const window&) = delete;
  window& operator=(const window&) = delete;

  int size() const noexcept { return size_; }
  rma::flavor flavor() const noexcept { return flavor_; }
  window_member& member(int rank) noexcept { return members_[rank]; }

  // Shared windows without alloc_shared_noncontig: one block for all members, member r's segment right
  // after member r - 1's (MPI-3.1, 11.2.3). False when the block could not be allocated.
  [[nodiscard]] bool allocate_contiguous(std::span<const std::size_t> sizes);
  std::byte* contiguous_segment(int rank) const noexcept { return contiguous_.data() + offsets_[rank]; }

  // The target address of an access at displacement `disp` of `target` (an address for a dynamic
  // window), given the offsets of the first and one past the last byte it touches from there; empty when
  // those bytes are not all inside the target's segment (or in attached regions). An access that touches
  // nothing is never out of range.
  [[gnu::always_inline]] std::optional<std::byte*> address(int target, std::ptrdiff_t disp, std::ptrdiff_t first,
                                                           std::ptrdiff_t last) {
    if (flavor_ == rma::flavor::dynamic) [[unlikely]]
      return attached_address(target, disp, first, last);
    const window_member& m = members_[target];
    std::optional<std::ptrdiff_t> offset = segment_offset(disp, m.disp_unit, m.size, first, last);
    if (!offset) [[unlikely]]
      return std::nullopt;
    // An access that touches nothing may name any displacement, even of an empty segment (base null).
    return reinterpret_cast<std::byte*>(reinterpret_cast<std::uintptr_t>(m.base) + *offset);
  }

  // The offset from a segment's base of an access at displacement `disp`, in a segment of `size` bytes
  // and `disp_unit`, touching [first, last) from there; empty when that is not all inside the segment.
  [[gnu::always_inline]] static std::optional<std::ptrdiff_t> segment_offset(std::ptrdiff_t disp, int disp_unit,
                                                                             std::size_t size, std::ptrdiff_t first,
                                                                             std::ptrdiff_t last) {
    std::ptrdiff_t offset = 0, begin = 0, end = 0;
    if (__builtin_mul_overflow(disp, static_cast<std::ptrdiff_t>(disp_unit), &offset)) [[unlikely]]
      return std::nullopt;
    if (first == last) return offset;
    if (__builtin_add_overflow(offset, first, &begin) || __builtin_add_overflow(offset, last, &end)) [[unlikely]]
      return std::nullopt;
    if (begin < 0 || end > static_cast<std::ptrdiff_t>(size)) [[unlikely]]
      return std::nullopt;
    return offset;
  }

  // Passive target: holders of lock_all in the low half, exclusive lock holders in the high half, so that
  // neither kind starts while the other is held (passive_target.hpp).
  std::atomic<std::uint64_t> global_locks{0};
  wait_list global_waiters;
  // Locks ranks of other nodes asked for and could not take yet, retried by every release.
  runtime::spinlock lock_requests_lock;
  std::vector<lock_request> lock_requests;
  std::atomic<bool> lock_requests_waiting{false};

  // Members on other nodes: set while the window is made, before any member uses it; `remote` is null
  // for a member on this node. One member of each other node, for the calls that address whole nodes.
  void set_remote(std::vector<remote_member> members, std::vector<remote_member> nodes);
  const remote_member* remote(int rank) const noexcept {
    if (remote_.empty() || remote_[rank].job_rank < 0) [[likely]]
      return nullptr;
    return &remote_[rank];
  }
  std::span<const remote_member> other_nodes() const noexcept { return other_nodes_; }

 private:
  // address() for a dynamic window, where the displacement is an address.
  std::optional<std::byte*> attached_address(int target, std::ptrdiff_t disp, std::ptrdiff_t first,
                                             std::ptrdiff_t last);

  int size_;
  rma::flavor flavor_;
  std::unique_ptr<window_member[]> members_;
  window_memory contiguous_;
  std::vector<std::size_t> offsets_;
  std::vector<remote_member> remote_;  // by rank; empty on one node
  std::vector<remote_member> other_nodes_;
};

}  // namespace weft::rma
