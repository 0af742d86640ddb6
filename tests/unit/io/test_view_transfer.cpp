// File views and the transfers through them, checked against a byte-by-byte model: the view's stream
// mapped to file offsets by walking the filetype's typemap tile after tile, and files compared with
// what writing each stream byte at its offset would give.

#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "io/collective_buffering.hpp"
#include "io/file_view.hpp"
#include "io/view_transfer.hpp"

using namespace weft::io;
using weft::shm::type_layout;

namespace {

// Ints: the filetype's blocks of `block` ints every `stride` ints, `blocks` of them, resized to `extent`
// ints (a cyclic view's tile when stride*blocks <= extent).
type_layout::pointer cyclic(std::size_t blocks, std::size_t block, std::size_t stride, std::size_t extent) {
  auto ints = type_layout::basic(4, 4);
  return type_layout::resized(type_layout::hvector(blocks, block, static_cast<std::ptrdiff_t>(stride * 4), ints), 0,
                              static_cast<std::ptrdiff_t>(extent * 4));
}

// The file offset of every stream byte below `bytes`, from the filetype's blocks (the model).
std::vector<std::uint64_t> offsets(std::uint64_t displacement, std::size_t blocks, std::size_t block,
                                   std::size_t stride, std::size_t extent, std::size_t bytes) {
  std::vector<std::uint64_t> at;
  for (std::uint64_t tile = 0; at.size() < bytes; ++tile)
    for (std::size_t b = 0; b < blocks && at.size() < bytes; ++b)
      for (std::size_t i = 0; i < block * 4 && at.size() < bytes; ++i)
        at.push_back(displacement + tile * extent * 4 + b * stride * 4 + i);
  return at;
}

struct temporary_file {
  std::string path;
  posix_file file;
  temporary_file() {
    char name[] = "/tmp/weft_io_unit_XXXXXX";
    int descriptor = mkstemp(name);
    REQUIRE(descriptor >= 0);
    ::close(descriptor);
    path = name;
    REQUIRE(file.open(name, O_RDWR) == 0);
  }
  ~temporary_file() { ::unlink(path.c_str()); }
  std::vector<std::byte> contents() const {
    std::vector<std::byte> all(file.size().size);
    file.read_at(0, all.data(), all.size());
    return all;
  }
};

std::vector<std::byte> pattern(std::size_t bytes, int seed) {
  std::vector<std::byte> data(bytes);
  for (std::size_t i = 0; i < bytes; ++i) data[i] = std::byte(static_cast<unsigned>((i * 7 + seed * 13) % 251));
  return data;
}

}  // namespace

TEST_CASE("a view maps its stream to the file offsets of its tiles", "[io]") {
  for (std::uint64_t displacement : {0u, 12u, 4096u}) {
    file_view view{displacement, cyclic(3, 2, 5, 17)};
    std::vector<std::uint64_t> model = offsets(displacement, 3, 2, 5, 17, 24 * 10);
    for (std::uint64_t p = 0; p < model.size(); ++p) REQUIRE(view.file_offset_of(p) == model[p]);
    // stream_before(x): the stream bytes at offsets below x.
    for (std::uint64_t x = 0; x < model.back(); x += 3) {
      auto below = static_cast<std::uint64_t>(std::count_if(model.begin(), model.end(), [&](auto o) { return o < x; }));
      REQUIRE(view.stream_before(x) == below);
    }
  }
  // Data that starts past the tile's origin, as an hindexed filetype's first displacement puts it: its lb
  // moves with it, so the tiles follow each other from byte 8 on.
  const std::size_t lengths[] = {4, 4};
  const std::ptrdiff_t displacements[] = {8, 12};
  file_view shifted{0, type_layout::hindexed(lengths, displacements, type_layout::basic(1, 1))};
  for (std::uint64_t p = 0; p < 40; ++p) REQUIRE(shifted.file_offset_of(p) == 8 + p);
  for (std::uint64_t x = 0; x < 48; ++x) REQUIRE(shifted.stream_before(x) == (x > 8 ? x - 8 : 0));
  REQUIRE(order_of_data(*shifted.filetype) == data_order::rising);
  const std::ptrdiff_t backwards[] = {12, 4};
  REQUIRE(order_of_data(*type_layout::hindexed(lengths, backwards, type_layout::basic(1, 1))) == data_order::falling);
  const std::size_t long_first[] = {8, 4};
  const std::ptrdiff_t inside[] = {0, 4};
  REQUIRE(order_of_data(*type_layout::hindexed(long_first, inside, type_layout::basic(1, 1))) ==
          data_order::overlapping);
  REQUIRE(file_view{0, type_layout::basic(4, 4)}.is_dense());
  REQUIRE_FALSE(file_view{0, cyclic(1, 1, 1, 2)}.is_dense());
}

