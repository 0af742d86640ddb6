#pragma once
// Where one checked one-sided operation acts at its target, and the operation done there. A target on this
// node has its memory in this process: the origin's CPU does the operation during the call (a typed copy,
// or accumulate.hpp's under the locks of the target's pages), complete at the target when the call returns.
// A member on another node is reached by messages its node applies (remote_origin.hpp); the operation
// completes at the next synchronization, or when its own replies came. Callers locate the target and do
// the operation without asking which; only whether it is done in the call tells them how to complete a
// request.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <variant>

#include "rma/accumulate.hpp"
#include "rma/remote_origin.hpp"
#include "rma/window.hpp"
#include "shm/type_layout.hpp"
#include "shm/typed_copy.hpp"

namespace weft::rma {

// An access whose bytes [first, last) from the target's displacement lie outside its memory: outside the
// `size` bytes of its segment counted in units of `disp_unit`, or not inside memory it attached (a dynamic
// window's displacement is an address).
struct outside_target {
  std::ptrdiff_t first;
  std::ptrdiff_t last;
  int disp_unit;
  std::size_t size;
};

class target_place {
 public:
  // Window rank `target`'s `count` elements of `layout` from displacement `disp`, for `operation` (its name,
  // for WEFT_PROTO_INFO) by the caller, whose operations on other nodes `origin` counts. A member on another
  // node checks the range of a dynamic window itself.
  static std::variant<target_place, outside_target> locate(const char* operation, window& w, remote_origin& origin,
                                                           int target, std::ptrdiff_t disp,
                                                           const shm::type_layout* layout, std::size_t count);

  // Whether the operation is done, at the target too, when its call returns.
  bool done_in_call() const noexcept { return !remote_; }
  // A request-based operation on another node: its replies are counted in `group` as well.
  void count_replies_in(reply_group* group) noexcept { remote_->group = group; }

  void put(const shm::const_typed_span& data) const;
  // `into` is written when the operation is done; its layout is held until then.
  void get(const shm::typed_span& into, shm::type_layout::pointer hold) const;
  // `op_code` names the operation to another node (install_element_op_decoder); `data` is unused for no_op;
  // `result`, when given, receives what the target held, its layout held until it has.
  void accumulate(const shm::const_typed_span& data, std::uint32_t op_code, const element_op& op,
                  const shm::typed_span* result, shm::type_layout::pointer hold) const;
  // One element: `result` receives what the target held; `data` is unused for no_op.
  void fetch_and_op(const std::byte* data, std::byte* result, std::uint32_t op_code, const element_op& op) const;
  void compare_and_swap(const std::byte* value, const std::byte* compare, std::byte* result) const;

 private:
  target_place() = default;

  shm::typed_span local_;                // the target's elements in this process, on this node
  std::optional<remote_access> remote_;  // on another node
};

}  // namespace weft::rma
