#include "runtime/exception_state.hpp"

#include <utility>

namespace __cxxabiv1 {
extern "C" weft::runtime::exception_state* __cxa_get_globals() noexcept;
}

namespace weft::runtime {

void swap_exception_state(exception_state& saved) noexcept {
  exception_state* current = __cxxabiv1::__cxa_get_globals();
  std::swap(*current, saved);
}

}  // namespace weft::runtime
