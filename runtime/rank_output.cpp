#include "runtime/rank_output.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ext/stdio_sync_filebuf.h>
#include <filesystem>
#include <iostream>
#include <string>

#include "runtime/job.hpp"
#include "runtime/output_file_pattern.hpp"
#include "runtime/rank.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/rank_threads.hpp"
#include "runtime/report.hpp"

namespace weft::runtime {
namespace {

// A rank's file, opened at its first line.
struct rank_file {
  int fd = -1;
};

struct rank_stream {
  int fd;  // the process's own: the terminal, or wherever mpirun's output goes
  bool tag = false;
  bool copy = false;
  std::optional<std::string> pattern{};
  rank_slots<std::string> pending{};       // per rank: the start of a line not yet ended (tagging)
  rank_slots<rank_file>* files = nullptr;  // shared by stdout and stderr when their patterns are one
};

std::array<rank_stream, 2>* streams = nullptr;  // stdout, stderr; set once before ranks start

void write_all(int fd, std::string_view text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

void emit(rank_stream& stream, int rank_id, std::string_view line) {
  std::string tagged = "[" + std::to_string(rank_id) + "] ";
  tagged.append(line);
  write_all(stream.fd, tagged);
}

std::string host_name() {
  char name[256] = {};
  ::gethostname(name, sizeof name - 1);
  return name;
}

// The rank's file, created with its folders at the first line; the job ends if it cannot be, as a
// program's output must not vanish.
int file_of(rank_stream& stream, int rank_id) {
  rank_file& file = (*stream.files)[rank_id];
  if (file.fd >= 0) return file.fd;
  std::string path = expand_file_pattern(*stream.pattern, rank_id, job::current().size(), host_name());
  std::error_code error;
  std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (!folder.empty()) std::filesystem::create_directories(folder, error);
  file.fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  if (file.fd < 0)
    fatal(1, "rank %d: cannot create its output file '%s': %s", rank_id, path.c_str(), std::strerror(errno));
  return file.fd;
}

// The terminal's share of a rank's write: whole lines, tagged if asked.
void to_terminal(rank_stream& stream, int rank_id, std::string_view rest) {
  if (!stream.tag) {
    write_all(stream.fd, rest);
    return;
  }
  std::string& pending = stream.pending[rank_id];
  for (std::size_t newline; (newline = rest.find('\n')) != std::string_view::npos; rest.remove_prefix(newline + 1)) {
    pending.append(rest.substr(0, newline + 1));
    emit(stream, rank_id, pending);
    pending.clear();
  }
  pending.append(rest);
}

ssize_t rank_write(void* cookie, const char* data, std::size_t size) {
  auto& stream = *static_cast<rank_stream*>(cookie);
  const rank* writer = served_rank();  // under the FILE's lock, whichever of its threads writes
  std::string_view text(data, size);
  if (writer == nullptr) {  // not from a rank: the runtime itself
    write_all(stream.fd, text);
    return static_cast<ssize_t>(size);
  }
  if (stream.pattern) write_all(file_of(stream, writer->id), text);
  if (!stream.pattern || stream.copy) to_terminal(stream, writer->id, text);
  return static_cast<ssize_t>(size);
}

FILE* open_rank_stream(rank_stream& stream) {
  cookie_io_functions_t functions{};
  functions.write = rank_write;
  FILE* file = fopencookie(&stream, "w", functions);
  // Unbuffered: each call reaches rank_write whole, while the writing rank is still the current one.
  if (file != nullptr) setvbuf(file, nullptr, _IONBF, 0);
  return file;
}

}  // namespace

void install_rank_output(const rank_output_settings& settings) {
  if (!settings.tag && !settings.output_file && !settings.error_file) return;
  for (const auto* pattern : {&settings.output_file, &settings.error_file})
    if (*pattern)
      if (auto error = file_pattern_error(**pattern))
        fatal(1, "the rank output file pattern '%s' is not valid: %s", (*pattern)->c_str(), error->c_str());
  // Lives until the process ends: ranks may write until the very last moment.
  static std::array<rank_stream, 2> instance{{{STDOUT_FILENO}, {STDERR_FILENO}}};
  static rank_slots<rank_file> output_files, error_files;
  instance[0].pattern = settings.output_file;
  instance[0].files = &output_files;
  instance[1].pattern = settings.error_file;
  instance[1].files = settings.error_file == settings.output_file ? &output_files : &error_files;
  for (rank_stream& stream : instance) {
    stream.tag = settings.tag;
    stream.copy = settings.copy_to_terminal;
  }
  streams = &instance;
  std::fflush(stdout);
  std::fflush(stderr);
  FILE* out = open_rank_stream(instance[0]);
  FILE* err = open_rank_stream(instance[1]);
  if (out == nullptr || err == nullptr) return;
  stdout = out;
  stderr = err;
  // iostreams hold their own FILE pointers, taken when the library started.
  static __gnu_cxx::stdio_sync_filebuf<char> out_buffer(out), err_buffer(err);
  std::cout.rdbuf(&out_buffer);
  std::cerr.rdbuf(&err_buffer);
}

void flush_rank_output(int rank_id) {
  if (streams == nullptr) return;
  for (rank_stream& stream : *streams) {
    if (!stream.tag) continue;
    std::string& pending = stream.pending[rank_id];
    if (pending.empty()) continue;
    pending.push_back('\n');
    emit(stream, rank_id, pending);
    pending.clear();
  }
}

}  // namespace weft::runtime
