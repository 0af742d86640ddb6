// The node plan: which node process holds which block of ranks, for every way of asking, and the
// contradictions it refuses.
#include "node_plan.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace {

using weft::tools::host_entry;
using weft::tools::launch_options;
using weft::tools::node_plan;

// -n, --nodes and -ppn; the ones not named are not given.
struct request {
  std::optional<int> ranks = std::nullopt;
  std::optional<int> nodes = std::nullopt;
  std::optional<int> ppn = std::nullopt;
};

weft::tools::node_plan_result plan_of(request asked, std::vector<host_entry> hosts = {}) {
  launch_options options;
  options.ranks = asked.ranks;
  options.nodes = asked.nodes;
  options.ranks_per_node = asked.ppn;
  return weft::tools::plan_nodes(options, hosts);
}

node_plan planned(request asked, std::vector<host_entry> hosts = {}) {
  auto result = plan_of(asked, std::move(hosts));
  if (auto* error = std::get_if<weft::tools::usage_error>(&result)) FAIL("unexpected usage error: " << error->message);
  return std::get<node_plan>(result);
}

std::string error_of(request asked, std::vector<host_entry> hosts = {}) {
  auto result = plan_of(asked, std::move(hosts));
  REQUIRE(std::holds_alternative<weft::tools::usage_error>(result));
  return std::get<weft::tools::usage_error>(result).message;
}

// Each node's rank count, in node order.
std::vector<int> sizes(const node_plan& plan) {
  std::vector<int> result;
  for (const auto& node : plan.nodes) result.push_back(node.ranks);
  return result;
}

std::vector<std::string> hosts_of(const node_plan& plan) {
  std::vector<std::string> result;
  for (const auto& node : plan.nodes) result.push_back(node.host);
  return result;
}

using counts = std::vector<int>;
using names = std::vector<std::string>;

}  // namespace

TEST_CASE("without node options the job is one node on this machine") {
  auto plan = planned({});
  CHECK(plan.ranks == 1);
  CHECK(sizes(plan) == counts{1});
  CHECK(hosts_of(plan) == names{"localhost"});
  CHECK_FALSE(plan.on_named_hosts);
  CHECK(sizes(planned({.ranks = 64})) == counts{64});
}

TEST_CASE("a node count spreads the ranks evenly, the first N%K nodes one more, in contiguous blocks") {
  auto plan = planned({.ranks = 10, .nodes = 4});
  CHECK(sizes(plan) == counts{3, 3, 2, 2});
  CHECK(plan.ranks == 10);
  CHECK(hosts_of(plan) == names{"localhost", "localhost", "localhost", "localhost"});
  std::vector<int> firsts;
  for (const auto& node : plan.nodes) firsts.push_back(node.first_rank);
  CHECK(firsts == counts{0, 3, 6, 8});
  CHECK(sizes(planned({.ranks = 8, .nodes = 2})) == counts{4, 4});
  CHECK(sizes(planned({.ranks = 3, .nodes = 3})) == counts{1, 1, 1});
  // Without -n, one rank a node.
  CHECK(sizes(planned({.nodes = 3})) == counts{1, 1, 1});
}

TEST_CASE("a node count with fewer ranks than nodes is an error naming both") {
  auto message = error_of({.ranks = 2, .nodes = 4});
  CHECK_THAT(message, Catch::Contains("2 ranks cannot fill the 4 nodes that --nodes asks for"));
  CHECK_THAT(message, Catch::Contains("at least 4 ranks"));
}

TEST_CASE("ranks per node put P ranks on each node and the remainder on the last") {
  CHECK(sizes(planned({.ranks = 7, .ppn = 3})) == counts{3, 3, 1});
  CHECK(sizes(planned({.ranks = 6, .ppn = 3})) == counts{3, 3});
  CHECK(sizes(planned({.ranks = 2, .ppn = 3})) == counts{2});
  CHECK(sizes(planned({.ppn = 4})) == counts{4});
  CHECK(sizes(planned({.nodes = 3, .ppn = 2})) == counts{2, 2, 2});
  CHECK(sizes(planned({.ranks = 5, .nodes = 3, .ppn = 2})) == counts{2, 2, 1});
}

TEST_CASE("ranks per node and --nodes that disagree are errors saying what to change") {
  CHECK_THAT(error_of({.ranks = 7, .nodes = 2, .ppn = 3}),
             Catch::Contains("7 ranks at -ppn 3 need 3 nodes, but --nodes gives 2; raise -ppn, lower -n"));
  CHECK_THAT(error_of({.ranks = 4, .nodes = 4, .ppn = 2}),
             Catch::Contains("4 ranks cannot fill the 4 nodes that --nodes asks for; give at least 7 ranks"));
}

