#include "rma/target_place.hpp"

#include "runtime/path_report.hpp"

namespace weft::rma {

namespace {

void report_place(const char* operation, bool remote, std::size_t bytes) {
  if (remote)
    runtime::report_path("one-sided", operation, "to another node",
                         "%zu B: messages the target's node applies, done at the next synchronization", bytes);
  else
    runtime::report_path("one-sided", operation, "on this node",
                         "%zu B: done by the origin's CPU in the call, in the target's memory", bytes);
}

}  // namespace

std::variant<target_place, outside_target> target_place::locate(const char* operation, window& w, remote_origin& origin,
                                                                int target, std::ptrdiff_t disp,
                                                                const shm::type_layout* layout, std::size_t count) {
  auto [first, last] = layout->data_of(count);
  const remote_member* member = w.remote(target);
  if (runtime::reporting_paths()) [[unlikely]]
    report_place(operation, member != nullptr, count * layout->size());
  target_place place;
  if (member != nullptr) [[unlikely]] {
    std::int64_t displacement = disp;
    if (w.flavor() != flavor::dynamic) {
      std::optional<std::ptrdiff_t> offset = window::segment_offset(disp, member->disp_unit, member->size, first, last);
      if (!offset) return outside_target{first, last, member->disp_unit, member->size};
      displacement = *offset;
    }
    place.remote_.emplace(w, origin, target, displacement, layout, count);
    return place;
  }
  std::optional<std::byte*> address = w.address(target, disp, first, last);
  if (!address) {
    const window_member& member = w.member(target);
    return outside_target{first, last, member.disp_unit, member.size};
  }
  place.local_ = {*address, layout, count};
  return place;
}

void target_place::put(const shm::const_typed_span& data) const {
  if (remote_) [[unlikely]]
    return remote_put(*remote_, data);
  shm::typed_copy(local_, data, 0, data.bytes());
}

void target_place::get(const shm::typed_span& into, shm::type_layout::pointer hold) const {
  if (remote_) [[unlikely]]
    return remote_get(*remote_, into, std::move(hold));
  shm::typed_copy(into, shm::const_typed_span{local_.base, local_.layout, local_.count}, 0, into.bytes());
}

void target_place::accumulate(const shm::const_typed_span& data, std::uint32_t op_code, const element_op& op,
                              const shm::typed_span* result, shm::type_layout::pointer hold) const {
  if (remote_) [[unlikely]]
    return remote_accumulate(*remote_, data, op_code, op, result, std::move(hold));
  rma::accumulate(local_, data, result, op);
}

void target_place::fetch_and_op(const std::byte* data, std::byte* result, std::uint32_t op_code,
                                const element_op& op) const {
  if (remote_) [[unlikely]] {
    shm::typed_span fetched{result, remote_->layout, 1};
    shm::const_typed_span given{data, remote_->layout, op.what == element_op::kind::no_op ? 0u : 1u};
    return remote_accumulate(*remote_, given, op_code, op, &fetched, nullptr);
  }
  rma::fetch_and_op(local_.base, data, result, op);
}

void target_place::compare_and_swap(const std::byte* value, const std::byte* compare, std::byte* result) const {
  if (remote_) [[unlikely]]
    return remote_compare_and_swap(*remote_, value, compare, result);
  rma::compare_and_swap(local_.base, value, compare, result, local_.layout->size());
}

}  // namespace weft::rma
