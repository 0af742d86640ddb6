// Datatype layouts and the typed copy, checked against a plain typemap model: every basic element's
// offset and size, built by following the MPI standard's definition of each constructor literally.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "shm/typed_copy.hpp"

using namespace weft::shm;

namespace {

struct entry {
  std::ptrdiff_t offset;
  std::size_t size;
};

// A type as the standard defines it: a typemap and its bounds.
struct model {
  type_layout::pointer layout;
  std::vector<entry> typemap;
  std::ptrdiff_t lb = 0, ub = 0;
  std::ptrdiff_t extent() const { return ub - lb; }
};

model basic(std::size_t size) {
  return {type_layout::basic(size, size), {{0, size}}, 0, static_cast<std::ptrdiff_t>(size)};
}

// Appends `old` displaced, and widens the bounds (no markers or padding in these models).
void add(model& m, const model& old, std::ptrdiff_t displacement, bool& first) {
  for (entry e : old.typemap) m.typemap.push_back({e.offset + displacement, e.size});
  m.lb = first ? old.lb + displacement : std::min(m.lb, old.lb + displacement);
  m.ub = first ? old.ub + displacement : std::max(m.ub, old.ub + displacement);
  first = false;
}

model hvector(std::size_t count, std::size_t blocklength, std::ptrdiff_t stride, const model& old) {
  model m{type_layout::hvector(count, blocklength, stride, old.layout), {}};
  bool first = true;
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t j = 0; j < blocklength; ++j)
      add(m, old, static_cast<std::ptrdiff_t>(i) * stride + static_cast<std::ptrdiff_t>(j) * old.extent(), first);
  return m;
}

model hindexed(std::vector<std::size_t> lengths, std::vector<std::ptrdiff_t> displacements, const model& old) {
  model m{type_layout::hindexed(lengths, displacements, old.layout), {}};
  bool first = true;
  for (std::size_t i = 0; i < lengths.size(); ++i)
    for (std::size_t j = 0; j < lengths[i]; ++j)
      add(m, old, displacements[i] + static_cast<std::ptrdiff_t>(j) * old.extent(), first);
  return m;
}

model resized(const model& old, std::ptrdiff_t lb, std::ptrdiff_t extent) {
  model m = old;
  m.layout = type_layout::resized(old.layout, lb, extent);
  m.lb = lb;
  m.ub = lb + extent;
  return m;
}

// A buffer with room on both sides of its origin, for negative displacements and lower bounds.
struct arena {
  static constexpr std::ptrdiff_t margin = 4096;
  std::vector<std::uint8_t> bytes;
  explicit arena(std::size_t size, std::uint8_t fill) : bytes(size + 2 * margin, fill) {}
  std::byte* origin() { return reinterpret_cast<std::byte*>(bytes.data() + margin); }
  std::uint8_t& at(std::ptrdiff_t offset) { return bytes[static_cast<std::size_t>(margin + offset)]; }
};

// The byte offsets of `count` elements' signature stream, in order.
std::vector<std::ptrdiff_t> stream(const model& m, std::size_t count) {
  std::vector<std::ptrdiff_t> offsets;
  for (std::size_t k = 0; k < count; ++k)
    for (entry e : m.typemap)
      for (std::size_t b = 0; b < e.size; ++b)
        offsets.push_back(static_cast<std::ptrdiff_t>(k) * m.extent() + e.offset + static_cast<std::ptrdiff_t>(b));
  return offsets;
}

std::size_t span_of(const model& m, std::size_t count) {
  return static_cast<std::size_t>(m.extent()) * count + static_cast<std::size_t>(m.ub - m.lb) + 1024;
}

// Copies stream bytes [offset, offset + length) from `count_from` elements of `from` into `count_to`
// elements of `to` and checks every destination byte: copied where the model says, untouched elsewhere.
void check_copy(const model& to, std::size_t count_to, const model& from, std::size_t count_from, std::size_t offset,
                std::size_t length) {
  std::vector<std::ptrdiff_t> source_offsets = stream(from, count_from);
  std::vector<std::ptrdiff_t> destination_offsets = stream(to, count_to);
  REQUIRE(source_offsets.size() == destination_offsets.size());
  arena source(span_of(from, count_from), 0);
  for (std::size_t i = 0; i < source_offsets.size(); ++i)
    source.at(source_offsets[i]) = static_cast<std::uint8_t>(i * 7 + 1);
  arena destination(span_of(to, count_to), 0xEE);
  arena expected = destination;
  for (std::size_t i = offset; i < offset + length; ++i)
    expected.at(destination_offsets[i]) = source.at(source_offsets[i]);

  typed_copy({destination.origin(), to.layout.get(), count_to}, {source.origin(), from.layout.get(), count_from},
             offset, length);
  CHECK(destination.bytes == expected.bytes);
}

