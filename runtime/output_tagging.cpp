#include "runtime/output_tagging.hpp"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <ext/stdio_sync_filebuf.h>
#include <iostream>
#include <string>

#include "runtime/rank.hpp"
#include "runtime/rank_slots.hpp"
#include "runtime/rank_threads.hpp"

namespace weft::runtime {
namespace {

struct tagged_stream {
  int fd;
  rank_slots<std::string> pending;  // per rank: the start of a line not yet ended
};

std::array<tagged_stream, 2>* streams = nullptr;  // stdout, stderr; set once before ranks start

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

void emit(tagged_stream& stream, int rank_id, std::string_view line) {
  std::string tagged = "[" + std::to_string(rank_id) + "] ";
  tagged.append(line);
  write_all(stream.fd, tagged);
}

ssize_t tagged_write(void* cookie, const char* data, std::size_t size) {
  auto& stream = *static_cast<tagged_stream*>(cookie);
  const rank* writer = served_rank();  // under the FILE's lock, whichever of its threads writes
  if (writer == nullptr) {  // not from a rank: the runtime itself
    write_all(stream.fd, std::string(data, size));
    return static_cast<ssize_t>(size);
  }
  std::string& pending = stream.pending[writer->id];
  std::string_view rest(data, size);
  for (std::size_t newline; (newline = rest.find('\n')) != std::string_view::npos;
       rest.remove_prefix(newline + 1)) {
    pending.append(rest.substr(0, newline + 1));
    emit(stream, writer->id, pending);
    pending.clear();
  }
  pending.append(rest);
  return static_cast<ssize_t>(size);
}

FILE* open_tagged(tagged_stream& stream) {
  cookie_io_functions_t functions{};
  functions.write = tagged_write;
  FILE* file = fopencookie(&stream, "w", functions);
  // Unbuffered: each call reaches tagged_write whole, while the writing rank is still the current one.
  if (file != nullptr) setvbuf(file, nullptr, _IONBF, 0);
  return file;
}

}  // namespace

void install_output_tagging() {
  // Lives until the process ends: ranks may write until the very last moment.
  static std::array<tagged_stream, 2> instance{{{STDOUT_FILENO, {}}, {STDERR_FILENO, {}}}};
  streams = &instance;
  std::fflush(stdout);
  std::fflush(stderr);
  FILE* out = open_tagged(instance[0]);
  FILE* err = open_tagged(instance[1]);
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
  for (tagged_stream& stream : *streams) {
    std::string& pending = stream.pending[rank_id];
    if (pending.empty()) continue;
    pending.push_back('\n');
    emit(stream, rank_id, pending);
    pending.clear();
  }
}

}  // namespace weft::runtime
