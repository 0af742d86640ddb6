// The element-wise accumulate engine (rma/accumulate.hpp) against the predefined kernels applied
// serially, element by element, on buffers whose every byte is compared, so gaps and padding left
// untouched are checked too; then its atomicity under threads racing on one element.

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "mpi_api/reduce_kernels.hpp"
#include "rma/accumulate.hpp"
#include "runtime/cpu_relax.hpp"

using namespace weft;
using kind = rma::element_op::kind;
using shm::type_layout;

namespace {

struct run {
  std::size_t offset, length;
};

// A basic type as the tests see it: its layout, where its data lies, the kernels, and values.
struct basic_type {
  std::string name;
  type_layout::pointer layout;
  std::vector<run> data;                       // the data bytes of one element, written out by hand
  shm::reduce_function combine;                // what `combine` is tested with
  std::function<void(std::byte*, int)> store;  // stores value number i's data at an element

  std::size_t extent() const { return static_cast<std::size_t>(layout->extent()); }
  void copy_data(std::byte* to, const std::byte* from) const {
    for (run r : data) std::memcpy(to + r.offset, from + r.offset, r.length);
  }
};

template <class T>
void store_data(std::byte* at, const T& value, const std::vector<run>& data) {
  for (run r : data) std::memcpy(at + r.offset, reinterpret_cast<const std::byte*>(&value) + r.offset, r.length);
}

// An integer or floating type.
template <class T>
basic_type scalar(std::string name, shm::reduce_function combine) {
  std::vector<run> data{{0, sizeof(T)}};
  return {name, type_layout::basic(sizeof(T), alignof(T)), data, combine,
          [data](std::byte* at, int i) { store_data(at, static_cast<T>(i % 23 - 7), data); }};
}

basic_type complex_double() {
  using T = std::complex<double>;
  std::vector<run> data{{0, sizeof(T)}};
  return {"complex double", type_layout::basic(sizeof(T), alignof(T)), data, mpi::apply<T, mpi::sum_of>,
          [data](std::byte* at, int i) { store_data(at, T(i % 13 - 4.5, 0.25 * (i % 7)), data); }};
}

// A value-index pair as MPI_DOUBLE_INT and MPI_SHORT_INT are, under MAXLOC (values repeat, so ties
// are decided by the index).
template <class V>
basic_type pair(std::string name) {
  using T = mpi::value_index<V>;
  std::vector<run> data{{0, sizeof(V)}, {offsetof(T, index), sizeof(int)}};
  return {name, type_layout::basic_pair(sizeof(V), alignof(V)), data, mpi::apply<T, mpi::located<std::greater<>>>,
          [data](std::byte* at, int i) { store_data(at, T{static_cast<V>(i % 5), i % 11}, data); }};
}

std::vector<basic_type> every_type() {
  return {scalar<int>("int", mpi::apply<int, mpi::max_of>),
          scalar<unsigned char>("unsigned char", mpi::apply<unsigned char, mpi::bit_xor>),
          scalar<std::int64_t>("int64", mpi::apply<std::int64_t, mpi::product_of>),
          scalar<float>("float", mpi::apply<float, mpi::sum_of>),
          scalar<double>("double", mpi::apply<double, mpi::sum_of>),
          scalar<long double>("long double", mpi::apply<long double, mpi::sum_of>),
          complex_double(),
          pair<double>("double-int"),
          pair<short>("short-int")};
}

constexpr kind every_kind[] = {kind::replace, kind::no_op, kind::combine};

const char* name_of(kind k) {
  switch (k) {
    case kind::replace:
      return "replace";
    case kind::no_op:
      return "no_op";
    case kind::combine:
      return "combine";
  }
  return "?";
}

rma::element_op op_of(kind k, const basic_type& t) {
  return {k, k == kind::combine ? t.combine : nullptr, t.layout.get()};
}

// A derived layout of the basic type and where its basic elements lie, from the standard's definition.
struct placement {
  type_layout::pointer layout;
  std::vector<std::ptrdiff_t> elements;  // origins of one element's basic elements, in signature order
};

placement plain(const basic_type& t) { return {t.layout, {0}}; }

// hvector: `count` blocks of `blocklength` elements, `stride` elements apart.
placement strided(const basic_type& t, std::size_t count, std::size_t blocklength, std::ptrdiff_t stride) {
  auto extent = static_cast<std::ptrdiff_t>(t.extent());
  placement p{type_layout::hvector(count, blocklength, stride * extent, t.layout), {}};
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t j = 0; j < blocklength; ++j)
      p.elements.push_back(static_cast<std::ptrdiff_t>(i) * stride * extent + static_cast<std::ptrdiff_t>(j) * extent);
  return p;
}

