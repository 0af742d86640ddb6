#pragma once
// An open file of the operating system, and the calls MPI-IO makes on it. Every transfer is positioned
// (pread/pwrite): the node's ranks share one descriptor and never its offset. Failures come back as errno
// values; the MPI layer turns them into error classes that name the path.

#include <sys/types.h>

#include <cstddef>
#include <cstdint>

namespace weft::io {

// What a transfer did: the bytes moved before it stopped, and why it stopped early (errno; 0 at the
// end of the file for a read, or when everything moved).
struct transfer_result {
  std::size_t bytes = 0;
  int error = 0;
};

class posix_file {
 public:
  posix_file() noexcept = default;
  posix_file(posix_file&& other) noexcept : descriptor_(other.descriptor_) { other.descriptor_ = -1; }
  posix_file& operator=(posix_file&& other) noexcept;
  posix_file(const posix_file&) = delete;
  posix_file& operator=(const posix_file&) = delete;
  ~posix_file();

  // Opens `path` with open(2)'s `flags`; errno on failure.
  int open(const char* path, int flags) noexcept;
  bool is_open() const noexcept { return descriptor_ >= 0; }
  int descriptor() const noexcept { return descriptor_; }
  // Closes; the errno of a failed close (data lost on its way to storage).
  int close() noexcept;

  // The whole of `data` at `offset` (short writes and interrupted calls continued).
  transfer_result write_at(std::uint64_t offset, const std::byte* data, std::size_t bytes) const noexcept;
  // Up to `bytes` at `offset`: fewer only at the end of the file or on an error.
  transfer_result read_at(std::uint64_t offset, std::byte* data, std::size_t bytes) const noexcept;

  // The size in bytes; errno in `error`.
  struct size_result {
    std::uint64_t size = 0;
    int error = 0;
  };
  size_result size() const noexcept;
  int resize(std::uint64_t bytes) const noexcept;       // ftruncate
  int preallocate(std::uint64_t bytes) const noexcept;  // storage for the first `bytes`, growing the size to it
  int sync() const noexcept;                            // fsync
  // Whether the file lives on a file system that hosts share (NFS, SMB, Lustre, GPFS, BeeGFS, CephFS,
  // OrangeFS, PanFS, GFS2, OCFS2, AFS, 9P), as fstatfs says; false on local ones and when it cannot tell.
  bool shared_between_hosts() const noexcept;
  // A lock of bytes [first, last) against other processes, for writing (exclusive) or reading (shared):
  // an open file description lock, which the descriptor's users in this process do not exclude each
  // other by. Waited for; and its release.
  int lock_range(std::uint64_t first, std::uint64_t last, bool writes) const noexcept;
  void unlock_range(std::uint64_t first, std::uint64_t last) const noexcept;

 private:
  int descriptor_ = -1;
};

}  // namespace weft::io