TEST_CASE("named hosts: one node per host, each its slots, ranks beyond the slots spread evenly") {
  std::vector<host_entry> hosts{{"a", 4}, {"b", 2}};
  auto plan = planned({.ranks = 6}, hosts);
  CHECK(plan.on_named_hosts);
  CHECK(hosts_of(plan) == names{"a", "b"});
  CHECK(sizes(plan) == counts{4, 2});
  CHECK(sizes(planned({.ranks = 9}, hosts)) == counts{6, 3});
  CHECK(sizes(planned({.ranks = 10}, hosts)) == counts{6, 4});
  // Without -n, the slots; a host without slots counts one.
  CHECK(sizes(planned({}, hosts)) == counts{4, 2});
  CHECK(sizes(planned({}, {{"a", std::nullopt}, {"b", 3}})) == counts{1, 3});
  CHECK(sizes(planned({.ranks = 7}, {{"a", std::nullopt}, {"b", std::nullopt}})) == counts{4, 3});
}

TEST_CASE("hosts the ranks do not reach are left out unless --nodes asked for them") {
  std::vector<host_entry> hosts{{"a", 4}, {"b", 4}, {"c", 4}};
  auto plan = planned({.ranks = 5}, hosts);
  CHECK(hosts_of(plan) == names{"a", "b"});
  CHECK(sizes(plan) == counts{4, 1});
  CHECK(sizes(planned({.ranks = 3}, hosts)) == counts{3});
  CHECK_THAT(error_of({.ranks = 5, .nodes = 3}, hosts), Catch::Contains("cannot fill the 3 nodes"));
}

TEST_CASE("a node count with hosts uses the first K hosts, and no more than there are") {
  std::vector<host_entry> hosts{{"a", std::nullopt}, {"b", std::nullopt}, {"c", std::nullopt}};
  auto plan = planned({.ranks = 8, .nodes = 2}, hosts);
  CHECK(hosts_of(plan) == names{"a", "b"});
  CHECK(sizes(plan) == counts{4, 4});
  CHECK_THAT(error_of({.ranks = 8, .nodes = 4}, hosts),
             Catch::Contains("--nodes 4 asks for more nodes than the 3 hosts given"));
}

TEST_CASE("ranks per node on hosts override their slots and use as many hosts as needed") {
  std::vector<host_entry> hosts{{"a", 8}, {"b", 8}, {"c", 8}};
  CHECK(sizes(planned({.ranks = 5, .ppn = 2}, hosts)) == counts{2, 2, 1});
  CHECK(hosts_of(planned({.ranks = 4, .ppn = 2}, hosts)) == names{"a", "b"});
  CHECK(sizes(planned({.ppn = 3}, hosts)) == counts{3, 3, 3});
  CHECK_THAT(error_of({.ranks = 7, .ppn = 2}, hosts),
             Catch::Contains("7 ranks at -ppn 2 need 4 nodes, but only 3 hosts are given; raise -ppn, lower -n or give "
                             "more hosts"));
}

TEST_CASE("a host named twice is one host with the slots of both") {
  auto plan = planned({}, {{"a", std::nullopt}, {"b", 2}, {"a", 3}});
  CHECK(hosts_of(plan) == names{"a", "b"});
  CHECK(sizes(plan) == counts{4, 2});
}

