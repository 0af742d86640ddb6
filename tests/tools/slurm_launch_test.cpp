// Inside a Slurm allocation: what mpirun reads of it, and the srun command that starts the node processes.
#include "slurm_launch.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <string>

using namespace weft::tools;

namespace {

std::map<std::string, std::string> variables;

const char* lookup(const char* name) {
  auto found = variables.find(name);
  return found == variables.end() ? nullptr : found->second.c_str();
}

node_plan plan_of(int nodes) {
  node_plan plan;
  for (int node = 0; node < nodes; ++node) plan.nodes.push_back({std::string(local_host_name), node, 1});
  plan.ranks = nodes;
  return plan;
}

}  // namespace

TEST_CASE("outside an allocation there is none", "[slurm]") {
  variables = {{"SLURM_JOB_NUM_NODES", "4"}};
  CHECK(!current_allocation(lookup));
  variables = {{"SLURM_JOB_ID", ""}};
  CHECK(!current_allocation(lookup));
}

TEST_CASE("an allocation's nodes and CPUs are read from its variables", "[slurm]") {
  variables = {{"SLURM_JOB_ID", "42"}, {"SLURM_JOB_NUM_NODES", "4"}, {"SLURM_CPUS_ON_NODE", "64"}};
  auto allocation = current_allocation(lookup);
  REQUIRE(allocation);
  CHECK(allocation->nodes == 4);
  CHECK(allocation->cpus_on_node == 64);
  CHECK(allocation->job_id == "42");

  variables = {{"SLURM_JOB_ID", "42"}, {"SLURM_NNODES", "2"}};
  allocation = current_allocation(lookup);
  REQUIRE(allocation);
  CHECK(allocation->nodes == 2);
  CHECK(!allocation->cpus_on_node);

  variables = {{"SLURM_JOB_ID", "42"}, {"SLURM_JOB_NUM_NODES", "many"}};
  allocation = current_allocation(lookup);
  REQUIRE(allocation);
  CHECK(allocation->nodes == 1);
}

TEST_CASE("srun starts one task per node process, in node order", "[slurm]") {
  slurm_allocation allocation{4, 64, "42"};
  CHECK(srun_arguments(plan_of(4), allocation, "weft-mpirun.7", {"./app", "-x"}) ==
        std::vector<std::string>{"--mpi=pmix", "--ntasks=4", "--nodes=4", "--distribution=block",
                                 "--kill-on-bad-exit=1", "--job-name=weft-mpirun.7", "--cpus-per-task=64", "./app",
                                 "-x"});
}

TEST_CASE("more node processes than nodes share the nodes' CPUs", "[slurm]") {
  slurm_allocation allocation{1, 8, "42"};
  CHECK(srun_arguments(plan_of(3), allocation, "s", {"./app"}) ==
        std::vector<std::string>{"--mpi=pmix", "--ntasks=3", "--nodes=1", "--distribution=block",
                                 "--kill-on-bad-exit=1", "--job-name=s", "--cpus-per-task=2", "./app"});
  slurm_allocation unknown_cpus{2, std::nullopt, "42"};
  CHECK(srun_arguments(plan_of(2), unknown_cpus, "s", {"./app"}) ==
        std::vector<std::string>{"--mpi=pmix", "--ntasks=2", "--nodes=2", "--distribution=block",
                                 "--kill-on-bad-exit=1", "--job-name=s", "./app"});
}

TEST_CASE("mpirun finds its job step by name among the allocation's steps", "[slurm]") {
  CHECK(step_name_of(1234) == "weft-mpirun.1234");
  std::string listing = "42.0 weft-mpirun.99\n42.1 weft-mpirun.1234\n42.extern extern\n";
  CHECK(step_named(listing, "weft-mpirun.1234") == "42.1");
  CHECK(step_named(listing, "weft-mpirun.99") == "42.0");
  CHECK(!step_named(listing, "weft-mpirun.123"));
  CHECK(!step_named("", "weft-mpirun.1234"));
  CHECK(!step_named(" weft-mpirun.1234\n", "weft-mpirun.1234"));
  CHECK(step_named("42.3 weft-mpirun.5", "weft-mpirun.5") == "42.3");  // no final newline
}