TEST_CASE("an independent transfer writes the view's bytes and leaves its holes alone", "[io]") {
  temporary_file f;
  std::vector<std::byte> before = pattern(4000, 1);
  REQUIRE(f.file.write_at(0, before.data(), before.size()).error == 0);
  file_view view{8, cyclic(2, 3, 4, 11)};
  std::vector<std::byte> data = pattern(200, 2);
  transfer_part part{&view, weft::shm::byte_span(data.data(), data.size()), 36, data.size()};
  staging_buffer staging;
  // Ranges far smaller than the part: its runs cross their ends.
  transfer_result wrote = write_part(f.file, part, staging, 64);
  REQUIRE(wrote.error == 0);
  REQUIRE(wrote.bytes == data.size());
  std::vector<std::uint64_t> model = offsets(8, 2, 3, 4, 11, 36 + data.size());
  std::vector<std::byte> expected = before;
  for (std::size_t i = 0; i < data.size(); ++i) expected[model[36 + i]] = data[i];
  REQUIRE(f.contents() == expected);

  std::vector<std::byte> back(data.size());
  transfer_part reading{&view, weft::shm::byte_span(back.data(), back.size()), 36, back.size()};
  transfer_result read = read_part(f.file, reading, staging, 64);
  REQUIRE(read.error == 0);
  REQUIRE(read.bytes == back.size());
  REQUIRE(back == data);
}

TEST_CASE("a read stops at the end of the file, counting the stream bytes before it", "[io]") {
  temporary_file f;
  std::vector<std::byte> before = pattern(100, 3);
  REQUIRE(f.file.write_at(0, before.data(), before.size()).error == 0);
  file_view view{0, cyclic(1, 2, 2, 4)};  // 8 bytes of every 16
  std::vector<std::byte> back(80);
  transfer_part part{&view, weft::shm::byte_span(back.data(), back.size()), 0, back.size()};
  staging_buffer staging;
  transfer_result read = read_part(f.file, part, staging, 32);
  // Tiles 0-5 hold data below 100 (96-99 are data of tile 6 too: 4 bytes).
  REQUIRE(read.error == 0);
  REQUIRE(read.bytes == 6 * 8 + 4);
  for (std::size_t i = 0; i < read.bytes; ++i) REQUIRE(back[i] == before[(i / 8) * 16 + i % 8]);
}

TEST_CASE("a view whose offsets fall back is read run after run", "[io]") {
  temporary_file f;
  std::vector<std::byte> before = pattern(64, 4);
  REQUIRE(f.file.write_at(0, before.data(), before.size()).error == 0);
  const std::size_t lengths[] = {4, 4};
  const std::ptrdiff_t backwards[] = {12, 4};
  file_view view{0, type_layout::hindexed(lengths, backwards, type_layout::basic(1, 1)), false};
  std::vector<std::byte> back(24);
  staging_buffer staging;
  transfer_result read =
      read_part(f.file, {&view, weft::shm::byte_span(back.data(), back.size()), 0, back.size()}, staging, 6);
  REQUIRE(read.error == 0);
  REQUIRE(read.bytes == back.size());
  // Tiles of extent 12 (lb 4, ub 16): bytes 12-15 then 4-7 of each.
  for (std::size_t i = 0; i < back.size(); ++i) {
    std::size_t tile = i / 8, within = i % 8;
    REQUIRE(back[i] == before[tile * 12 + (within < 4 ? 12 + within : within)]);
  }
}

