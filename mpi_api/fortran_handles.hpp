#pragma once
// The table of handles as Fortran integers (handle_conversion.cpp): a C handle is a pointer; its integer is
// an index into one table of the process, given on an object's first conversion and returned to the table
// when the object goes, so integers stay small and a stale one finds nothing. The null handles are 0.
// Inline here so that the Fortran bindings (fortran/arguments.hpp) look integers up in place.

#include <mpi.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

#include "mpi_api/errors.hpp"
#include "mpi_api/handles.hpp"

namespace weft::mpi {

namespace detail {
// The predefined objects take the integers mpif.h names them by: 1, 2, ... in mpi.h's order (0 is the null
// handle's, never an object's).
inline constexpr object_header* predefined_objects[] = {
#include "predefined_handles.inc"
};

inline constexpr int handle_chunk_bits = 12;
using handle_chunk = std::array<std::atomic<object_header*>, std::size_t{1} << handle_chunk_bits>;

// Entry i of the first chunk is integer i: the null handle, then the predefined objects.
template <std::size_t... I>
constexpr handle_chunk first_handle_chunk(std::index_sequence<I...>) noexcept {
  return {{(I >= 1 && I <= std::size(predefined_objects) ? predefined_objects[I - 1] : nullptr)...}};
}
}  // namespace detail

// Conversions are on the path of every Fortran call (a send converts its communicator and datatype), so
// looking an integer up takes no lock: the objects sit in chunks that, once made, never move or go, and an
// entry is published with a release store. Giving and taking back integers is rare and locked. The table
// is constant-initialized, its first chunk holding the predefined objects, so a lookup needs no guard of a
// first use, and integers are valid before MPI_Init.
class handle_table {
  static constexpr int chunk_bits = detail::handle_chunk_bits;
  static constexpr std::size_t chunk_size = std::size_t{1} << chunk_bits;
  using chunk = detail::handle_chunk;
  static constexpr auto& predefined = detail::predefined_objects;

 public:
  constexpr handle_table() noexcept
      : first_(detail::first_handle_chunk(std::make_index_sequence<chunk_size>())),
        chunks_{{&first_}},
        used_{static_cast<MPI_Fint>(std::size(predefined))} {}

  MPI_Fint integer_of(object_header& object) {
    std::atomic_ref<MPI_Fint> integer(object.fortran_handle);
    if (MPI_Fint given = integer.load(std::memory_order_acquire); given != 0) return given;
    std::lock_guard lock(mutex_);
    if (integer.load(std::memory_order_relaxed) == 0) {
      if (auto* found = std::find(std::begin(predefined), std::end(predefined), &object);
          found != std::end(predefined)) {
        // A predefined object has its integer from the start; it learns it on its first conversion.
        integer.store(static_cast<MPI_Fint>(found - std::begin(predefined)) + 1, std::memory_order_release);
      } else if (free_.empty()) {
        add(object);
      } else {
        MPI_Fint reused = free_.back();
        free_.pop_back();
        entry(reused).store(&object, std::memory_order_release);
        integer.store(reused, std::memory_order_release);
      }
    }
    return integer.load(std::memory_order_relaxed);
  }

  // The first chunk's integers (the predefined objects and the first thousands of others, every program's
  // all but the largest) are read straight from it: an entry past the highest integer given is null.
  [[gnu::always_inline]] object_header* object_of(MPI_Fint integer) const noexcept {
    if (static_cast<std::make_unsigned_t<MPI_Fint>>(integer) < chunk_size) [[likely]]
      return first_[static_cast<std::size_t>(integer)].load(std::memory_order_acquire);
    if (integer <= 0 || integer > used_.load(std::memory_order_acquire)) return nullptr;
    return entry(integer).load(std::memory_order_acquire);
  }

  void forget(object_header& object) {
    std::lock_guard lock(mutex_);
    entry(object.fortran_handle).store(nullptr, std::memory_order_release);
    free_.push_back(object.fortran_handle);
    std::atomic_ref<MPI_Fint>(object.fortran_handle).store(0, std::memory_order_release);
  }

 private:
  // Integer i names entry i of the chunks laid end to end (0 is the null handle's, never an object's).
  [[gnu::always_inline]] std::atomic<object_header*>& entry(MPI_Fint integer) const noexcept {
    auto index = static_cast<std::size_t>(integer);
    return (*chunks_[index >> chunk_bits].load(std::memory_order_acquire))[index & (chunk_size - 1)];
  }

  // The next integer, for `object`; with the lock held.
  void add(object_header& object) {
    MPI_Fint integer = used_.load(std::memory_order_relaxed) + 1;
    auto index = static_cast<std::size_t>(integer);
    if ((index >> chunk_bits) >= chunks_.size()) {
      raise_error(MPI_COMM_WORLD, MPI_ERR_INTERN, "MPI_*_c2f", "more than %zu objects have Fortran integers",
                  chunks_.size() * chunk_size - 1);
      return;
    }
    if (chunks_[index >> chunk_bits].load(std::memory_order_relaxed) == nullptr)
      chunks_[index >> chunk_bits].store(new chunk(), std::memory_order_release);
    entry(integer).store(&object, std::memory_order_release);
    std::atomic_ref<MPI_Fint>(object.fortran_handle).store(integer, std::memory_order_release);
    used_.store(integer, std::memory_order_release);
  }

  std::mutex mutex_;
  chunk first_;
  std::array<std::atomic<chunk*>, 4096> chunks_{};  // up to 16 M integers, chunks made as they fill
  std::atomic<MPI_Fint> used_{0};                   // the highest integer given
  std::vector<MPI_Fint> free_;                      // integers given back, for reuse
};

namespace detail {
// Hidden: the bindings reach it at a fixed offset from their code, not through the GOT.
[[gnu::visibility("hidden")]] inline constinit handle_table the_table;
}  // namespace detail

[[gnu::always_inline]] inline handle_table& fortran_handles() { return detail::the_table; }

// The object of `kind` an integer names; the null handle when it names none.
template <class Handle>
[[gnu::always_inline]] inline Handle handle_of(MPI_Fint integer, object_kind kind) noexcept {
  object_header* object = fortran_handles().object_of(integer);
  if (object == nullptr || object->kind != kind) [[unlikely]]
    return nullptr;
  return static_cast<Handle>(object);
}

}  // namespace weft::mpi
