// Hosts as --hosts lists them and as hostfiles write them, with every mistake reported by line.
#include "host_list.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <vector>

namespace {

using weft::tools::host_entry;
using weft::tools::host_list_result;
using hosts = std::vector<host_entry>;

hosts parsed(const host_list_result& result) {
  if (auto* error = std::get_if<weft::tools::usage_error>(&result)) FAIL("unexpected usage error: " << error->message);
  return std::get<hosts>(result);
}

std::string error_of(const host_list_result& result) {
  REQUIRE(std::holds_alternative<weft::tools::usage_error>(result));
  return std::get<weft::tools::usage_error>(result).message;
}

host_list_result hostfile(const char* text) { return weft::tools::parse_hostfile(text, "hosts.txt"); }

}  // namespace

TEST_CASE("a host list separates hosts by commas, each with optional slots") {
  using weft::tools::parse_host_list;
  CHECK(parsed(parse_host_list("a", "--hosts")) == hosts{{"a", std::nullopt}});
  CHECK(parsed(parse_host_list("node1.example:8,node2", "-H")) == hosts{{"node1.example", 8}, {"node2", std::nullopt}});
  CHECK_THAT(error_of(parse_host_list("", "--hosts")), Catch::Contains("empty host name"));
  CHECK_THAT(error_of(parse_host_list("a,", "--hosts")), Catch::Contains("empty host name in '--hosts' 'a,'"));
  CHECK_THAT(error_of(parse_host_list(":4", "-H")), Catch::Contains("empty host name"));
  CHECK_THAT(error_of(parse_host_list("a b", "-H")), Catch::Contains("contains a space"));
  for (const char* bad : {"a:", "a:0", "a:-1", "a:2x", "a:1:2"}) {
    INFO(bad);
    CHECK_THAT(error_of(parse_host_list(bad, "--hosts")), Catch::Contains("invalid slot count"));
  }
}

TEST_CASE("a host name with a control character is refused") {
  using namespace std::string_view_literals;
  using weft::tools::parse_host_list;
  // Found by host_list_fuzzer: a newline inside --hosts made a host name that reached the remote shell.
  CHECK_THAT(error_of(parse_host_list("o\x9d\x9e\x93\x91os\n\0\0"
                                      "4"sv,
                                      "--hosts")),
             Catch::Contains("control character"));
  CHECK_THAT(error_of(parse_host_list("a,b\x1b:2", "-H")),
             Catch::StartsWith("host name in '-H'") && Catch::Contains("contains a control character"));
}

TEST_CASE("a host name the remote shell would misread is refused") {
  // Found by hostfile_fuzzer: a hostfile line ",\xff\xfb" was a host named with a comma.
  CHECK_THAT(error_of(hostfile("a\n,\xff\xfb\n")), Catch::Contains("contains a comma; write one host a line"));
  CHECK_THAT(error_of(hostfile("a,b slots=2\n")), Catch::Contains("hosts.txt' line 1 contains a comma"));
  CHECK_THAT(error_of(weft::tools::parse_host_list("a,-oProxyCommand=x", "--hosts")),
             Catch::Contains("starts with '-'"));
  CHECK_THAT(error_of(hostfile("-v\n")), Catch::Contains("starts with '-'"));
}

TEST_CASE("a hostfile takes host, host:N and host slots=N lines, comments and blank lines") {
  CHECK(parsed(hostfile("# the cluster\n"
                        "a\n"
                        "\n"
                        "  b:4  \n"
                        "c slots=2   # a comment\n"
                        "d\tslots=3\r\n"
                        "e")) == hosts{{"a", std::nullopt}, {"b", 4}, {"c", 2}, {"d", 3}, {"e", std::nullopt}});
}

