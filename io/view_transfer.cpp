#include "io/view_transfer.hpp"

#include <algorithm>

#include "shm/layout_cursor.hpp"

namespace weft::io {
namespace {

// The stream bytes of `part` whose data lies in file bytes [first, last): [begin, end).
struct stream_range {
  std::uint64_t begin;
  std::uint64_t end;
};

stream_range stream_in(const transfer_part& part, std::uint64_t first, std::uint64_t last) noexcept {
  std::uint64_t begin = std::max(part.position, part.view->stream_before(first));
  std::uint64_t end = std::min(part.position + part.length, part.view->stream_before(last));
  return {begin, std::max(begin, end)};
}

// Appends the file runs of stream bytes [begin, end) of `view`, merged with the last run when they touch.
void append_runs(const file_view& view, stream_range stream, std::vector<file_run>& runs) {
  std::uint64_t size = view.filetype->size();
  std::uint64_t left = stream.end - stream.begin;
  shm::layout_cursor cursor(*view.filetype, (stream.end + size - 1) / size, stream.begin, left);
  while (left > 0) {
    std::uint64_t offset = view.displacement + static_cast<std::uint64_t>(cursor.run_offset());
    std::uint64_t bytes = cursor.run_bytes();
    if (!runs.empty() && runs.back().offset + runs.back().bytes == offset)
      runs.back().bytes += bytes;
    else
      runs.push_back({offset, bytes});
    left -= bytes;
    cursor.consume(bytes);
  }
}

}  // namespace

std::vector<file_run> merge_runs(std::vector<file_run> runs) {
  if (!std::is_sorted(runs.begin(), runs.end(),
                      [](const file_run& a, const file_run& b) { return a.offset < b.offset; }))
    std::sort(runs.begin(), runs.end(), [](const file_run& a, const file_run& b) { return a.offset < b.offset; });
  std::vector<file_run> merged;
  for (const file_run& run : runs) {
    if (!merged.empty() && run.offset <= merged.back().offset + merged.back().bytes) {
      std::uint64_t end = std::max(merged.back().offset + merged.back().bytes, run.offset + run.bytes);
      merged.back().bytes = end - merged.back().offset;
    } else {
      merged.push_back(run);
    }
  }
  return merged;
}

std::vector<file_run> covered_runs(std::span<const transfer_part> parts, std::uint64_t first, std::uint64_t last) {
  std::vector<file_run> runs;
  for (const transfer_part& part : parts) {
    stream_range stream = stream_in(part, first, last);
    if (stream.begin != stream.end) append_runs(*part.view, stream, runs);
  }
  if (parts.size() == 1) return runs;  // one view's runs rise and are merged already
  return merge_runs(std::move(runs));
}

void stage_range(std::span<const transfer_part> parts, std::uint64_t first, std::uint64_t last, std::byte* image) {
  for (const transfer_part& part : parts) {
    stream_range stream = stream_in(part, first, last);
    if (stream.begin == stream.end) continue;
    shm::typed_copy(part.view->as_buffer(image, first, stream.end), stream.begin, part.memory,
                    stream.begin - part.position, stream.end - stream.begin);
  }
}

void unstage_range(std::span<const transfer_part> parts, std::uint64_t first, std::uint64_t last,
                   const std::byte* image) {
  for (const transfer_part& part : parts) {
    stream_range stream = stream_in(part, first, last);
    if (stream.begin == stream.end) continue;
    shm::typed_copy(part.memory, stream.begin - part.position,
                    part.view->as_buffer(const_cast<std::byte*>(image), first, stream.end), stream.begin,
                    stream.end - stream.begin);
  }
}

transfer_result write_runs(const posix_file& file, std::span<const file_run> runs, std::uint64_t first,
                           const std::byte* image) {
  transfer_result done;
  for (const file_run& run : runs) {
    transfer_result wrote = file.write_at(run.offset, image + (run.offset - first), run.bytes);
    done.bytes += wrote.bytes;
    if (wrote.error != 0) {
      done.error = wrote.error;
      break;
    }
  }
  return done;
}

int read_runs(const posix_file& file, std::span<const file_run> runs, std::uint64_t first, std::byte* image) {
  for (const file_run& run : runs) {
    transfer_result read = file.read_at(run.offset, image + (run.offset - first), run.bytes);
    if (read.error != 0) return read.error;
    // A file that shrank since its size was taken reads as zeros past its new end.
    std::fill(image + (run.offset - first) + read.bytes, image + (run.offset - first) + run.bytes, std::byte{0});
  }
  return 0;
}

transfer_part::file_range transfer_part::range() const noexcept {
  if (length == 0) return {};
  return {view->file_offset_of(position), view->file_offset_of(position + length - 1) + 1};
}

bool is_one_stretch(const transfer_part& part) noexcept {
  if (!part.memory.layout->is_contiguous() || !part.view->rising) return false;
  if (part.view->is_dense()) return true;
  transfer_part::file_range r = part.range();
  return r.last - r.first == part.length;
}

transfer_result write_stretch(const posix_file& file, const transfer_part& part) noexcept {
  return file.write_at(part.view->file_offset_of(part.position), part.memory.base + part.memory.layout->true_lb(),
                       part.length);
}

transfer_result read_stretch(const posix_file& file, const transfer_part& part) noexcept {
  return file.read_at(part.view->file_offset_of(part.position), part.memory.base + part.memory.layout->true_lb(),
                      part.length);
}

std::byte* staging_buffer::reserve(std::size_t bytes) {
  if (bytes_.size() < bytes) bytes_.resize(bytes);
  return bytes_.data();
}

transfer_result write_range(const posix_file& file, std::span<const transfer_part> parts, std::uint64_t first,
                            std::uint64_t last, std::byte* staging) {
  stage_range(parts, first, last, staging);
  return write_runs(file, covered_runs(parts, first, last), first, staging);
}

int read_range(const posix_file& file, std::span<const transfer_part> parts, std::uint64_t first, std::uint64_t last,
               std::uint64_t end_of_file, std::byte* staging) {
  last = std::min(last, end_of_file);
  if (first >= last) return 0;
  if (int error = read_runs(file, covered_runs(parts, first, last), first, staging)) return error;
  unstage_range(parts, first, last, staging);
  return 0;
}

transfer_result write_part(const posix_file& file, const transfer_part& part, staging_buffer& staging,
                           std::size_t chunk) {
  if (part.length == 0) return {};
  if (is_one_stretch(part)) return write_stretch(file, part);
  transfer_part::file_range range = part.range();
  std::byte* buffer = staging.reserve(std::min<std::uint64_t>(chunk, range.last - range.first));
  transfer_result done;
  for (std::uint64_t first = range.first; first < range.last; first += chunk) {
    std::uint64_t last = std::min<std::uint64_t>(first + chunk, range.last);
    transfer_result wrote = write_range(file, {&part, 1}, first, last, buffer);
    done.bytes += wrote.bytes;
    if (wrote.error != 0) {
      done.error = wrote.error;
      break;
    }
  }
  return done;
}

namespace {

// Reads the part's runs one after another, in stream order, into `chunk`-byte stretches of the stream
// staged and copied to memory: any view, whatever its offsets do. Stops at the end of the file.
transfer_result read_in_stream_order(const posix_file& file, const transfer_part& part, staging_buffer& staging,
                                     std::size_t chunk) {
  const file_view& view = *part.view;
  std::uint64_t size = view.filetype->size();
  shm::layout_cursor cursor(*view.filetype, (part.position + part.length + size - 1) / size, part.position,
                            part.length);
  std::byte* buffer = staging.reserve(std::min<std::uint64_t>(chunk, part.length));
  transfer_result done;
  while (done.bytes < part.length) {
    std::uint64_t stretch = std::min<std::uint64_t>(chunk, part.length - done.bytes), staged = 0;
    bool ended = false;
    while (staged < stretch && !ended) {
      std::uint64_t bytes = std::min<std::uint64_t>(cursor.run_bytes(), stretch - staged);
      transfer_result read =
          file.read_at(view.displacement + static_cast<std::uint64_t>(cursor.run_offset()), buffer + staged, bytes);
      if (read.error != 0) return {done.bytes + staged, read.error};
      staged += read.bytes;
      ended = read.bytes < bytes;
      cursor.consume(read.bytes == bytes ? bytes : 0);
    }
    shm::typed_copy(part.memory, done.bytes, shm::byte_span(buffer, staged), 0, staged);
    done.bytes += staged;
    if (ended) break;
  }
  return done;
}

}  // namespace

transfer_result read_part(const posix_file& file, const transfer_part& part, staging_buffer& staging,
                          std::size_t chunk) {
  if (part.length == 0) return {};
  if (is_one_stretch(part)) return read_stretch(file, part);
  if (!part.view->rising) return read_in_stream_order(file, part, staging, chunk);
  posix_file::size_result size = file.size();
  if (size.error != 0) return {0, size.error};
  transfer_part::file_range range = part.range();
  std::uint64_t last = std::min(range.last, size.size);
  if (range.first < last) {
    std::byte* buffer = staging.reserve(std::min<std::uint64_t>(chunk, last - range.first));
    for (std::uint64_t first = range.first; first < last; first += chunk) {
      std::uint64_t stop = std::min<std::uint64_t>(first + chunk, last);
      if (int error = read_range(file, {&part, 1}, first, stop, size.size, buffer)) return {0, error};
    }
  }
  return {readable_bytes(part, size.size), 0};
}

std::uint64_t readable_bytes(const transfer_part& part, std::uint64_t end_of_file) noexcept {
  std::uint64_t below = part.view->stream_before(end_of_file);
  return below <= part.position ? 0 : std::min(part.length, below - part.position);
}

}  // namespace weft::io