void check_bounds(const model& m) {
  CHECK(m.layout->lb() == m.lb);
  CHECK(m.layout->ub() == m.ub);
  std::size_t size = 0;
  std::ptrdiff_t low = PTRDIFF_MAX, high = PTRDIFF_MIN;
  for (entry e : m.typemap) {
    size += e.size;
    low = std::min(low, e.offset);
    high = std::max(high, e.offset + static_cast<std::ptrdiff_t>(e.size));
  }
  CHECK(m.layout->size() == size);
  if (size != 0) {
    CHECK(m.layout->true_lb() == low);
    CHECK(m.layout->true_ub() == high);
  }
}

}  // namespace

TEST_CASE("Contiguous layouts copy as one block") {
  model ints = basic(4);
  model row = hvector(1, 16, 0, ints);
  CHECK(row.layout->is_contiguous());
  check_bounds(row);
  check_copy(row, 3, ints, 48, 0, 192);
  check_copy(row, 3, ints, 48, 5, 100);
}

TEST_CASE("Strided vectors pack and unpack and copy into each other") {
  model doubles = basic(8);
  model column = hvector(10, 1, 80, doubles);  // a column of a 10x10 matrix
  model pairs = hvector(5, 2, 32, doubles);    // the same signature, another layout
  check_bounds(column);
  CHECK_FALSE(column.layout->is_contiguous());
  CHECK(column.layout->extent() == 9 * 80 + 8);
  model bytes = basic(1);
  check_copy(bytes, 80, column, 1, 0, 80);  // pack
  check_copy(column, 1, bytes, 80, 0, 80);  // unpack
  check_copy(pairs, 1, column, 1, 0, 80);   // layout to layout
  // Parts of the stream, as a shared block copy takes them, starting and ending inside elements.
  for (std::size_t offset : {0, 3, 8, 17, 40})
    for (std::size_t length : {1, 5, 16, 23})
      check_copy(pairs, 2, column, 2, offset, std::min<std::size_t>(length, 160 - offset));
}

TEST_CASE("Vectors of vectors and negative strides follow the signature order") {
  model ints = basic(4);
  model inner = hvector(3, 2, 12, ints);
  model outer = hvector(4, 1, -100, inner);  // walks memory backwards
  model nested = hvector(2, 3, 200, outer);
  for (const model* m : {&inner, &outer, &nested}) check_bounds(*m);
  model flat = hvector(1, nested.layout->size() / 4, 0, ints);
  check_copy(flat, 2, nested, 2, 0, 2 * nested.layout->size());
  check_copy(nested, 2, flat, 2, 0, 2 * nested.layout->size());
  check_copy(nested, 1, nested, 1, 13, 61);
}

TEST_CASE("Indexed layouts with irregular blocks") {
  model shorts = basic(2);
  model indexed = hindexed({3, 0, 1, 4, 2}, {0, 40, 10, -30, 100}, shorts);
  check_bounds(indexed);
  model column = hvector(10, 1, 6, shorts);
  check_copy(column, 3, indexed, 3, 0, 60);
  check_copy(indexed, 3, column, 3, 7, 41);
  // Many pieces of a several-piece type: repeated beyond the expansion limit, the element is nested.
  model many = hvector(100, 1, 256, indexed);
  check_bounds(many);
  model flat = hvector(1, 1000, 0, shorts);
  check_copy(flat, 1, many, 1, 0, 2000);
  check_copy(many, 1, flat, 1, 999, 1001);
}

