#include "privatize/runtime/initialization.hpp"

#include <algorithm>
#include <mutex>
#include <ranges>
#include <tuple>
#include <vector>

#include "privatize/runtime/module_registry.hpp"

namespace weft::privatize {
namespace {

using function = void (*)();

struct ordered_functions {
  std::vector<function> constructors;
  std::vector<function> destructors;  // in the order they run

  static const ordered_functions& get() {
    static std::once_flag once;
    static ordered_functions functions;
    std::call_once(once, [] { functions.build(); });
    return functions;
  }

 private:
  void build() {
    // (priority, position in link order): sorting these keeps link order within a priority.
    std::vector<std::tuple<std::uint32_t, std::size_t, function>> constructor_order, destructor_order;
    for (const module_sections& module : module_registry::instance().modules())
      for (const abi::init_record& record : module.inits) {
        if (record.kind == abi::init_kind::constructor)
          constructor_order.emplace_back(record.priority, constructor_order.size(), record.function);
        if (record.kind == abi::init_kind::destructor)
          destructor_order.emplace_back(record.priority, destructor_order.size(), record.function);
      }
    std::ranges::sort(constructor_order);
    std::ranges::sort(destructor_order);
    for (const auto& entry : constructor_order) constructors.push_back(std::get<function>(entry));
    for (const auto& entry : destructor_order | std::views::reverse) destructors.push_back(std::get<function>(entry));
  }
};

}  // namespace

void run_constructors() {
  for (function constructor : ordered_functions::get().constructors) constructor();
}

void run_destructors() {
  for (function destructor : ordered_functions::get().destructors) destructor();
}

}  // namespace weft::privatize
