#pragma once
// A halo cell: `count` elements of a datatype layout, named by a label. Bound to an exchange, it is either
// local (its owner's data, which the owner points it at before each exchange) or remote (what a reader
// sees of a peer's local cell after each exchange: the owner's own pointer, or a copy the cell owns).

#include <cstddef>
#include <memory>
#include <string>

#include "halo/cell_shape.hpp"
#include "halo/peer_access.hpp"
#include "shm/type_layout.hpp"
#include "shm/typed_copy.hpp"

namespace weft::halo {

enum class role { unbound, local, remote };

// Labels travel in the commit's messages; longer ones are refused when the cell is made.
inline constexpr std::size_t max_label_length = 127;

class cell {
 public:
  cell(std::string label, shm::type_layout::pointer layout, std::size_t count, const cell_shape& shape);

  const std::string& label() const noexcept { return label_; }
  const cell_shape& shape() const noexcept { return shape_; }
  role bound_as() const noexcept { return role_; }

  void bind(role as) noexcept { role_ = as; }
  // Back to unbound, as when its exchange is released: the view ends and the copy goes.
  void unbind() noexcept;

  // A local cell: the owner's data for the next exchanges; null until set.
  void set_data(void* data) noexcept { data_ = data; }
  void* data() const noexcept { return data_; }
  shm::const_typed_span data_span() const noexcept {
    return {static_cast<const std::byte*>(data_), layout_.get(), count_};
  }

  // A remote cell, once its exchange is committed: how it reads its owner's cell. A copy gets its buffer
  // at once, packed: the data of the cell's elements one after the other, without the gaps of either
  // side's datatype (a strided column of the owner arrives as a dense one).
  void set_access(access mode);
  access access_mode() const noexcept { return access_; }
  shm::typed_span copy_room() noexcept { return shm::byte_span(copy_storage_.get(), count_ * layout_->size()); }

  // What the last completed exchange shows: the owner's pointer, or the copy. None is valid before the
  // first exchange, nor from the start of each exchange to its completion.
  void show(void* owner_data) noexcept {
    view_ = access_ == access::view ? owner_data : copy_storage_.get();
    visible_ = true;
  }
  void hide() noexcept { visible_ = false; }
  bool has_view() const noexcept { return visible_; }
  void* view() const noexcept { return view_; }

 private:
  std::string label_;
  shm::type_layout::pointer layout_;
  std::size_t count_;
  cell_shape shape_;
  role role_ = role::unbound;
  void* data_ = nullptr;
  access access_ = access::view;
  std::unique_ptr<std::byte[]> copy_storage_;
  void* view_ = nullptr;
  bool visible_ = false;
};

}  // namespace weft::halo