TEST_CASE("a hostfile's mistakes name the file, the line and what to write") {
  CHECK_THAT(error_of(hostfile("a\nb slots=0\n")),
             Catch::Contains("invalid slot count '0' in hostfile 'hosts.txt' line 2"));
  CHECK_THAT(error_of(hostfile("a cpus=4\n")),
             Catch::Contains("cannot read 'cpus=4' after the host in hostfile 'hosts.txt' line 1; write host"));
  CHECK_THAT(error_of(hostfile("a:2 slots=4\n")), Catch::Contains("line 1"));
  CHECK_THAT(error_of(hostfile("a:x\n")), Catch::Contains("invalid slot count 'x' for host 'a'"));
  CHECK_THAT(error_of(hostfile("# nothing\n\n")), Catch::Contains("hostfile 'hosts.txt' names no host"));
}

TEST_CASE("a hostfile is read from its path, and a missing one is reported") {
  const std::string path = "host_list_test_hosts.txt";
  std::ofstream(path) << "x:2\ny\n";
  CHECK(parsed(weft::tools::read_hostfile(path)) == hosts{{"x", 2}, {"y", std::nullopt}});
  std::remove(path.c_str());
  CHECK_THAT(error_of(weft::tools::read_hostfile("no-such-folder/hosts")),
             Catch::Contains("cannot read hostfile 'no-such-folder/hosts': No such file or directory; check the path"));
}

TEST_CASE("Slurm-style ranges in brackets stand for their hosts, in lists and hostfiles") {
  using weft::tools::parse_host_list;
  CHECK(parsed(parse_host_list("node[08-10,7]:2,gpu1", "--hosts")) ==
        hosts{{"node08", 2}, {"node09", 2}, {"node10", 2}, {"node7", 2}, {"gpu1", std::nullopt}});
  CHECK(parsed(parse_host_list("r[1-2]n[1-2]", "-H")) ==
        hosts{{"r1n1", std::nullopt}, {"r1n2", std::nullopt}, {"r2n1", std::nullopt}, {"r2n2", std::nullopt}});
  CHECK(parsed(hostfile("c[1-2].cluster slots=4\n")) == hosts{{"c1.cluster", 4}, {"c2.cluster", 4}});
  // Found by the fuzzers: a stray ']' before a range let a comma into a name.
  CHECK_THAT(error_of(hostfile("nodenod],[1]oYn-\n")), Catch::Contains("line 1"));
  for (const char* bad : {"n[1-", "n]1", "n[]", "n[3-1]", "n[a-b]", "n[1--2]", "n[1,]", "[7]7],x", "a],[1]b",
                          "n[3----]", "n[-3]", "n[3-]", "n[1234567890]"}) {
    INFO(bad);
    CHECK_THAT(error_of(parse_host_list(bad, "--hosts")), Catch::Contains("in '--hosts'"));
  }
  CHECK_THAT(error_of(parse_host_list("n[0-999999]", "--hosts")), Catch::Contains("more than 100000 hosts"));
  // Ranges multiply: the bound is on all the names together.
  CHECK_THAT(error_of(parse_host_list("r[0-999]n[0-999]", "--hosts")), Catch::Contains("more than 100000 hosts"));
  CHECK(parsed(parse_host_list("r[0-99]n[0-999]", "--hosts")).size() == 100000);
}

TEST_CASE("a hostfile's max_slots bounds its host, in either spelling and order") {
  hosts expected{{"a", 2, 4}, {"b", std::nullopt, 3}};
  CHECK(parsed(hostfile("a slots=2 max_slots=4\nb max-slots=3\n")) == expected);
  CHECK(parsed(hostfile("a max_slots=4 slots=2\nb max_slots=3\n")) == expected);
  CHECK_THAT(error_of(hostfile("a slots=5 max_slots=4\n")), Catch::Contains("more slots (5) than max_slots (4)"));
  CHECK_THAT(error_of(hostfile("a max_slots=0\n")), Catch::Contains("invalid slot count '0'"));
  CHECK_THAT(error_of(hostfile("a slots=1 slots=2\n")), Catch::Contains("cannot read 'slots=2'"));
  CHECK_THAT(error_of(hostfile("a cpus=2\n")), Catch::Contains("write host, host:N or host slots=N max_slots=M"));
}