TEST_CASE("aggregators write the interleaved parts of many members as the members would", "[io]") {
  for (int aggregators : {1, 2, 3}) {
    temporary_file f;
    const int members = 5;
    const std::size_t ints_each = 3000;  // blocks of 2 ints, round robin among the members
    std::vector<file_view> views;
    std::vector<std::vector<std::byte>> data;
    for (int m = 0; m < members; ++m) {
      views.push_back({static_cast<std::uint64_t>(m) * 8, cyclic(1, 2, 2, 2 * members)});
      data.push_back(pattern(ints_each * 4, m));
    }
    std::vector<int> chosen(aggregators);
    std::iota(chosen.begin(), chosen.end(), 0);
    // A small buffer: each aggregator moves its domain in several ranges.
    collective_buffering buffering(members, chosen, 4096);
    for (int m = 0; m < members; ++m)
      buffering.publish(m, {&views[m], weft::shm::byte_span(data[m].data(), data[m].size()), 0, data[m].size()}, false);
    staging_buffer staging;
    for (int m = 0; m < members; ++m) buffering.write_share(m, f.file, staging);
    REQUIRE(buffering.error() == 0);
    std::vector<std::byte> file = f.contents();
    REQUIRE(file.size() == members * ints_each * 4);
    for (std::size_t i = 0; i < file.size(); ++i) {
      std::size_t block = i / 8, member = block % members, within = (block / members) * 8 + i % 8;
      REQUIRE(file[i] == data[member][within]);
    }

    std::vector<std::vector<std::byte>> back(members, std::vector<std::byte>(ints_each * 4));
    for (int m = 0; m < members; ++m)
      buffering.publish(m, {&views[m], weft::shm::byte_span(back[m].data(), back[m].size()), 0, back[m].size()}, false);
    for (int m = 0; m < members; ++m) buffering.read_share(m, f.file, file.size(), staging);
    REQUIRE(buffering.error() == 0);
    REQUIRE(back == data);
  }
}

TEST_CASE("large parts of one stretch move by themselves beside aggregated ones", "[io]") {
  for (bool together : {false, true}) {
    temporary_file f;
    const std::size_t large = collective_buffering::moved_alone_from * 2;
    // Members 0 and 1: a large contiguous block each; member 2: every other 4 bytes of a small area after them.
    std::vector<file_view> views{
        {0, type_layout::basic(1, 1)}, {large, type_layout::basic(1, 1)}, {2 * large, cyclic(1, 1, 1, 2)}};
    std::vector<std::vector<std::byte>> data{pattern(large, 1), pattern(large, 2), pattern(4096, 3)};
    collective_buffering buffering(3, {0}, 1 << 16);
    for (int m = 0; m < 3; ++m)
      buffering.publish(m, {&views[m], weft::shm::byte_span(data[m].data(), data[m].size()), 0, data[m].size()},
                        together);
    staging_buffer staging;
    for (int m = 0; m < 3; ++m) buffering.write_share(m, f.file, staging);
    REQUIRE(buffering.error() == 0);
    std::vector<std::byte> file = f.contents();
    REQUIRE(file.size() == 2 * large + 2 * 4096 - 4);
    for (std::size_t i = 0; i < large; ++i) {
      REQUIRE(file[i] == data[0][i]);
      REQUIRE(file[large + i] == data[1][i]);
    }
    for (std::size_t i = 0; i < 4096; ++i) REQUIRE(file[2 * large + (i / 4) * 8 + i % 4] == data[2][i]);

    std::vector<std::vector<std::byte>> back{std::vector<std::byte>(large), std::vector<std::byte>(large),
                                             std::vector<std::byte>(4096)};
    for (int m = 0; m < 3; ++m)
      buffering.publish(m, {&views[m], weft::shm::byte_span(back[m].data(), back[m].size()), 0, back[m].size()},
                        together);
    for (int m = 0; m < 3; ++m) buffering.read_share(m, f.file, file.size(), staging);
    REQUIRE(buffering.error() == 0);
    REQUIRE(back == data);
  }
}
