// The hosts of PBS/Torque, LSF and SGE allocations, read from their variables and node files.
#include "batch_allocation.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <string>

using namespace weft::tools;

namespace {

struct allocation_environment {
  std::map<std::string, std::string> variables;
  std::map<std::string, std::string> files{};

  batch_allocation_result read() const {
    return current_batch_allocation(
        [this](const char* name) -> const char* {
          auto found = variables.find(name);
          return found == variables.end() ? nullptr : found->second.c_str();
        },
        [this](const std::string& path) -> std::optional<std::string> {
          auto found = files.find(path);
          if (found == files.end()) return std::nullopt;
          return found->second;
        });
  }
};

batch_allocation allocation_of(const allocation_environment& environment) {
  auto result = environment.read();
  REQUIRE(std::holds_alternative<std::optional<batch_allocation>>(result));
  auto found = std::get<std::optional<batch_allocation>>(result);
  REQUIRE(found);
  return *found;
}

std::string error_of(const allocation_environment& environment) {
  auto result = environment.read();
  REQUIRE(std::holds_alternative<usage_error>(result));
  return std::get<usage_error>(result).message;
}

}  // namespace

TEST_CASE("outside a batch allocation there are no hosts", "[batch]") {
  auto result = allocation_environment{}.read();
  REQUIRE(std::holds_alternative<std::optional<batch_allocation>>(result));
  CHECK_FALSE(std::get<std::optional<batch_allocation>>(result));
}

TEST_CASE("PBS lists each host once per slot in PBS_NODEFILE", "[batch]") {
  allocation_environment pbs{{{"PBS_NODEFILE", "/var/spool/pbs/aux/42"}},
                             {{"/var/spool/pbs/aux/42", "n01\nn01\nn01\nn02\nn02\nn02\n\n"}}};
  auto found = allocation_of(pbs);
  CHECK(found.source == "PBS_NODEFILE");
  CHECK(found.hosts == std::vector<host_entry>{{"n01", 3}, {"n02", 3}});
  pbs.files.clear();
  CHECK(error_of(pbs).find("cannot read PBS_NODEFILE '/var/spool/pbs/aux/42'") != std::string::npos);
  pbs.files["/var/spool/pbs/aux/42"] = "\n";
  CHECK(error_of(pbs).find("PBS_NODEFILE names no host") != std::string::npos);
}

TEST_CASE("LSF gives hosts and slots in LSB_MCPU_HOSTS, or a host per slot in LSB_HOSTS", "[batch]") {
  auto pairs = allocation_of({{{"LSB_MCPU_HOSTS", "hostA 4 hostB 2 "}, {"LSB_HOSTS", "ignored"}}});
  CHECK(pairs.source == "LSB_MCPU_HOSTS");
  CHECK(pairs.hosts == std::vector<host_entry>{{"hostA", 4}, {"hostB", 2}});
  auto per_slot = allocation_of({{{"LSB_HOSTS", "hostA hostA hostB"}}});
  CHECK(per_slot.hosts == std::vector<host_entry>{{"hostA", 2}, {"hostB", 1}});
  CHECK(error_of({{{"LSB_MCPU_HOSTS", "hostA four"}}}).find("LSB_MCPU_HOSTS says 'hostA four'") != std::string::npos);
  CHECK(error_of({{{"LSB_MCPU_HOSTS", "hostA"}}}).find("where a host and its number of slots go") != std::string::npos);
}

TEST_CASE("SGE's PE_HOSTFILE gives a host, its slots, a queue and processors a line", "[batch]") {
  allocation_environment sge{{{"PE_HOSTFILE", "/tmp/pe_hostfile"}},
                             {{"/tmp/pe_hostfile", "node7 8 all.q@node7 UNDEFINED\nnode9 4 all.q@node9 UNDEFINED\n"}}};
  auto found = allocation_of(sge);
  CHECK(found.source == "PE_HOSTFILE");
  CHECK(found.hosts == std::vector<host_entry>{{"node7", 8}, {"node9", 4}});
  sge.files["/tmp/pe_hostfile"] = "node7 0 all.q UNDEFINED\n";
  CHECK(error_of(sge).find("PE_HOSTFILE says 'node7 0 all.q UNDEFINED'") != std::string::npos);
}
