// Finding the program to run: paths, the PATH search, and the three ways a name can be wrong.
#include "program_lookup.hpp"

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;
using weft::tools::find_program;
using weft::tools::usage_error;

// A scratch folder holding bin_a/ and bin_b/, removed at the end of each test.
class scratch_folders {
 public:
  scratch_folders() {
    std::string pattern = (fs::temp_directory_path() / "weft-lookup-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    root_ = pattern;
    fs::create_directory(root_ / "bin_a");
    fs::create_directory(root_ / "bin_b");
  }
  ~scratch_folders() { fs::remove_all(root_); }
  scratch_folders(const scratch_folders&) = delete;
  scratch_folders& operator=(const scratch_folders&) = delete;

  fs::path file(const std::string& relative, fs::perms mode) const {
    fs::path path = root_ / relative;
    std::ofstream(path) << "#!/bin/sh\n";
    fs::permissions(path, mode);
    return path;
  }
  fs::path folder(const std::string& relative) const { return root_ / relative; }
  std::string search_path() const { return (root_ / "bin_a").string() + ":" + (root_ / "bin_b").string(); }

 private:
  fs::path root_;
};

constexpr fs::perms executable = fs::perms::owner_all | fs::perms::group_read | fs::perms::others_read;
constexpr fs::perms readable = fs::perms::owner_read | fs::perms::owner_write;

std::string found(const std::variant<std::string, usage_error>& result) {
  if (auto* error = std::get_if<usage_error>(&result)) FAIL("unexpected error: " << error->message);
  return std::get<std::string>(result);
}

std::string error_of(const std::variant<std::string, usage_error>& result) {
  REQUIRE(std::holds_alternative<usage_error>(result));
  return std::get<usage_error>(result).message;
}

}  // namespace

TEST_CASE("a name with a slash is used as it is") {
  scratch_folders scratch;
  auto program = scratch.file("bin_a/app", executable);
  CHECK(found(find_program(program.string(), std::nullopt)) == program.string());
}

TEST_CASE("a missing path is reported as not found") {
  scratch_folders scratch;
  auto missing = scratch.folder("bin_a/missing").string();
  auto message = error_of(find_program(missing, scratch.search_path()));
  CHECK_THAT(message, Catch::Contains("'" + missing + "' not found"));
  CHECK_THAT(message, Catch::Contains("check the path"));
}

TEST_CASE("a directory is not a program") {
  scratch_folders scratch;
  auto message = error_of(find_program(scratch.folder("bin_a").string(), std::nullopt));
  CHECK_THAT(message, Catch::Contains("is a directory, not a program"));
}

TEST_CASE("a file without execute permission is reported with the fix") {
  scratch_folders scratch;
  auto program = scratch.file("bin_a/data", readable);
  auto message = error_of(find_program(program.string(), std::nullopt));
  CHECK_THAT(message, Catch::Contains("is not executable"));
  CHECK_THAT(message, Catch::Contains("chmod +x"));
}

TEST_CASE("a plain name is searched in PATH in order") {
  scratch_folders scratch;
  scratch.file("bin_b/app", executable);
  CHECK(found(find_program("app", scratch.search_path())) == scratch.folder("bin_b/app").string());
  scratch.file("bin_a/app", executable);
  CHECK(found(find_program("app", scratch.search_path())) == scratch.folder("bin_a/app").string());
}

TEST_CASE("the search goes past a match that cannot run") {
  scratch_folders scratch;
  scratch.file("bin_a/app", readable);
  scratch.file("bin_b/app", executable);
  CHECK(found(find_program("app", scratch.search_path())) == scratch.folder("bin_b/app").string());
}

TEST_CASE("a name only found unusable in PATH says why") {
  scratch_folders scratch;
  scratch.file("bin_b/data", readable);
  CHECK_THAT(error_of(find_program("data", scratch.search_path())), Catch::Contains("is not executable"));
  fs::create_directory(scratch.folder("bin_a/tools"));
  CHECK_THAT(error_of(find_program("tools", scratch.search_path())), Catch::Contains("is a directory"));
}

TEST_CASE("a name not in PATH says how to run it") {
  scratch_folders scratch;
  auto message = error_of(find_program("app", scratch.search_path()));
  CHECK_THAT(message, Catch::Contains("'app' not found in PATH"));
  CHECK_THAT(message, Catch::Contains("./app"));
}

TEST_CASE("without PATH the system's default path is searched") {
  CHECK_THAT(found(find_program("sh", std::nullopt)), Catch::EndsWith("/sh"));
}

TEST_CASE("an empty name is refused") {
  CHECK_THAT(error_of(find_program("", std::nullopt)), Catch::Contains("empty"));
}