// hindexed, displacements in elements.
placement indexed(const basic_type& t, std::vector<std::size_t> lengths, std::vector<std::ptrdiff_t> displacements) {
  auto extent = static_cast<std::ptrdiff_t>(t.extent());
  std::vector<std::ptrdiff_t> bytes;
  for (std::ptrdiff_t d : displacements) bytes.push_back(d * extent);
  placement p{type_layout::hindexed(lengths, bytes, t.layout), {}};
  for (std::size_t i = 0; i < lengths.size(); ++i)
    for (std::size_t j = 0; j < lengths[i]; ++j)
      p.elements.push_back(bytes[i] + static_cast<std::ptrdiff_t>(j) * extent);
  return p;
}

placement contiguous(const basic_type& t, std::size_t count) {
  placement p{type_layout::contiguous(count, t.layout), {}};
  for (std::size_t e = 0; e < count; ++e) p.elements.push_back(static_cast<std::ptrdiff_t>(e * t.extent()));
  return p;
}

// `count` elements of a placement, `misalign` bytes past an address aligned to 64, in a buffer of
// random bytes with room on both sides; every basic element holds a value.
struct buffer {
  struct alignas(64) line {
    std::byte bytes[64];
  };
  static constexpr std::ptrdiff_t margin = 64;
  std::vector<line> storage;
  std::ptrdiff_t origin_at = 0;
  const type_layout* layout;
  std::size_t count;
  std::vector<std::ptrdiff_t> elements;  // every basic element's origin, in signature order

  buffer(const placement& p, std::size_t count_, std::size_t misalign, const basic_type& t, unsigned seed)
      : layout(p.layout.get()), count(count_) {
    for (std::size_t r = 0; r < count; ++r)
      for (std::ptrdiff_t e : p.elements) elements.push_back(static_cast<std::ptrdiff_t>(r) * layout->extent() + e);
    std::ptrdiff_t low = 0, high = 0;
    for (std::ptrdiff_t e : elements) {
      low = std::min(low, e);
      high = std::max(high, e + static_cast<std::ptrdiff_t>(t.extent()));
    }
    origin_at = (margin - low + 63) / 64 * 64 + static_cast<std::ptrdiff_t>(misalign);
    storage.resize(static_cast<std::size_t>(origin_at + high + margin + 63) / 64);
    std::mt19937 random(seed);
    for (line& l : storage)
      for (std::byte& b : l.bytes) b = static_cast<std::byte>(random());
    for (std::size_t k = 0; k < elements.size(); ++k) t.store(element(k), static_cast<int>(random() % 1000));
  }

  std::byte* origin() { return storage.front().bytes + origin_at; }
  std::byte* element(std::size_t k) { return origin() + elements[k]; }
  shm::typed_span span() { return {origin(), layout, count}; }
  std::vector<std::byte> contents() const {
    const std::byte* first = storage.front().bytes;
    return {first, first + storage.size() * sizeof(line)};
  }
};

// What the engine must do to each element, done serially with the kernels.
void apply_serially(kind k, const basic_type& t, std::byte* target, const std::byte* operand, std::byte* old) {
  if (old != nullptr) t.copy_data(old, target);
  if (k == kind::no_op) return;
  if (k == kind::replace) {
    t.copy_data(target, operand);
    return;
  }
  alignas(64) std::byte in[64], inout[64];
  t.copy_data(in, operand);
  t.copy_data(inout, target);
  t.combine(in, inout, 1, nullptr);
  t.copy_data(target, inout);
}

// Runs one accumulate and checks every byte of target, origin and result against the serial model.
void check_accumulate(kind k, const basic_type& t, buffer target, buffer origin, buffer* result) {
  INFO(t.name << ", " << name_of(k) << ", " << target.elements.size() << " elements, result "
              << (result != nullptr ? "kept" : "dropped"));
  REQUIRE(origin.elements.size() == target.elements.size());
  buffer expected_target = target;
  std::vector<std::byte> origin_before = origin.contents();
  std::vector<std::byte> expected_result;
  if (result != nullptr) {
    buffer expected = *result;
    for (std::size_t e = 0; e < target.elements.size(); ++e)
      apply_serially(k, t, expected_target.element(e), origin.element(e), expected.element(e));
    expected_result = expected.contents();
  } else {
    for (std::size_t e = 0; e < target.elements.size(); ++e)
      apply_serially(k, t, expected_target.element(e), origin.element(e), nullptr);
  }
  shm::typed_span result_span = result != nullptr ? result->span() : shm::typed_span{};
  rma::accumulate(target.span(), origin.span(), result != nullptr ? &result_span : nullptr, op_of(k, t));
  CHECK(target.contents() == expected_target.contents());
  CHECK(origin.contents() == origin_before);
  if (result != nullptr) CHECK(result->contents() == expected_result);
}

}  // namespace

