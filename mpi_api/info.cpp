// Info objects: ordered (key, value) hints. MPI_INFO_ENV is predefined and read-only; Weft puts no keys
// in it, which the standard allows.

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <memory>
#include <string>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"
#include "runtime/job.hpp"

weft_info_s weft_mpi_info_env;

using namespace weft::mpi;

namespace {

int check_writable(const char* call, MPI_Info info) {
  if (int error = check_info(call, MPI_COMM_WORLD, info, "info")) return error;
  if (info == MPI_INFO_ENV) return raise_error(MPI_COMM_WORLD, MPI_ERR_INFO, call, "MPI_INFO_ENV is read-only");
  return MPI_SUCCESS;
}

int check_key(const char* call, const char* key) {
  if (key == nullptr) return raise_error(MPI_COMM_WORLD, MPI_ERR_INFO_KEY, call, "key is NULL");
  std::size_t length = strnlen(key, MPI_MAX_INFO_KEY);
  if (length == 0 || length >= MPI_MAX_INFO_KEY)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_INFO_KEY, call, "key \"%.40s\" must have 1 to %d characters", key,
                       MPI_MAX_INFO_KEY - 1);
  return MPI_SUCCESS;
}

auto find_key(weft_info_s& info, const char* key) {
  return std::find_if(info.entries.begin(), info.entries.end(),
                      [key](const auto& entry) { return entry.first == key; });
}

}  // namespace

WEFT_PMPI_ALIAS(Info_create)
extern "C" int PMPI_Info_create(MPI_Info* info) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, info, "info")) return error;
  *info = new weft_info_s;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Info_set)
extern "C" int PMPI_Info_set(MPI_Info info, const char* key, const char* value) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_writable(call, info)) return error;
  if (int error = check_key(call, key)) return error;
  if (value == nullptr) return raise_error(MPI_COMM_WORLD, MPI_ERR_INFO_VALUE, call, "value is NULL");
  if (strnlen(value, MPI_MAX_INFO_VAL) >= MPI_MAX_INFO_VAL)
    return raise_error(MPI_COMM_WORLD, MPI_ERR_INFO_VALUE, call, "the value of \"%s\" is longer than %d characters",
                       key, MPI_MAX_INFO_VAL - 1);
  if (auto found = find_key(*info, key); found != info->entries.end())
    found->second = value;
  else
    info->entries.emplace_back(key, value);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Info_delete)
extern "C" int PMPI_Info_delete(MPI_Info info, const char* key) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_writable(call, info)) return error;
  if (int error = check_key(call, key)) return error;
  auto found = find_key(*info, key);
  if (found == info->entries.end())
    return raise_error(MPI_COMM_WORLD, MPI_ERR_INFO_NOKEY, call, "the info object has no key \"%s\"", key);
  info->entries.erase(found);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Info_get)
extern "C" int PMPI_Info_get(MPI_Info info, const char* key, int valuelen, char* value, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_info(call, MPI_COMM_WORLD, info, "info")) return error;
  if (int error = check_key(call, key)) return error;
  if (valuelen < 0) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "negative valuelen %d", valuelen);
  if (int error = check_output(call, MPI_COMM_WORLD, flag, "flag")) return error;
  auto found = find_key(*info, key);
  *flag = found != info->entries.end();
  if (!*flag) return MPI_SUCCESS;
  if (int error = check_output(call, MPI_COMM_WORLD, value, "value")) return error;
  // At most valuelen characters, then the terminator the standard asks for (value has valuelen + 1).
  std::size_t length = std::min(found->second.size(), static_cast<std::size_t>(valuelen));
  std::memcpy(value, found->second.data(), length);
  value[length] = '\0';
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Info_get_valuelen)
extern "C" int PMPI_Info_get_valuelen(MPI_Info info, const char* key, int* valuelen, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_info(call, MPI_COMM_WORLD, info, "info")) return error;
  if (int error = check_key(call, key)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, valuelen, "valuelen")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, flag, "flag")) return error;
  auto found = find_key(*info, key);
  *flag = found != info->entries.end();
  if (*flag) *valuelen = static_cast<int>(found->second.size());
  return MPI_SUCCESS;
}

