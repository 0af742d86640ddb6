// The PATH search of execvp, done ahead of time so that each way of naming a program wrongly gets its
// own message.
#include "program_lookup.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "option_values.hpp"

namespace weft::tools {
namespace {

enum class file_kind { missing, directory, not_executable, executable };

file_kind classify(const std::string& path) {
  struct stat info{};
  if (::stat(path.c_str(), &info) != 0) return file_kind::missing;
  if (S_ISDIR(info.st_mode)) return file_kind::directory;
  // access() rather than the mode bits: it also accounts for ownership, ACLs and noexec mounts.
  if (!S_ISREG(info.st_mode) || ::access(path.c_str(), X_OK) != 0) return file_kind::not_executable;
  return file_kind::executable;
}

usage_error unusable(std::string_view shown, file_kind kind) {
  if (kind == file_kind::directory)
    return {quoted(shown) + " is a directory, not a program; name the program inside it"};
  return {quoted(shown) + " is not executable; make it executable (chmod +x) or name the right file"};
}

// What execvp uses when PATH is unset.
std::string default_search_path() {
  std::size_t length = ::confstr(_CS_PATH, nullptr, 0);
  if (length == 0) return "/bin:/usr/bin";
  std::string path(length, '\0');
  ::confstr(_CS_PATH, path.data(), length);
  path.resize(length - 1);
  return path;
}

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> folders;
  for (;;) {
    auto colon = path.find(':');
    // An empty entry means the current folder, as in execvp.
    std::string_view folder = path.substr(0, colon);
    folders.emplace_back(folder.empty() ? "." : folder);
    if (colon == std::string_view::npos) return folders;
    path.remove_prefix(colon + 1);
  }
}

}  // namespace

std::variant<std::string, usage_error> find_program(std::string_view name,
                                                    std::optional<std::string_view> path_variable) {
  if (name.empty()) return usage_error{"the program name is empty; name the program to run after the options"};

  if (name.find('/') != std::string_view::npos) {
    std::string path(name);
    file_kind kind = classify(path);
    if (kind == file_kind::executable) return path;
    if (kind == file_kind::missing) return usage_error{"program " + quoted(name) + " not found; check the path"};
    return unusable(name, kind);
  }

  std::string search = path_variable ? std::string(*path_variable) : default_search_path();
  // Like execvp, a match that cannot run does not end the search, but it explains a failure better
  // than "not found" does.
  std::optional<std::pair<std::string, file_kind>> first_unusable;
  for (const std::string& folder : split_path(search)) {
    std::string candidate = folder + "/" + std::string(name);
    file_kind kind = classify(candidate);
    if (kind == file_kind::executable) return candidate;
    if (kind != file_kind::missing && !first_unusable) first_unusable.emplace(candidate, kind);
  }
  if (first_unusable) return unusable(first_unusable->first, first_unusable->second);
  return usage_error{"program " + quoted(name) + " not found in PATH; give its path (e.g. ./" + std::string(name) +
                     ") or add its folder to PATH"};
}

}  // namespace weft::tools