TEST_CASE("accumulate: every kind on every basic type, contiguous, aligned and not", "[rma]") {
  for (const basic_type& t : every_type()) {
    for (kind k : every_kind) {
      for (std::size_t misalign : {0, 1, 4}) {
        INFO("target " << misalign << " bytes off alignment");
        buffer result(plain(t), 37, misalign, t, 3);
        check_accumulate(k, t, buffer(plain(t), 37, misalign, t, 1), buffer(plain(t), 37, 0, t, 2), &result);
        check_accumulate(k, t, buffer(plain(t), 37, misalign, t, 4), buffer(plain(t), 37, 3, t, 5), nullptr);
      }
    }
  }
}

TEST_CASE("accumulate: an origin overlapping its target combines the origin as it was", "[rma]") {
  // Contiguous and aligned on both sides, the case in which the kernels read the origin in place: ints
  // 0..47, target 8..47, origin 0..39, so the operands of all but the first 8 elements are elements the
  // accumulate changes before it reaches them.
  basic_type t = scalar<int>("int", mpi::apply<int, mpi::sum_of>);
  std::vector<int> values(48);
  for (int i = 0; i < 48; ++i) values[static_cast<std::size_t>(i)] = 3 * i + 1;
  std::vector<int> expected = values;
  for (std::size_t i = 0; i < 40; ++i) expected[i + 8] = values[i] + values[i + 8];
  auto* bytes = reinterpret_cast<std::byte*>(values.data());
  rma::accumulate({bytes + 8 * sizeof(int), t.layout.get(), 40}, shm::const_typed_span{bytes, t.layout.get(), 40},
                  nullptr, op_of(kind::combine, t));
  CHECK(values == expected);
}

TEST_CASE("accumulate: strided and indexed layouts on each side, counts 0, 1 and many chunks", "[rma]") {
  for (const basic_type& t : every_type()) {
    // Each placement holds 12 basic elements.
    std::vector<placement> placements = {
        strided(t, 4, 3, 5),               // blocks of 3 with gaps of 2
        indexed(t, {5, 1, 6}, {0, 7, 9}),  // uneven blocks
        strided(t, 12, 1, -2),             // every other element, backwards
        contiguous(t, 12),
    };
    for (std::size_t count : {0, 1, 100}) {
      for (std::size_t a = 0; a < placements.size(); ++a) {
        const placement& to = placements[a];
        const placement& from = placements[(a + 1) % placements.size()];
        const placement& into = placements[(a + 2) % placements.size()];
        for (kind k : every_kind) {
          INFO("layouts " << a << ", " << (a + 1) % placements.size() << ", " << (a + 2) % placements.size()
                          << "; count " << count);
          buffer result(into, count, 0, t, 13);
          check_accumulate(k, t, buffer(to, count, 0, t, 11), buffer(from, count, 0, t, 12), &result);
        }
      }
    }
  }
}

TEST_CASE("fetch_and_op: every kind on every basic type, aligned and not", "[rma]") {
  for (const basic_type& t : every_type()) {
    for (kind k : every_kind) {
      for (std::size_t misalign : {0, 1, 4}) {
        INFO(t.name << ", " << name_of(k) << ", target " << misalign << " bytes off alignment");
        buffer target(plain(t), 1, misalign, t, 21), origin(plain(t), 1, 1, t, 22), result(plain(t), 1, 3, t, 23);
        buffer expected_target = target, expected_result = result;
        std::vector<std::byte> origin_before = origin.contents();
        apply_serially(k, t, expected_target.element(0), origin.element(0), expected_result.element(0));
        rma::fetch_and_op(target.element(0), origin.element(0), result.element(0), op_of(k, t));
        CHECK(target.contents() == expected_target.contents());
        CHECK(result.contents() == expected_result.contents());
        CHECK(origin.contents() == origin_before);
      }
    }
  }
}