// MPI-4.1, 10.1: on input *buflen is the room in value (which may be NULL when it is 0); on return the
// value's length with its terminator, whatever was copied.
WEFT_PMPI_ALIAS(Info_get_string)
extern "C" int PMPI_Info_get_string(MPI_Info info, const char* key, int* buflen, char* value, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_info(call, MPI_COMM_WORLD, info, "info")) return error;
  if (int error = check_key(call, key)) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, buflen, "buflen")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, flag, "flag")) return error;
  if (*buflen < 0) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "negative *buflen %d", *buflen);
  auto found = find_key(*info, key);
  *flag = found != info->entries.end();
  if (!*flag) return MPI_SUCCESS;
  if (*buflen > 0) {
    if (int error = check_output(call, MPI_COMM_WORLD, value, "value")) return error;
    std::size_t length = std::min(found->second.size(), static_cast<std::size_t>(*buflen - 1));
    std::memcpy(value, found->second.data(), length);
    value[length] = '\0';
  }
  *buflen = static_cast<int>(found->second.size()) + 1;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Info_get_nkeys)
extern "C" int PMPI_Info_get_nkeys(MPI_Info info, int* nkeys) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_info(call, MPI_COMM_WORLD, info, "info")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, nkeys, "nkeys")) return error;
  *nkeys = static_cast<int>(info->entries.size());
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Info_get_nthkey)
extern "C" int PMPI_Info_get_nthkey(MPI_Info info, int n, char* key) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_info(call, MPI_COMM_WORLD, info, "info")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, key, "key")) return error;
  if (n < 0 || n >= static_cast<int>(info->entries.size()))
    return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "n = %d, but the info object has %zu keys", n,
                       info->entries.size());
  const std::string& found = info->entries[n].first;
  std::memcpy(key, found.c_str(), found.size() + 1);
  return MPI_SUCCESS;
}

// MPI-4.1, 11.10.1: the keys of MPI_Info_env that Weft knows for this program: its command and arguments
// (from argc and argv, which C programs may pass as 0 and NULL), the ranks of the job, its working directory
// and host.
WEFT_PMPI_ALIAS(Info_create_env)
extern "C" int PMPI_Info_create_env(int argc, char* argv[], MPI_Info* info) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, info, "info")) return error;
  auto made = std::make_unique<weft_info_s>();
  if (argc > 0 && argv != nullptr && argv[0] != nullptr) {
    made->entries.emplace_back("command", argv[0]);
    std::string arguments;
    for (int i = 1; i < argc && argv[i] != nullptr; ++i) arguments += (i > 1 ? " " : "") + std::string(argv[i]);
    if (argc > 1) made->entries.emplace_back("argv", arguments);
  }
  made->entries.emplace_back("maxprocs", std::to_string(weft::runtime::job::current().size()));
  if (std::string directory(PATH_MAX, '\0'); getcwd(directory.data(), directory.size()) != nullptr)
    made->entries.emplace_back("wdir", directory.c_str());
  if (std::string host(HOST_NAME_MAX + 1, '\0'); gethostname(host.data(), host.size()) == 0)
    made->entries.emplace_back("host", host.c_str());
  *info = made.release();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Info_dup)
extern "C" int PMPI_Info_dup(MPI_Info info, MPI_Info* newinfo) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_info(call, MPI_COMM_WORLD, info, "info")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, newinfo, "newinfo")) return error;
  auto copy = std::make_unique<weft_info_s>();
  copy->entries = info->entries;
  *newinfo = copy.release();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Info_free)
extern "C" int PMPI_Info_free(MPI_Info* info) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, info, "info")) return error;
  if (int error = check_writable(call, *info)) return error;
  release(*info);
  *info = MPI_INFO_NULL;
  return MPI_SUCCESS;
}