TEST_CASE("Resized types repeat at their new extent") {
  model ints = basic(4);
  model spread = resized(ints, 0, 12);  // one int every 12 bytes
  check_bounds(spread);
  model run = hvector(1, 5, 0, spread);
  check_bounds(run);
  CHECK(run.layout->extent() == 60);
  model dense = hvector(1, 5, 0, ints);
  check_copy(run, 2, dense, 2, 0, 40);
  check_copy(dense, 2, run, 2, 6, 30);
  // A lower bound below the data moves where the next element starts, not where this one's data is.
  model shifted = resized(ints, -8, 16);
  check_bounds(shifted);
  check_copy(hvector(1, 3, 0, shifted), 1, hvector(1, 3, 0, ints), 1, 0, 12);
}

TEST_CASE("Resize markers stick to the types built from them") {
  auto ints = type_layout::basic(4, 4);
  auto marked = type_layout::resized(ints, -4, 16);
  // A vector whose data lies beyond the marked bounds keeps the marked extremes of its blocks.
  auto vector = type_layout::hvector(2, 1, 32, marked);
  CHECK(vector->lb() == -4);
  CHECK(vector->ub() == 32 + 12);
  CHECK(vector->sticky_lb());
  // A struct with a marked member takes the marker even where plain data lies further out.
  const std::size_t lengths[] = {1, 1};
  const std::ptrdiff_t displacements[] = {0, 40};
  const type_layout::pointer members[] = {marked, ints};
  auto structure = type_layout::structure(lengths, displacements, members);
  CHECK(structure->lb() == -4);
  CHECK(structure->ub() == 12);  // the sticky ub wins over the int at 40
  CHECK(structure->true_ub() == 44);
}

TEST_CASE("MPI_LB and MPI_UB markers bound only their own side") {
  auto ints = type_layout::basic(4, 4);
  const std::size_t lengths[] = {1, 2, 1};
  // An MPI_LB above the data: lb is the marker's, ub the data's (padded, no MPI_UB), not the marker's.
  const std::ptrdiff_t above[] = {100, 0, 0};
  const type_layout::pointer lower_first[] = {type_layout::marker(true), ints, type_layout::marker(true)};
  auto high_lb = type_layout::structure(lengths, above, lower_first);
  CHECK(high_lb->lb() == 0);  // the lower of the two MPI_LB markers
  CHECK(high_lb->ub() == 8);
  CHECK(high_lb->sticky_lb());
  CHECK_FALSE(high_lb->sticky_ub());
  // An MPI_UB alone below the data: ub is the marker's, lb the data's.
  const std::ptrdiff_t below[] = {-12, 4, -12};
  const type_layout::pointer upper[] = {type_layout::marker(false), ints, type_layout::marker(false)};
  auto low_ub = type_layout::structure(lengths, below, upper);
  CHECK(low_ub->lb() == 4);
  CHECK(low_ub->ub() == -12);
  CHECK(low_ub->true_lb() == 4);
  CHECK(low_ub->true_ub() == 12);
  // A marker alone: the other bound is 0, as MPICH has it ({(LB, 10)}: extent -10).
  const std::size_t one[] = {1};
  const std::ptrdiff_t at[] = {10};
  const type_layout::pointer only_lb[] = {type_layout::marker(true)};
  auto bare_lb = type_layout::structure(one, at, only_lb);
  CHECK(bare_lb->lb() == 10);
  CHECK(bare_lb->ub() == 0);
  CHECK(bare_lb->extent() == -10);
  CHECK(bare_lb->size() == 0);
  const type_layout::pointer only_ub[] = {type_layout::marker(false)};
  auto bare_ub = type_layout::structure(one, at, only_ub);
  CHECK(bare_ub->lb() == 0);
  CHECK(bare_ub->ub() == 10);
}

TEST_CASE("Structs pad their extent to their strictest member") {
  const std::size_t lengths[] = {1, 1};
  const std::ptrdiff_t displacements[] = {0, 8};
  const type_layout::pointer members[] = {type_layout::basic(8, 8), type_layout::basic(1, 1)};
  auto structure = type_layout::structure(lengths, displacements, members);
  CHECK(structure->size() == 9);
  CHECK(structure->extent() == 16);
  CHECK(structure->true_extent() == 9);
  CHECK_FALSE(structure->is_contiguous());

  auto pair = type_layout::basic_pair(8, 8);  // MPI_DOUBLE_INT
  CHECK(pair->size() == 12);
  CHECK(pair->extent() == 16);
  CHECK(type_layout::basic_pair(4, 4)->extent() == 8);  // MPI_FLOAT_INT: no padding
  CHECK(type_layout::basic_pair(4, 4)->is_contiguous());
}