TEST_CASE("fetch_and_op with no_op reads no origin", "[rma]") {
  basic_type t = scalar<std::int64_t>("int64", nullptr);
  std::int64_t target = 42, result = 0;
  rma::fetch_and_op(reinterpret_cast<std::byte*>(&target), nullptr, reinterpret_cast<std::byte*>(&result),
                    op_of(kind::no_op, t));
  CHECK(result == 42);
  CHECK(target == 42);
}

TEST_CASE("compare_and_swap: sizes 1, 2, 4 and 8, aligned and not, equal and not", "[rma]") {
  for (std::size_t size : {1, 2, 4, 8}) {
    for (std::size_t misalign : {0, 1, 3}) {
      INFO(size << " bytes, " << misalign << " off alignment");
      alignas(16) std::byte memory[32];
      std::byte* target = memory + 8 + misalign;
      std::uint64_t held = 0x1122334455667788u, compare = held, desired = 0x0102030405060708u, other = 7;
      std::uint64_t result = 0;
      std::memset(memory, 0xee, sizeof memory);
      std::memcpy(target, &held, size);
      // Equal: swapped.
      rma::compare_and_swap(target, reinterpret_cast<std::byte*>(&desired), reinterpret_cast<std::byte*>(&compare),
                            reinterpret_cast<std::byte*>(&result), size);
      CHECK(std::memcmp(&result, &held, size) == 0);
      CHECK(std::memcmp(target, &desired, size) == 0);
      // Not equal: kept, and the result says what is there.
      result = 0;
      rma::compare_and_swap(target, reinterpret_cast<std::byte*>(&other), reinterpret_cast<std::byte*>(&compare),
                            reinterpret_cast<std::byte*>(&result), size);
      CHECK(std::memcmp(&result, &desired, size) == 0);
      CHECK(std::memcmp(target, &desired, size) == 0);
      // Neighbours untouched.
      for (std::byte* b = memory; b != memory + sizeof memory; ++b)
        if (b < target || b >= target + size) CHECK(*b == std::byte{0xee});
    }
  }
}

namespace {

constexpr int threads = 4;
constexpr std::size_t least_calls = 1000;
constexpr std::size_t most_calls = std::size_t{1} << 22;  // per thread: bounds the marks of seen values
constexpr auto race_time = std::chrono::milliseconds(300);

// Calls op(thread) on 4 threads released together, each at least least_calls times and on until
// race_time has passed since its release; returns how many calls they made in all. A thousand calls
// take microseconds, and on a busy 2-core machine 4 threads making them mostly run one after another:
// taking the time makes them overlap, so a missing atomic loses updates every time it was tried.
std::size_t race(const std::function<void(int)>& op) {
  std::atomic<int> ready{0};
  std::atomic<std::size_t> total{0};
  std::vector<std::thread> running;
  for (int i = 0; i < threads; ++i)
    running.emplace_back([&, i] {
      ready.fetch_add(1);
      while (ready.load() < threads) runtime::cpu_relax();  // not yielding: those released are on a core
      const auto end = std::chrono::steady_clock::now() + race_time;
      std::size_t calls = 0;
      while (calls < least_calls ||
             (calls < most_calls && (calls % 256 != 0 || std::chrono::steady_clock::now() < end))) {
        op(i);
        ++calls;
      }
      total.fetch_add(calls);
    });
  for (std::thread& t : running) t.join();
  return total.load();
}

// Values seen by the threads, each of which must be seen once: marks in a bitmap.
class once_each {
 public:
  void see(std::size_t value) {
    if (value >= marks_.size() * 64) {
      misses_.fetch_add(1);
      return;
    }
    std::uint64_t bit = std::uint64_t{1} << (value % 64);
    if ((marks_[value / 64].fetch_or(bit) & bit) != 0) misses_.fetch_add(1);
  }
  // Values seen twice or out of range.
  std::size_t misses() const { return misses_.load(); }

