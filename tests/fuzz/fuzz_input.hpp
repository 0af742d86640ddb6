#pragma once
// The fuzzers' input read as a stream of choices. Past its end every choice is 0, so any input, even
// an empty one, is a complete program; the fuzzer's mutations then change one choice at a time.

#include <cstddef>
#include <cstdint>
#include <span>

namespace weft::fuzz {

class fuzz_input {
 public:
  explicit fuzz_input(std::span<const std::uint8_t> bytes) noexcept : bytes_(bytes) {}

  bool empty() const noexcept { return next_ >= bytes_.size(); }

  std::uint8_t byte() noexcept { return empty() ? 0 : bytes_[next_++]; }

  // A number in [0, n), n > 0.
  unsigned below(unsigned n) noexcept { return byte() % n; }

  // A number in [low, high], for arguments kept small enough to check element by element.
  int between(int low, int high) noexcept {
    return low + static_cast<int>(below(static_cast<unsigned>(high - low + 1)));
  }

  // Four bytes as they come: any int, for arguments whose extremes are worth trying.
  std::int32_t any_int() noexcept {
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i) value = value << 8 | byte();
    return static_cast<std::int32_t>(value);
  }

 private:
  std::span<const std::uint8_t> bytes_;
  std::size_t next_ = 0;
};

}  // namespace weft::fuzz
