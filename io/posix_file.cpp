#include "io/posix_file.hpp"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>

namespace weft::io {

posix_file& posix_file::operator=(posix_file&& other) noexcept {
  if (this != &other) {
    close();
    descriptor_ = other.descriptor_;
    other.descriptor_ = -1;
  }
  return *this;
}

posix_file::~posix_file() { close(); }

bool posix_file::shared_between_hosts() const noexcept {
  // The magic numbers of linux/magic.h, and those the parallel file systems' own clients use.
  constexpr std::array<unsigned long, 14> shared = {NFS_SUPER_MAGIC,           SMB_SUPER_MAGIC,
                                                    CIFS_SUPER_MAGIC,          0xFE534D42 /* SMB2 */,
                                                    CEPH_SUPER_MAGIC,          OCFS2_SUPER_MAGIC,
                                                    AFS_SUPER_MAGIC,           V9FS_MAGIC,
                                                    0x01161970 /* GFS2 */,     0x0BD00BD0 /* Lustre */,
                                                    0x47504653 /* GPFS */,     0x19830326 /* BeeGFS */,
                                                    0x20030528 /* OrangeFS */, 0xAAD7AAEA /* PanFS */};
  struct statfs facts{};
  if (::fstatfs(descriptor_, &facts) != 0) return false;
  auto type = static_cast<unsigned long>(static_cast<std::uint32_t>(facts.f_type));
  return std::find(shared.begin(), shared.end(), type) != shared.end();
}

int posix_file::open(const char* path, int flags) noexcept {
  close();
  do descriptor_ = ::open(path, flags | O_CLOEXEC, 0666);
  while (descriptor_ < 0 && errno == EINTR);
  return descriptor_ < 0 ? errno : 0;
}

int posix_file::close() noexcept {
  if (descriptor_ < 0) return 0;
  // Linux releases the descriptor even when close fails (EINTR included): never retry it.
  int result = ::close(descriptor_);
  descriptor_ = -1;
  return result == 0 ? 0 : errno;
}

transfer_result posix_file::write_at(std::uint64_t offset, const std::byte* data, std::size_t bytes) const noexcept {
  transfer_result done;
  while (done.bytes < bytes) {
    ssize_t n = ::pwrite(descriptor_, data + done.bytes, bytes - done.bytes, static_cast<off_t>(offset + done.bytes));
    if (n < 0) {
      if (errno == EINTR) continue;
      done.error = errno;
      return done;
    }
    if (n == 0) {
      done.error = ENOSPC;  // a regular file only writes nothing when there is no room
      return done;
    }
    done.bytes += static_cast<std::size_t>(n);
  }
  return done;
}

transfer_result posix_file::read_at(std::uint64_t offset, std::byte* data, std::size_t bytes) const noexcept {
  transfer_result done;
  while (done.bytes < bytes) {
    ssize_t n = ::pread(descriptor_, data + done.bytes, bytes - done.bytes, static_cast<off_t>(offset + done.bytes));
    if (n < 0) {
      if (errno == EINTR) continue;
      done.error = errno;
      return done;
    }
    if (n == 0) return done;  // the end of the file
    done.bytes += static_cast<std::size_t>(n);
  }
  return done;
}

posix_file::size_result posix_file::size() const noexcept {
  struct stat about{};
  if (::fstat(descriptor_, &about) != 0) return {0, errno};
  return {static_cast<std::uint64_t>(about.st_size), 0};
}

int posix_file::resize(std::uint64_t bytes) const noexcept {
  int result;
  do result = ::ftruncate(descriptor_, static_cast<off_t>(bytes));
  while (result != 0 && errno == EINTR);
  return result == 0 ? 0 : errno;
}

int posix_file::preallocate(std::uint64_t bytes) const noexcept {
  if (bytes == 0) return 0;
  // posix_fallocate returns the error rather than setting errno; file systems without fallocate get
  // glibc's emulation, which writes the missing blocks.
  return ::posix_fallocate(descriptor_, 0, static_cast<off_t>(bytes));
}

int posix_file::sync() const noexcept { return ::fsync(descriptor_) == 0 ? 0 : errno; }

namespace {

int set_lock(int descriptor, short type, std::uint64_t first, std::uint64_t last) noexcept {
  struct flock range{};
  range.l_type = type;
  range.l_whence = SEEK_SET;
  range.l_start = static_cast<off_t>(first);
  range.l_len = static_cast<off_t>(last - first);
  int result;
  do result = ::fcntl(descriptor, F_OFD_SETLKW, &range);
  while (result != 0 && errno == EINTR);
  return result == 0 ? 0 : errno;
}

}  // namespace

int posix_file::lock_range(std::uint64_t first, std::uint64_t last, bool writes) const noexcept {
  return first < last ? set_lock(descriptor_, writes ? F_WRLCK : F_RDLCK, first, last) : 0;
}

void posix_file::unlock_range(std::uint64_t first, std::uint64_t last) const noexcept {
  if (first < last) set_lock(descriptor_, F_UNLCK, first, last);
}

}  // namespace weft::io
