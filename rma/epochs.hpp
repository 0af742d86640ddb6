#pragma once
// The epochs one member has open on a window (MPI-3.1, 11.5): which targets its operations may reach now,
// and which synchronization calls are allowed. Each member keeps its own; the checks of the MPI calls ask
// it, and a call that is allowed records what it opened or closed.
//
// A fence opens an access and exposure epoch that lasts until the next fence, unless that one says
// MPI_MODE_NOSUCCEED. An open fence epoch in which nothing happened yet does not stand in the way of
// another kind of epoch: programs commonly fence once more after their last fence-synchronized operations
// and then lock (MPICH and Open MPI allow it too), so starting another epoch closes it.

#include <algorithm>
#include <span>
#include <unordered_map>
#include <vector>

#include "rma/passive_target.hpp"

namespace weft::rma {

class epochs {
 public:
  // Whether an operation may target `target` now, and whether a request-based one may (only passive
  // target epochs allow those).
  bool reaches(int target) const noexcept {
    if (lock_all_ || fence_open_) [[likely]]
      return true;
    return reaches_singly(target);
  }
  bool reaches_passively(int target) const noexcept {
    if (lock_all_) [[likely]]
      return true;
    return locks_.contains(target);
  }
  bool in_passive_epoch() const noexcept { return lock_all_ || !locks_.empty(); }

  // Fence: not inside a lock, lock_all, start or post epoch.
  bool may_fence() const noexcept { return !lock_all_ && locks_.empty() && !accessing() && !exposing_; }
  void fence(bool succeeded_by_epoch) noexcept { fence_open_ = succeeded_by_epoch; }

  // A passive target epoch: the lock's kind, and whether it was taken (not under MPI_MODE_NOCHECK,
  // which promises that no conflicting lock is ever asked for).
  struct held_lock {
    lock_kind kind;
    bool taken;
  };

  bool may_lock(int target) const noexcept { return !lock_all_ && !accessing() && !locks_.contains(target); }
  void lock(int target, held_lock held) {
    fence_open_ = false;
    locks_.emplace(target, held);
  }
  // The lock held on `target`, or null when none is.
  const held_lock* lock_of(int target) const noexcept {
    auto found = locks_.find(target);
    return found == locks_.end() ? nullptr : &found->second;
  }
  void unlock(int target) noexcept { locks_.erase(target); }

  bool may_lock_all() const noexcept { return !lock_all_ && locks_.empty() && !accessing(); }
  bool holds_lock_all() const noexcept { return lock_all_; }
  bool lock_all_taken() const noexcept { return lock_all_taken_; }
  void lock_all(bool taken) noexcept {
    fence_open_ = false;
    lock_all_ = true;
    lock_all_taken_ = taken;
  }
  void unlock_all() noexcept { lock_all_ = false; }

  // General active target: an access epoch to a group of targets, an exposure epoch to a group of origins.
  bool accessing() const noexcept { return accessing_; }
  bool may_start() const noexcept { return !accessing_ && !lock_all_ && locks_.empty(); }
  void start(std::vector<int> targets) {
    fence_open_ = false;
    accessing_ = true;
    access_group_ = std::move(targets);
    std::sort(access_group_.begin(), access_group_.end());
  }
  std::span<const int> access_group() const noexcept { return access_group_; }
  void complete() noexcept {
    accessing_ = false;
    access_group_.clear();
  }

  bool exposing() const noexcept { return exposing_; }
  void post(int origins) noexcept {
    fence_open_ = false;
    exposing_ = true;
    exposed_to_ = origins;
  }
  int exposed_to() const noexcept { return exposed_to_; }
  void end_exposure() noexcept { exposing_ = false; }

  // Freeing the window: no epoch but a fence's may be open.
  bool may_free() const noexcept { return !lock_all_ && locks_.empty() && !accessing_ && !exposing_; }

 private:
  // Through a lock of its own or a start epoch that names it.
  bool reaches_singly(int target) const noexcept {
    return locks_.contains(target) || std::binary_search(access_group_.begin(), access_group_.end(), target);
  }

  bool fence_open_ = false;
  bool lock_all_ = false;
  bool lock_all_taken_ = false;
  bool accessing_ = false;
  bool exposing_ = false;
  int exposed_to_ = 0;
  std::vector<int> access_group_;  // sorted
  std::unordered_map<int, held_lock> locks_;
};

}  // namespace weft::rma