TEST_CASE("Basic elements in part of a stream for MPI_Get_elements") {
  auto doubles = type_layout::basic(8, 8);
  auto ints = type_layout::basic(4, 4);
  const std::size_t lengths[] = {2, 3};
  const std::ptrdiff_t displacements[] = {0, 16};
  const type_layout::pointer members[] = {doubles, ints};
  auto structure = type_layout::structure(lengths, displacements, members);  // 28 data bytes, 5 elements
  CHECK(structure->basic_count() == 5);
  auto count = [&](std::size_t bytes) {
    auto c = structure->basic_elements(bytes);
    return std::pair{c.whole, c.ends_inside};
  };
  CHECK(count(0) == std::pair<std::size_t, bool>{0, false});
  CHECK(count(8) == std::pair<std::size_t, bool>{1, false});
  CHECK(count(12) == std::pair<std::size_t, bool>{1, true});
  CHECK(count(20) == std::pair<std::size_t, bool>{3, false});
  CHECK(count(28 + 16) == std::pair<std::size_t, bool>{7, false});
  CHECK(count(28 + 18) == std::pair<std::size_t, bool>{7, true});
  // Nested pieces count through their inner layout.
  auto many = type_layout::hvector(100, 1, 128, structure);
  CHECK(many->basic_count() == 500);
  CHECK(many->basic_elements(28 * 50 + 20).whole == 253);
}

TEST_CASE("Data bytes of a number of basic elements for MPI_Status_set_elements") {
  const std::size_t lengths[] = {2, 3};
  const std::ptrdiff_t displacements[] = {0, 16};
  const type_layout::pointer members[] = {type_layout::basic(8, 8), type_layout::basic(4, 4)};
  auto structure = type_layout::structure(lengths, displacements, members);  // 2 doubles, 3 ints
  CHECK(structure->bytes_of_elements(0) == 0);
  CHECK(structure->bytes_of_elements(1) == 8);
  CHECK(structure->bytes_of_elements(3) == 20);
  CHECK(structure->bytes_of_elements(5) == 28);
  CHECK(structure->bytes_of_elements(7) == 28 + 16);
  auto many = type_layout::hvector(100, 1, 128, structure);  // nested pieces
  CHECK(many->bytes_of_elements(253) == 28 * 50 + 20);
  for (std::size_t elements : {0, 1, 2, 4, 99, 250, 499})
    CHECK(many->basic_elements(many->bytes_of_elements(elements)).whole == elements);
}

TEST_CASE("Layouts whose bounds or size overflow a ptrdiff_t are refused") {
  // Found by datatype_fuzzer: nested vectors multiplied counts and strides past 2^63 (UBSan).
  auto gib = type_layout::contiguous(std::size_t{1} << 30, type_layout::basic(8, 8));
  auto big = type_layout::contiguous(std::size_t{1} << 29, gib);
  REQUIRE(big != nullptr);  // 2^62 bytes
  CHECK(type_layout::contiguous(4, big) == nullptr);
  CHECK(type_layout::hvector(3, 1, PTRDIFF_MAX / 2 + 1, type_layout::basic(4, 4)) == nullptr);
  CHECK(type_layout::hvector(3, std::size_t{1} << 40, std::ptrdiff_t{1} << 50, big) == nullptr);
  const std::size_t lengths[] = {1, 1};
  const std::ptrdiff_t far_apart[] = {PTRDIFF_MIN + 8, PTRDIFF_MAX - 8};
  CHECK(type_layout::hindexed(lengths, far_apart, type_layout::basic(4, 4)) == nullptr);
  CHECK(type_layout::resized(type_layout::basic(4, 4), PTRDIFF_MAX, 1) == nullptr);
  // Markers alone, repeated 2^64 times: the count of copies must not wrap to 0, which added nothing.
  auto marker = type_layout::resized(type_layout::hvector(0, 1, 1, type_layout::basic(1, 1)), 0, 1);
  auto markers = type_layout::hvector(std::size_t{1} << 32, std::size_t{1} << 32, 1, marker);
  REQUIRE(markers != nullptr);
  CHECK(markers->extent() == (std::ptrdiff_t{1} << 33) - 1);
}
