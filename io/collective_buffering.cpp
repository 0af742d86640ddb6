#include "io/collective_buffering.hpp"

#include <algorithm>

namespace weft::io {
namespace {

constexpr std::uint64_t domain_alignment = 1 << 20;

}  // namespace

transfer_part::file_range domain_of(std::uint64_t first, std::uint64_t last, std::size_t count, std::size_t index) {
  if (first >= last) return {};
  auto boundary = [&](std::size_t k) {
    if (k == 0) return first;
    if (k >= count) return last;
    std::uint64_t even = first + (last - first) / count * k;
    return std::clamp((even + domain_alignment - 1) / domain_alignment * domain_alignment, first, last);
  };
  return {boundary(index), boundary(index + 1)};
}

collective_buffering::collective_buffering(int members, std::vector<int> aggregators, std::size_t buffer_bytes)
    : slots_(members),
      aggregators_(std::move(aggregators)),
      errors_(aggregators_.size()),
      buffer_bytes_(buffer_bytes) {}

void collective_buffering::publish(int member, const transfer_part& part, bool together) {
  slot& mine = slots_[member];
  mine.part = part;
  mine.range = part.range();
  mine.alone = !together && part.length >= moved_alone_from && is_one_stretch(part);
  mine.error = 0;
}

transfer_part::file_range collective_buffering::aggregated_range() const noexcept {
  std::uint64_t first = UINT64_MAX, last = 0;
  for (const slot& s : slots_) {
    if (s.alone || s.range.empty()) continue;
    first = std::min(first, s.range.first);
    last = std::max(last, s.range.last);
  }
  if (first >= last) return {};
  return {first, last};
}

std::vector<transfer_part> collective_buffering::parts_in(std::uint64_t first, std::uint64_t last) const {
  std::vector<transfer_part> inside;
  for (const slot& s : slots_)
    if (!s.alone && !s.range.empty() && s.range.first < last && first < s.range.last) inside.push_back(s.part);
  return inside;
}

template <class Move>
void collective_buffering::each_range(int member, staging_buffer& staging, Move move) {
  auto mine = std::find(aggregators_.begin(), aggregators_.end(), member);
  if (mine == aggregators_.end()) return;
  auto index = static_cast<int>(mine - aggregators_.begin());
  errors_[index] = 0;
  transfer_part::file_range all = aggregated_range();
  transfer_part::file_range d = domain_of(all.first, all.last, aggregators_.size(), index);
  if (d.empty()) return;
  std::vector<transfer_part> inside = parts_in(d.first, d.last);
  std::byte* buffer = staging.reserve(std::min<std::uint64_t>(buffer_bytes_, d.last - d.first));
  for (std::uint64_t first = d.first; first < d.last && errors_[index] == 0; first += buffer_bytes_)
    errors_[index] = move(inside, first, std::min<std::uint64_t>(first + buffer_bytes_, d.last), buffer);
}

void collective_buffering::write_alone(int member, const posix_file& file) {
  if (slot& mine = slots_[member]; mine.alone) mine.error = write_stretch(file, mine.part).error;
}

void collective_buffering::read_alone(int member, const posix_file& file, std::uint64_t end_of_file) {
  if (slot& mine = slots_[member]; mine.alone && mine.range.first < end_of_file) {
    transfer_part below = mine.part;
    below.length = std::min(below.length, end_of_file - mine.range.first);
    mine.error = read_stretch(file, below).error;
  }
}

void collective_buffering::write_share(int member, const posix_file& file, staging_buffer& staging) {
  write_alone(member, file);
  each_range(member, staging,
             [&](const std::vector<transfer_part>& inside, std::uint64_t first, std::uint64_t last, std::byte* buffer) {
               return write_range(file, inside, first, last, buffer).error;
             });
}

void collective_buffering::read_share(int member, const posix_file& file, std::uint64_t end_of_file,
                                      staging_buffer& staging) {
  read_alone(member, file, end_of_file);
  each_range(member, staging,
             [&](const std::vector<transfer_part>& inside, std::uint64_t first, std::uint64_t last, std::byte* buffer) {
               return read_range(file, inside, first, last, end_of_file, buffer);
             });
}

int collective_buffering::error() const noexcept {
  if (exchange_error_ != 0) return exchange_error_;
  for (int error : errors_)
    if (error != 0) return error;
  for (const slot& s : slots_)
    if (s.error != 0) return s.error;
  return 0;
}

}  // namespace weft::io
