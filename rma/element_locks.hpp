#pragma once
// The locks of elements no CPU atomic can change (long double, complex, most value-index pairs, and any
// element off its natural alignment): a fixed table of spinlocks, one chosen by hashing the element's
// address, so every accumulate and compare-and-swap that reaches an element takes the same lock. Two
// elements may share a lock; nobody holds two at once, so that only costs a little waiting.
//
// Holders never yield to the fiber scheduler: a critical section is one element's read, combine and
// write.

#include <cstddef>

#include "runtime/spinlock.hpp"

namespace weft::rma {

runtime::spinlock& lock_of(const std::byte* element) noexcept;

}  // namespace weft::rma
