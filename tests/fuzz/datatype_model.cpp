#include "datatype_model.hpp"

#include <algorithm>
#include <limits>

namespace weft::fuzz {

std::size_t model_type::size() const noexcept {
  std::size_t bytes = 0;
  for (const typemap_entry& e : map) bytes += e.size;
  return bytes;
}

std::ptrdiff_t model_type::true_lb() const noexcept {
  std::ptrdiff_t low = map.empty() ? 0 : map.front().offset;
  for (const typemap_entry& e : map) low = std::min(low, e.offset);
  return low;
}

std::ptrdiff_t model_type::true_ub() const noexcept {
  std::ptrdiff_t high = map.empty() ? 0 : map.front().offset + static_cast<std::ptrdiff_t>(map.front().size);
  for (const typemap_entry& e : map) high = std::max(high, e.offset + static_cast<std::ptrdiff_t>(e.size));
  return high;
}

model_type model_unknown() {
  model_type m;
  m.known = false;
  return m;
}

model_type model_basic(std::size_t size, std::size_t alignment, MPI_Datatype basic) {
  model_type m;
  m.map.push_back({0, size, alignment, basic});
  m.ub = static_cast<std::ptrdiff_t>(size);
  m.alignment = alignment;
  return m;
}

model_type model_pair(const model_type& value, const model_type& index) {
  model_builder builder(true);
  builder.add(value, 0);
  auto align = static_cast<std::ptrdiff_t>(index.alignment);
  builder.add(index, (value.ub + align - 1) / align * align);
  return builder.finish();
}

void model_builder::add(const model_type& old, wide_offset wide_displacement) {
  if (!old.known || result_.map.size() + old.map.size() > max_model_entries || wide_displacement > max_model_offset ||
      wide_displacement < -max_model_offset)
    result_.known = false;
  if (!result_.known) return;
  const auto displacement = static_cast<std::ptrdiff_t>(wide_displacement);
  // A type without data or markers adds nothing, not even bounds.
  if (old.map.empty() && !old.sticky_lb && !old.sticky_ub) return;
  lb_ = any_bounds_ ? std::min(lb_, old.lb + displacement) : old.lb + displacement;
  ub_ = any_bounds_ ? std::max(ub_, old.ub + displacement) : old.ub + displacement;
  any_bounds_ = true;
  if (old.sticky_lb)
    sticky_lb_ = result_.sticky_lb ? std::min(sticky_lb_, old.lb + displacement) : old.lb + displacement;
  if (old.sticky_ub)
    sticky_ub_ = result_.sticky_ub ? std::max(sticky_ub_, old.ub + displacement) : old.ub + displacement;
  result_.sticky_lb |= old.sticky_lb;
  result_.sticky_ub |= old.sticky_ub;
  if (!old.map.empty()) result_.alignment = std::max(result_.map.empty() ? 1 : result_.alignment, old.alignment);
  for (typemap_entry e : old.map) {
    e.offset += displacement;
    result_.map.push_back(e);
  }
}

model_type model_builder::finish() {
  model_type& m = result_;
  m.lb = m.sticky_lb ? sticky_lb_ : lb_;
  m.ub = m.sticky_ub ? sticky_ub_ : ub_;
  if (pads_ && !m.sticky_lb && !m.sticky_ub) {
    auto alignment = static_cast<std::ptrdiff_t>(m.alignment);
    if (std::ptrdiff_t excess = m.extent() % alignment; excess != 0) m.ub += alignment - excess;
  }
  return std::move(m);
}

model_type model_resized(const model_type& old, std::ptrdiff_t lb, std::ptrdiff_t extent) {
  model_type m = old;
  m.lb = lb;
  m.ub = lb + extent;
  m.sticky_lb = m.sticky_ub = true;
  return m;
}

std::optional<model_type> model_array_part(std::span<const int> sizes, std::span<const std::vector<int>> selected,
                                           int order, const model_type& element) {
  const std::size_t ndims = sizes.size();
  std::size_t elements = 1;
  for (const std::vector<int>& indices : selected) {
    elements *= indices.size();
    if (elements > max_model_entries) return std::nullopt;
  }
  // Bytes between consecutive indices of each dimension.
  std::vector<std::ptrdiff_t> strides(ndims);
  std::ptrdiff_t stride = element.extent();
  for (std::size_t i = 0; i < ndims; ++i) {
    std::size_t d = order == MPI_ORDER_C ? ndims - 1 - i : i;
    strides[d] = stride;
    if (__builtin_mul_overflow(stride, sizes[d], &stride) || stride > max_model_offset || stride < -max_model_offset)
      return std::nullopt;
  }
  model_builder builder(false);
  // Every selected index tuple in array order: the last dimension fastest in C order, the first in Fortran's.
  std::vector<std::size_t> at(ndims, 0);
  for (std::size_t n = 0; n < elements; ++n) {
    wide_offset offset = 0;
    for (std::size_t d = 0; d < ndims; ++d) offset += static_cast<wide_offset>(selected[d][at[d]]) * strides[d];
    builder.add(element, offset);
    for (std::size_t i = 0; i < ndims; ++i) {
      std::size_t d = order == MPI_ORDER_C ? ndims - 1 - i : i;
      if (++at[d] < selected[d].size()) break;
      at[d] = 0;
    }
  }
  return model_resized(builder.finish(), 0, stride);
}

}  // namespace weft::fuzz
