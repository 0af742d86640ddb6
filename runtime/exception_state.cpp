#include "runtime/exception_state.hpp"

namespace __cxxabiv1 {
extern "C" weft::runtime::exception_state* __cxa_get_globals() noexcept;
}

namespace weft::runtime {

exception_state& thread_exception_state() noexcept { return *__cxxabiv1::__cxa_get_globals(); }

}  // namespace weft::runtime
