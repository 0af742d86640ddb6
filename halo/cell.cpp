#include "halo/cell.hpp"

#include <algorithm>
#include <utility>

namespace weft::halo {

cell::cell(std::string label, shm::type_layout::pointer layout, std::size_t count, const cell_shape& shape)
    : label_(std::move(label)), layout_(std::move(layout)), count_(count), shape_(shape) {}

void cell::unbind() noexcept {
  role_ = role::unbound;
  access_ = access::view;
  copy_storage_.reset();
  copy_base_ = nullptr;
  view_ = nullptr;
  visible_ = false;
}

void cell::set_access(access mode) {
  access_ = mode;
  if (mode != access::copy || count_ == 0) return;
  // The bytes `count_` elements touch, from the lowest to the highest, whatever the signs of the bounds.
  std::ptrdiff_t last = static_cast<std::ptrdiff_t>(count_ - 1) * layout_->extent();
  std::ptrdiff_t low = std::min(layout_->true_lb(), last + layout_->true_lb());
  std::ptrdiff_t high = std::max(layout_->true_ub(), last + layout_->true_ub());
  copy_storage_ = std::make_unique<std::byte[]>(static_cast<std::size_t>(high - low));
  copy_base_ = copy_storage_.get() - low;
}

}  // namespace weft::halo
