#include "halo/cell.hpp"

#include <utility>

namespace weft::halo {

cell::cell(std::string label, shm::type_layout::pointer layout, std::size_t count, const cell_shape& shape)
    : label_(std::move(label)), layout_(std::move(layout)), count_(count), shape_(shape) {}

void cell::unbind() noexcept {
  role_ = role::unbound;
  access_ = access::view;
  copy_storage_.reset();
  view_ = nullptr;
  visible_ = false;
}

void cell::set_access(access mode) {
  access_ = mode;
  if (mode != access::copy || count_ == 0) return;
  copy_storage_ = std::make_unique<std::byte[]>(count_ * layout_->size());
}

}  // namespace weft::halo