TEST_CASE("a host named twice with more than INT_MAX slots in all is refused") {
  // Found by host_list_fuzzer: --hosts a:1777777659,...,a:444444414 overflowed the int of merged slots.
  CHECK_THAT(error_of({}, {{"a", 1'777'777'659}, {"b", 2}, {"a", 444'444'414}}),
             Catch::Contains("host a is given 2222222073 slots in all, more than 2147483647"));
}

TEST_CASE("more node processes on this machine than mpirun starts are refused before any is planned") {
  // Found by launcher_arguments_fuzzer: --nodes=44444446 listed 44 million node processes and timed out.
  CHECK_THAT(error_of({.nodes = 44'444'446}), Catch::Contains("--nodes 44444446 asks for more node processes"));
  CHECK_THAT(error_of({.ranks = 2'000'000'000, .ppn = 1}),
             Catch::Contains("2000000000 ranks at -ppn 1 need 2000000000 nodes, more node processes on this"));
  CHECK(sizes(planned({.nodes = weft::tools::max_local_nodes})).size() == std::size_t{weft::tools::max_local_nodes});
}

TEST_CASE("a job of more than INT_MAX ranks is refused") {
  CHECK_THAT(error_of({.ppn = 2'000'000'000}, {{"a", std::nullopt}, {"b", std::nullopt}}),
             Catch::Contains("the job would have 4000000000 ranks"));
}

TEST_CASE("nodes are described by index, host and ranks") {
  auto plan = planned({.ranks = 9, .nodes = 3});
  CHECK(weft::tools::node_description(plan, 1) == "node 1 (localhost, ranks 3-5)");
  CHECK(weft::tools::node_description(planned({.ranks = 2, .nodes = 2}), 1) == "node 1 (localhost, rank 1)");
}

TEST_CASE("how to reach other hosts needs hosts, named or from an allocation") {
  launch_options options;
  options.remote_shell = "rsh";
  auto alone = weft::tools::plan_nodes(options, std::vector<host_entry>{});
  REQUIRE(std::holds_alternative<weft::tools::usage_error>(alone));
  CHECK_THAT(std::get<weft::tools::usage_error>(alone).message, Catch::Contains("no hosts are given; add --hosts"));
  options.remote_shell.reset();
  options.nodes = 2;
  options.interface = "lo";
  auto local = weft::tools::plan_nodes(options, std::vector<host_entry>{});
  REQUIRE(std::holds_alternative<weft::tools::usage_error>(local));
  CHECK_THAT(std::get<weft::tools::usage_error>(local).message, Catch::Contains("-iface chooses the network"));
  options.remote_shell = "rsh";
  CHECK(std::holds_alternative<node_plan>(
      weft::tools::plan_nodes(options, std::vector<host_entry>{{"n01", 2}, {"n02", 2}})));
}

namespace {

// An MPMD job of parts with these rank counts, on `hosts` (or here), with --nodes when given.
node_plan planned_parts(std::vector<int> part_ranks, std::vector<host_entry> hosts = {},
                        std::optional<int> nodes = std::nullopt) {
  launch_options options;
  options.nodes = nodes;
  options.ranks = 0;
  for (int ranks : part_ranks) {
    weft::tools::program_part part;
    part.ranks = ranks;
    part.command = {"./p"};
    options.parts.push_back(std::move(part));
    *options.ranks += ranks;
  }
  auto result = weft::tools::plan_nodes(options, hosts);
  if (auto* error = std::get_if<weft::tools::usage_error>(&result)) FAIL("unexpected usage error: " << error->message);
  return std::get<node_plan>(result);
}

std::vector<int> parts_of(const node_plan& plan) {
  std::vector<int> result;
  for (const auto& node : plan.nodes) result.push_back(node.part);
  return result;
}

}  // namespace

TEST_CASE("the parts of an MPMD job on this machine are one node process each") {
  auto plan = planned_parts({1, 3});
  CHECK(sizes(plan) == counts{1, 3});
  CHECK(parts_of(plan) == counts{0, 1});
  CHECK(plan.nodes[1].first_rank == 1);
  CHECK(hosts_of(plan) == names{"localhost", "localhost"});
}

TEST_CASE("MPMD parts take the hosts' slots in order, a host shared by two parts runs a process for each") {
  std::vector<host_entry> hosts{{"a", 2}, {"b", 3}};
  auto plan = planned_parts({3, 2}, hosts);
  CHECK(hosts_of(plan) == names{"a", "b", "b"});
  CHECK(sizes(plan) == counts{2, 1, 2});
  CHECK(parts_of(plan) == counts{0, 0, 1});
  CHECK(plan.nodes[2].first_rank == 3);
  CHECK(plan.ranks == 5);
}

TEST_CASE("nodes of --nodes are split at the boundaries of an MPMD job's parts") {
  auto plan = planned_parts({1, 2, 3}, {}, 2);
  CHECK(sizes(plan) == counts{1, 2, 3});
  CHECK(parts_of(plan) == counts{0, 1, 2});
  plan = planned_parts({2, 2}, {}, 2);
  CHECK(sizes(plan) == counts{2, 2});
  CHECK(parts_of(plan) == counts{0, 1});
}

TEST_CASE("ranks beyond the slots go to the hosts below their max_slots; past all of them is an error") {
  std::vector<host_entry> hosts{{"a", 2, 2}, {"b", 1, 5}, {"c", 1}};
  CHECK(sizes(planned({.ranks = 4}, hosts)) == counts{2, 1, 1});
  CHECK(sizes(planned({.ranks = 10}, hosts)) == counts{2, 4, 4});
  std::vector<host_entry> capped{{"a", 2, 2}, {"b", 1, 3}};
  CHECK(sizes(planned({.ranks = 5}, capped)) == counts{2, 3});
  CHECK_THAT(error_of({.ranks = 6}, capped),
             Catch::Contains("6 ranks do not fit the hosts' max_slots (5 ranks in all)"));
  CHECK_THAT(error_of({.ranks = 6, .ppn = 3}, capped),
             Catch::Contains("-ppn 3 puts 3 ranks on host a, whose max_slots is 2"));
}
