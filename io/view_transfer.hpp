#pragma once
// Moving data between ranks' memory and a file through their views. A transfer part is one rank's share
// of a read or write: `length` bytes of its view's stream from `position`, to or from `memory`. A range of
// the file is moved for any number of parts at once through a staging buffer that holds that range: each
// part's data is copied between its memory and the buffer's file offsets (one typed copy, the view's
// layout on the buffer side), and the file is touched with one system call per stretch of bytes that some
// part covers. The holes of the views are never written. This is the second phase of two-phase
// collective I/O, with the parts read in place instead of shipped to the aggregator, and the whole of an
// independent transfer (one part).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "io/file_view.hpp"
#include "io/posix_file.hpp"
#include "shm/typed_copy.hpp"

namespace weft::io {

struct transfer_part {
  const file_view* view = nullptr;
  shm::typed_span memory;  // a write only reads it
  std::uint64_t position = 0;
  std::uint64_t length = 0;

  // The file bytes its data lies in: [first, last); empty when it moves nothing.
  struct file_range {
    std::uint64_t first = 0;
    std::uint64_t last = 0;
    bool empty() const noexcept { return first >= last; }
  };
  file_range range() const noexcept;
};

// A stretch of the file's bytes.
struct file_run {
  std::uint64_t offset = 0;
  std::uint64_t bytes = 0;
};

// `runs` in file order, overlapping or touching ones merged.
std::vector<file_run> merge_runs(std::vector<file_run> runs);

// The stretches of file bytes [first, last) that the data of `parts` covers, in file order, merged.
std::vector<file_run> covered_runs(std::span<const transfer_part> parts, std::uint64_t first, std::uint64_t last);

// An image of file bytes [first, last) is a buffer holding them at their offsets from `first`. These copy
// the parts' data that lies in the range into the image, and out of it into their memory.
void stage_range(std::span<const transfer_part> parts, std::uint64_t first, std::uint64_t last, std::byte* image);
void unstage_range(std::span<const transfer_part> parts, std::uint64_t first, std::uint64_t last,
                   const std::byte* image);

// Writes `runs` (in [first, ...)) from the image of the range starting at `first`, one call each; the error
// stops it. Reads them into the image; what lies past the end of the file reads as zeros.
transfer_result write_runs(const posix_file& file, std::span<const file_run> runs, std::uint64_t first,
                           const std::byte* image);
int read_runs(const posix_file& file, std::span<const file_run> runs, std::uint64_t first, std::byte* image);

// A buffer for one range of the file at a time, kept between transfers (its pages stay mapped).
class staging_buffer {
 public:
  std::byte* reserve(std::size_t bytes);

 private:
  std::vector<std::byte> bytes_;
};

// Writes the data of `parts` that falls in file bytes [first, last), through `staging` (last - first
// bytes). The error stops it; what was written before stays.
transfer_result write_range(const posix_file& file, std::span<const transfer_part> parts, std::uint64_t first,
                            std::uint64_t last, std::byte* staging);

// Reads the data of `parts` that falls in file bytes [first, last) and below `end_of_file` into their
// memory, through `staging`.
int read_range(const posix_file& file, std::span<const transfer_part> parts, std::uint64_t first, std::uint64_t last,
               std::uint64_t end_of_file, std::byte* staging);

// Whether `part` is one stretch of the file to or from contiguous memory: it moves with one system call,
// straight between memory and file, without a staging buffer.
bool is_one_stretch(const transfer_part& part) noexcept;
transfer_result write_stretch(const posix_file& file, const transfer_part& part) noexcept;
transfer_result read_stretch(const posix_file& file, const transfer_part& part) noexcept;

// One part alone, in ranges of at most `chunk` bytes, or as one stretch when it is one. A read returns
// the bytes it moved (fewer at the end of the file).
transfer_result write_part(const posix_file& file, const transfer_part& part, staging_buffer& staging,
                           std::size_t chunk);
transfer_result read_part(const posix_file& file, const transfer_part& part, staging_buffer& staging,
                          std::size_t chunk);

// The bytes of `part` that lie below `end_of_file`: what a read of it gets.
std::uint64_t readable_bytes(const transfer_part& part, std::uint64_t end_of_file) noexcept;

}  // namespace weft::io
