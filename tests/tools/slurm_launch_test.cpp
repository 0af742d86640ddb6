// Inside a Slurm allocation: what mpirun reads of it, and the srun command that starts the node processes.
#include "slurm_launch.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>

using namespace weft::tools;

namespace {

std::map<std::string, std::string> variables;

const char *lookup(const char *name) {
  auto found = variables.find(name);
  return found == variables.end() ? nullptr : found->second.c_str();
}

node_plan plan_of(int nodes) {
  node_plan plan;
  for (int node = 0; node < nodes; ++node)
    plan.nodes.push_back({std::string(local_host_name), node, 1});
  plan.ranks = nodes;
  return plan;
}

} // namespace

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
  slurm_allocation allocation{4, 64};
  CHECK(srun_arguments(plan_of(4), allocation, {"./app", "-x"}) ==
        std::vector<std::string>{"--mpi=pmix", "--ntasks=4", "--nodes=4", "--distribution=block",
                                 "--kill-on-bad-exit=1", "--cpus-per-task=64", "./app", "-x"});
}

TEST_CASE("more node processes than nodes share the nodes' CPUs", "[slurm]") {
  slurm_allocation allocation{1, 8};
  CHECK(srun_arguments(plan_of(3), allocation, {"./app"}) ==
        std::vector<std::string>{"--mpi=pmix", "--ntasks=3", "--nodes=1", "--distribution=block",
                                 "--kill-on-bad-exit=1", "--cpus-per-task=2", "./app"});
  slurm_allocation unknown_cpus{2, std::nullopt};
  CHECK(srun_arguments(plan_of(2), unknown_cpus, {"./app"}) ==
        std::vector<std::string>{"--mpi=pmix", "--ntasks=2", "--nodes=2", "--distribution=block",
                                 "--kill-on-bad-exit=1", "./app"});
}
