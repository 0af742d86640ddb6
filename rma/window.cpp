#include "rma/window.hpp"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <numeric>

namespace weft::rma {

window_memory window_memory::allocate(std::size_t bytes) {
  window_memory memory;
  if (bytes == 0) return memory;
  std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  memory.memory_.reset(static_cast<std::byte*>(std::aligned_alloc(alignment, rounded)));
  return memory;
}

void window_memory::release::operator()(std::byte* memory) const noexcept { std::free(memory); }

bool window_member::attach(region attached) {
  std::lock_guard guard(regions_lock_);
  auto after = std::upper_bound(regions_.begin(), regions_.end(), attached.base,
                                [](const std::byte* base, const region& r) { return base < r.base; });
  if (after != regions_.end() && attached.base + attached.size > after->base) return false;
  if (after != regions_.begin()) {
    const region& before = *(after - 1);
    if (before.base + before.size > attached.base) return false;
  }
  regions_.insert(after, attached);
  return true;
}

bool window_member::detach(const std::byte* attached_base) {
  std::lock_guard guard(regions_lock_);
  auto found = std::find_if(regions_.begin(), regions_.end(), [&](const region& r) { return r.base == attached_base; });
  if (found == regions_.end()) return false;
  regions_.erase(found);
  return true;
}

bool window_member::holds(const std::byte* first, std::size_t bytes) {
  std::lock_guard guard(regions_lock_);
  auto after = std::upper_bound(regions_.begin(), regions_.end(), first,
                                [](const std::byte* at, const region& r) { return at < r.base; });
  if (after == regions_.begin()) return false;
  // Regions attached side by side hold what spans them, as one would (MPICH's tests rely on it).
  const std::byte* end = first + bytes;
  const std::byte* covered = (after - 1)->base + (after - 1)->size;
  for (; covered < end && after != regions_.end() && after->base == covered; ++after) covered += after->size;
  return end <= covered;
}

window::window(int members, rma::flavor made_as)
    : size_(members), flavor_(made_as), members_(std::make_unique<window_member[]>(members)) {}

bool window::allocate_contiguous(std::span<const std::size_t> sizes) {
  offsets_.resize(sizes.size());
  std::exclusive_scan(sizes.begin(), sizes.end(), offsets_.begin(), std::size_t{0});
  std::size_t total = offsets_.empty() ? 0 : offsets_.back() + sizes.back();
  contiguous_ = window_memory::allocate(total);
  return total == 0 || contiguous_;
}

void window::set_remote(std::vector<remote_member> members, std::vector<remote_member> nodes) {
  remote_ = std::move(members);
  other_nodes_ = std::move(nodes);
}

std::optional<std::byte*> window::attached_address(int target, std::ptrdiff_t disp, std::ptrdiff_t first,
                                                   std::ptrdiff_t last) {
  auto* at = reinterpret_cast<std::byte*>(disp);
  if (first == last) return at;
  if (!members_[target].holds(at + first, static_cast<std::size_t>(last - first))) return std::nullopt;
  return at;
}

}  // namespace weft::rma