 private:
  std::vector<std::atomic<std::uint64_t>> marks_ = std::vector<std::atomic<std::uint64_t>>(threads * most_calls / 64);
  std::atomic<std::size_t> misses_{0};
};

// One element of T, `misalign` bytes off its alignment (0: on it).
template <class T>
struct shared_element {
  alignas(64) std::byte memory[64]{};
  std::size_t misalign;
  explicit shared_element(std::size_t misalign_ = 0) : misalign(misalign_) {}
  std::byte* at() { return memory + misalign; }
  T value() {
    T v;
    std::memcpy(&v, at(), sizeof v);
    return v;
  }
};

// The threads add 1 with accumulate, then with fetch_and_op: the sums are exact, and every
// fetch_and_op saw a value no other saw.
template <class T>
void check_concurrent_sums(const basic_type& t, kind k, std::size_t misalign) {
  shared_element<T> element(misalign);
  const T one = 1;
  const auto* operand = reinterpret_cast<const std::byte*>(&one);
  const rma::element_op op = op_of(k, t);
  std::size_t calls =
      race([&](int) { rma::accumulate({element.at(), t.layout.get(), 1}, {operand, t.layout.get(), 1}, nullptr, op); });
  CHECK(element.value() == T(calls));

  std::memset(element.at(), 0, sizeof(T));
  once_each seen;
  calls = race([&](int) {
    T old;
    rma::fetch_and_op(element.at(), operand, reinterpret_cast<std::byte*>(&old), op);
    seen.see(static_cast<std::size_t>(old));
  });
  CHECK(element.value() == T(calls));
  CHECK(seen.misses() == 0);
}

}  // namespace

TEST_CASE("concurrent integer sums on one int64, aligned and not", "[rma][threads]") {
  basic_type t = scalar<std::int64_t>("int64", mpi::apply<std::int64_t, mpi::sum_of>);
  check_concurrent_sums<std::int64_t>(t, kind::combine, 0);
  check_concurrent_sums<std::int64_t>(t, kind::combine, 3);
}

TEST_CASE("concurrent double sums", "[rma][threads]") {
  check_concurrent_sums<double>(scalar<double>("double", mpi::apply<double, mpi::sum_of>), kind::combine, 0);
}

TEST_CASE("concurrent long double sums", "[rma][threads]") {
  check_concurrent_sums<long double>(scalar<long double>("long double", mpi::apply<long double, mpi::sum_of>),
                                     kind::combine, 0);
}

namespace {

// Adds 1 by compare-and-swap until it takes: reads the value, proposes value + 1.
void increment_by_swap(std::byte* at, const rma::element_op& read) {
  std::int64_t seen = 0, proposed = 0, found = 0;
  rma::fetch_and_op(at, nullptr, reinterpret_cast<std::byte*>(&seen), read);
  for (;;) {
    proposed = seen + 1;
    rma::compare_and_swap(at, reinterpret_cast<const std::byte*>(&proposed), reinterpret_cast<const std::byte*>(&seen),
                          reinterpret_cast<std::byte*>(&found), sizeof found);
    if (found == seen) return;
    seen = found;
  }
}

}  // namespace

TEST_CASE("fetch_and_op, accumulate and compare_and_swap mixed on one int64 keep its sum", "[rma][threads]") {
  basic_type t = scalar<std::int64_t>("int64", mpi::apply<std::int64_t, mpi::sum_of>);
  for (std::size_t misalign : {0, 3}) {
    INFO(misalign << " bytes off alignment");
    shared_element<std::int64_t> element(misalign);
    const std::int64_t one = 1;
    const auto* operand = reinterpret_cast<const std::byte*>(&one);
    std::size_t calls = race([&](int thread) {
      std::int64_t old = 0;
      switch (thread) {
        case 0:
          rma::fetch_and_op(element.at(), operand, reinterpret_cast<std::byte*>(&old), op_of(kind::combine, t));
          break;
        case 1:
          rma::accumulate({element.at(), t.layout.get(), 1}, {operand, t.layout.get(), 1}, nullptr,
                          op_of(kind::combine, t));
          break;
        case 2:
          rma::accumulate({element.at(), t.layout.get(), 1}, {operand, t.layout.get(), 1}, nullptr,
                          op_of(kind::combine, t));
          break;
        default:
          increment_by_swap(element.at(), op_of(kind::no_op, t));
      }
    });
    CHECK(element.value() == static_cast<std::int64_t>(calls));
  }
}

TEST_CASE("a counter by compare_and_swap alone counts every increment, aligned and not", "[rma][threads]") {
  basic_type t = scalar<std::int64_t>("int64", nullptr);
  for (std::size_t misalign : {0, 3}) {
    INFO(misalign << " bytes off alignment");
    shared_element<std::int64_t> element(misalign);
    std::size_t calls = race([&](int) { increment_by_swap(element.at(), op_of(kind::no_op, t)); });
    CHECK(element.value() == static_cast<std::int64_t>(calls));
  }
}
