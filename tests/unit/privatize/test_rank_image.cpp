// The run-time half of privatization without the pass: a module registered by hand, its copies per rank,
// and the exit handlers of a rank.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstring>
#include <vector>

#include "privatize/runtime/exit_handlers.hpp"
#include "privatize/runtime/module_registry.hpp"
#include "privatize/runtime/rank_image.hpp"

using namespace weft::privatize;

namespace {

// What the pass would put into a module's weft_priv section: a number and a pointer to it.
struct alignas(64) fake_image {
  int number = 42;
  int* pointer = &number;
  char tail[40] = "initial";
};
fake_image original;
const abi::reloc_record relocations[] = {{&original.pointer, &original}, {&original.pointer, &original}};
std::uint32_t module_index = 0;
std::uint32_t index_of_second_registration = 0;
// What it would put into the module's weft_zero section; written in this process before ranks start, so
// that a copy made from it rather than zeroed would show.
alignas(4096) std::byte zero_original[3 * 4096];
std::uint32_t zero_index = 0;

// What it would put into its weft_tpriv section: a thread-local number, and a pointer to the rank's number.
struct fake_thread_image {
  int number = 5;
  int* rank_number = &original.number;
};
fake_thread_image thread_original;
const abi::reloc_record thread_relocations[] = {{&thread_original.rank_number, &original}};
std::uint32_t thread_index = 0;

// Registered from a constructor, before main, as a module's registration constructor does; twice, as a
// module whose objects all carry the constructor could.
[[maybe_unused]] const bool registered = [] {
  auto* begin = reinterpret_cast<std::byte*>(&original);
  module_registry::instance().add(&module_index, {0, {begin, sizeof original}, false, false, {}, relocations});
  module_registry::instance().add(&zero_index, {0, zero_original, true, false, {}, {}});
  module_registry::instance().add(&index_of_second_registration, {0, {begin, sizeof original}, false, false, {}, {}});
  auto* thread_begin = reinterpret_cast<std::byte*>(&thread_original);
  module_registry::instance().add(&thread_index,
                                  {0, {thread_begin, sizeof thread_original}, false, true, {}, thread_relocations});
  zero_original[4097] = std::byte{7};
  return true;
}();

fake_image& copy_in(const rank_image& image) {
  return *reinterpret_cast<fake_image*>(reinterpret_cast<std::byte*>(&original) + image.deltas()[module_index]);
}

fake_thread_image& thread_copy_in(const rank_image& image) {
  return *reinterpret_cast<fake_thread_image*>(reinterpret_cast<std::byte*>(&thread_original) +
                                               image.deltas()[thread_index]);
}

}  // namespace

TEST_CASE("each rank image holds its own copy of a registered module") {
  REQUIRE(module_index == 1);
  rank_image first, second;
  fake_image& a = copy_in(first);
  fake_image& b = copy_in(second);
  CHECK(&a != &original);
  CHECK(&a != &b);
  CHECK(reinterpret_cast<std::uintptr_t>(&a) % alignof(fake_image) == 0);
  CHECK(a.number == 42);
  CHECK(std::strcmp(b.tail, "initial") == 0);
  a.number = 1;
  CHECK(b.number == 42);
  CHECK(original.number == 42);
}

TEST_CASE("a zero section is zeros in each rank image, at its own index and alignment") {
  REQUIRE(zero_index == 2);
  rank_image first, second;
  auto* a = reinterpret_cast<std::byte*>(zero_original) + first.deltas()[zero_index];
  auto* b = reinterpret_cast<std::byte*>(zero_original) + second.deltas()[zero_index];
  CHECK(a != zero_original);
  CHECK(a != b);
  CHECK(reinterpret_cast<std::uintptr_t>(a) % 4096 == 0);
  CHECK(std::all_of(a, a + sizeof zero_original, [](std::byte x) { return x == std::byte{0}; }));
  a[4097] = std::byte{1};
  CHECK(b[4097] == std::byte{0});
  CHECK(module_registry::instance().find(&zero_original[5]) != nullptr);
}

TEST_CASE("pointers in initial values point into the rank's own copy once") {
  rank_image image;
  fake_image& copy = copy_in(image);
  // Listed twice (two objects emitted the record): relocated once all the same.
  CHECK(copy.pointer == &copy.number);
  CHECK(original.pointer == &original.number);
}

TEST_CASE("the registry finds the module that holds an address and nothing else") {
  CHECK(index_of_second_registration == module_index);
  CHECK(module_registry::instance().modules().size() == 3);
  CHECK(module_registry::instance().find(&original.tail[3]) != nullptr);
  int elsewhere = 0;
  CHECK(module_registry::instance().find(&elsewhere) == nullptr);
}

TEST_CASE("a thread's image copies the thread-locals and reaches the rank's copies of the rest") {
  REQUIRE(thread_index == 3);
  rank_image rank;
  rank_image thread(rank_image::thread_of{rank}), other_thread(rank_image::thread_of{rank});
  fake_thread_image& rank_copy = thread_copy_in(rank);
  fake_thread_image& thread_copy = thread_copy_in(thread);
  CHECK(&rank_copy != &thread_copy);
  CHECK(&thread_copy != &thread_copy_in(other_thread));
  CHECK(thread_copy.number == 5);
  thread_copy.number = 6;
  CHECK(rank_copy.number == 5);
  CHECK(thread_copy_in(other_thread).number == 5);
  // Everything else is the rank's: the same copy of the module, and a pointer into it relocated to it.
  CHECK(&copy_in(thread) == &copy_in(rank));
  CHECK(thread.deltas()[zero_index] == rank.deltas()[zero_index]);
  CHECK(thread_copy.rank_number == &copy_in(rank).number);
  CHECK(rank_copy.rank_number == &copy_in(rank).number);
}

TEST_CASE("outside any rank the deltas are zero") {
  for (std::uint32_t i = 0; i < abi::max_modules; ++i) CHECK(rank_image::process_deltas[i] == 0);
}

TEST_CASE("exit handlers run thread-locals first and each list newest first") {
  static std::vector<int> order;
  order.clear();
  exit_handlers handlers;
  auto record = [](void* value) { order.push_back(static_cast<int>(reinterpret_cast<std::intptr_t>(value))); };
  handlers.at_exit(record, reinterpret_cast<void*>(1));
  handlers.at_exit(record, reinterpret_cast<void*>(2));
  handlers.at_thread_exit(record, reinterpret_cast<void*>(10));
  handlers.at_thread_exit(record, reinterpret_cast<void*>(11));
  handlers.run();
  CHECK(order == std::vector<int>{11, 10, 2, 1});
}

TEST_CASE("an exit handler registered by an exit handler runs too") {
  static exit_handlers handlers;
  static std::vector<int> order;
  order.clear();
  handlers.at_exit([](void*) { order.push_back(1); }, nullptr);
  handlers.at_exit(
      [](void*) {
        order.push_back(2);
        handlers.at_exit([](void*) { order.push_back(3); }, nullptr);
      },
      nullptr);
  handlers.run();
  CHECK(order == std::vector<int>{2, 3, 1});
}
