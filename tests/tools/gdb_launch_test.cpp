// mpirun --gdb: which jobs may run under gdb, and the command that runs one.
#include "gdb_launch.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

namespace {

using weft::tools::check_gdb_request;
using weft::tools::gdb_request;
using weft::tools::node_plan;

node_plan one_node(int ranks) { return {{{"localhost", 0, ranks}}, ranks, false}; }

}  // namespace

TEST_CASE("mpirun --gdb accepts the ranks of a job of one node process on this machine") {
  CHECK_FALSE(check_gdb_request({false, {0, 3}}, one_node(4)));
  CHECK_FALSE(check_gdb_request({true, {}}, one_node(1)));
}

TEST_CASE("mpirun --gdb refuses a rank outside the job, saying which ranks there are") {
  auto error = check_gdb_request({false, {1, 4}}, one_node(4));
  REQUIRE(error);
  CHECK(error->message == "--gdb names rank 4, but the job has 4 ranks (0-3); give ranks below 4 or raise -n");
  error = check_gdb_request({false, {1}}, one_node(1));
  REQUIRE(error);
  CHECK_THAT(error->message, Catch::Contains("the job has 1 rank (0)"));
}

TEST_CASE("mpirun --gdb refuses several node processes and named hosts") {
  node_plan two_nodes = {{{"localhost", 0, 2}, {"localhost", 2, 2}}, 4, false};
  auto error = check_gdb_request({false, {0}}, two_nodes);
  REQUIRE(error);
  CHECK_THAT(error->message, Catch::Contains("this job has 2") && Catch::Contains("gdb -p PID"));
  node_plan named = {{{"node-a", 0, 2}}, 2, true};
  error = check_gdb_request({false, {0}}, named);
  REQUIRE(error);
  CHECK_THAT(error->message, Catch::Contains("leave out --hosts and --hostfile"));
}

TEST_CASE("under --gdb the program runs under gdb with the extension and the main breakpoint") {
  std::vector<std::string> command = {"ring", "-v", "--steps=3"};
  CHECK(weft::tools::command_under_gdb({false, {0, 3}}, "/p/share/weft/gdb/weft.py", "/work/ring", command) ==
        std::vector<std::string>{"gdb", "-q", "-x", "/p/share/weft/gdb/weft.py", "-ex", "weft break-main 0,3", "-ex",
                                 "run", "--args", "/work/ring", "-v", "--steps=3"});
  CHECK(weft::tools::command_under_gdb({true, {}}, "weft.py", "./ring", {command.begin(), 1})[5] ==
        "weft break-main all");
}
