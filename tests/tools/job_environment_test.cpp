// What each node process finds in its environment, here and on other hosts, and the command that
// starts it there.
#include "job_environment.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "remote_command.hpp"

namespace {

using weft::tools::env_setting;
using weft::tools::environment_passing;
using weft::tools::launch_options;
using weft::tools::node_plan;
using weft::tools::program_part;
using settings = std::vector<env_setting>;
using words = std::vector<std::string>;

node_plan plan_of(std::vector<int> sizes, bool on_named_hosts = false) {
  node_plan plan;
  plan.on_named_hosts = on_named_hosts;
  for (int size : sizes) {
    plan.nodes.push_back({on_named_hosts ? "host" + std::to_string(plan.nodes.size()) : "localhost", plan.ranks, size});
    plan.ranks += size;
  }
  return plan;
}

// Options of a job of one part, as the parser gives them.
launch_options one_part() {
  launch_options options;
  options.parts.push_back({});
  return options;
}

}  // namespace

TEST_CASE("one node gets the job's variables, -x values first so that Weft's own win") {
  launch_options options = one_part();
  options.workers = 2;
  options.threads_per_rank = 3;
  options.stack_size = "1M";
  options.tag_output = true;
  options.report_bindings = true;
  options.parts[0].environment = {{"A", "a"}, {"KEEP", std::nullopt}, {"WEFT_NRANKS", "99"}};
  CHECK(weft::tools::job_variables(options, plan_of({4}), 0, {}, 2) == settings{{"A", "a"},
                                                                                {"WEFT_NRANKS", "4"},
                                                                                {"WEFT_WORKERS", "2"},
                                                                                {"WEFT_THREADS_PER_RANK", "3"},
                                                                                {"WEFT_STACK_SIZE", "1M"},
                                                                                {"WEFT_TAG_OUTPUT", "1"},
                                                                                {"WEFT_REPORT_BINDINGS", "1"}});
}

TEST_CASE("several nodes on this machine get their ranks and the loopback interface") {
  launch_options options = one_part();
  CHECK(weft::tools::job_variables(options, plan_of({3, 3, 2}), 0, {}, 4) ==
        settings{{"WEFT_NRANKS", "8"}, {"WEFT_NODE_RANKS", "3,3,2"}, {"FI_TCP_IFACE", "lo"}});
  // The user's choice of interface stays, from mpirun's environment or from -x.
  words inherited{"FI_TCP_IFACE=eth1"};
  CHECK(weft::tools::job_variables(options, plan_of({1, 1}), 0, inherited, 4) ==
        settings{{"WEFT_NRANKS", "2"}, {"WEFT_NODE_RANKS", "1,1"}});
  options.parts[0].environment = {{"FI_TCP_IFACE", "eth2"}};
  CHECK(weft::tools::job_variables(options, plan_of({1, 1}), 0, {}, 4) ==
        settings{{"FI_TCP_IFACE", "eth2"}, {"WEFT_NRANKS", "2"}, {"WEFT_NODE_RANKS", "1,1"}});
}

TEST_CASE("nodes on this machine that outnumber its CPUs yield them while they poll, unless told otherwise") {
  launch_options options = one_part();
  CHECK(weft::tools::job_variables(options, plan_of({2, 2, 2}), 0, {}, 3) ==
        settings{{"WEFT_NRANKS", "6"}, {"WEFT_NODE_RANKS", "2,2,2"}, {"FI_TCP_IFACE", "lo"}});
  CHECK(weft::tools::job_variables(options, plan_of({2, 2, 2}), 0, {}, 2) ==
        settings{
            {"WEFT_NRANKS", "6"}, {"WEFT_NODE_RANKS", "2,2,2"}, {"FI_TCP_IFACE", "lo"}, {"WEFT_YIELD_WHEN_IDLE", "1"}});
  words inherited{"WEFT_YIELD_WHEN_IDLE=0"};
  CHECK(weft::tools::job_variables(options, plan_of({2, 2, 2}), 0, inherited, 2) ==
        settings{{"WEFT_NRANKS", "6"}, {"WEFT_NODE_RANKS", "2,2,2"}, {"FI_TCP_IFACE", "lo"}});
  options.environment = {{"WEFT_YIELD_WHEN_IDLE", "0"}};  // -genv
  CHECK(weft::tools::job_variables(options, plan_of({2, 2, 2}), 0, {}, 2) ==
        settings{
            {"WEFT_YIELD_WHEN_IDLE", "0"}, {"WEFT_NRANKS", "6"}, {"WEFT_NODE_RANKS", "2,2,2"}, {"FI_TCP_IFACE", "lo"}});
}

TEST_CASE("nodes on other hosts use the -iface interface, or the provider's choice") {
  launch_options options = one_part();
  // Named hosts, or a Slurm allocation of several hosts: not all here, so no CPUs counted.
  CHECK(weft::tools::job_variables(options, plan_of({2, 2}, true), 0, {}, 0) ==
        settings{{"WEFT_NRANKS", "4"}, {"WEFT_NODE_RANKS", "2,2"}});
  CHECK(weft::tools::job_variables(options, plan_of({1, 1, 1, 1}), 0, {}, 0) ==
        settings{{"WEFT_NRANKS", "4"}, {"WEFT_NODE_RANKS", "1,1,1,1"}});
  options.interface = "ib0";
  CHECK(weft::tools::job_variables(options, plan_of({2, 2}, true), 0, {}, 0) ==
        settings{{"WEFT_NRANKS", "4"}, {"WEFT_NODE_RANKS", "2,2"}, {"FI_TCP_IFACE", "ib0"}});
}

TEST_CASE("a local process inherits mpirun's environment with the settings applied") {
  words inherited{"PATH=/bin", "WEFT_NRANKS=7", "HOME=/h"};
  CHECK(weft::tools::local_environment(one_part(), 0, inherited,
                                       settings{{"WEFT_NRANKS", "2"}, {"KEEP", std::nullopt}, {"A", "a"}}) ==
        words{"PATH=/bin", "HOME=/h", "WEFT_NRANKS=2", "A=a"});
}

TEST_CASE("envnone and envlist keep mpirun's variables from the program except Weft's and those named") {
  words inherited{"PATH=/bin", "HOME=/h", "WEFT_INLINE_MAX=512", "OMP_NUM_THREADS=2", "ASAN_OPTIONS=x=1"};
  launch_options options = one_part();
  options.passing = {environment_passing::choice::none, {}};  // -genvnone
  CHECK(weft::tools::local_environment(options, 0, inherited, settings{{"A", "a"}}) ==
        words{"WEFT_INLINE_MAX=512", "ASAN_OPTIONS=x=1", "A=a"});
  options.parts[0].environment = {{"OMP_NUM_THREADS", std::nullopt}};  // -x without a value still passes it
  CHECK(weft::tools::local_environment(options, 0, inherited, {}) ==
        words{"WEFT_INLINE_MAX=512", "OMP_NUM_THREADS=2", "ASAN_OPTIONS=x=1"});
  // A part's own choice wins over the job's.
  options.parts[0].passing = environment_passing{environment_passing::choice::listed, {"HOME"}};
  CHECK(weft::tools::local_environment(options, 0, inherited, {}) ==
        words{"HOME=/h", "WEFT_INLINE_MAX=512", "OMP_NUM_THREADS=2", "ASAN_OPTIONS=x=1"});
  options.parts[0].passing = environment_passing{environment_passing::choice::all, {}};
  CHECK(weft::tools::local_environment(options, 0, inherited, {}) == inherited);
}

TEST_CASE("the parts of an MPMD job get their number and their own variables after the job's") {
  launch_options options = one_part();
  options.parts.push_back({});
  options.environment = {{"SHARED", "job"}, {"MINE", "job"}};
  options.parts[1].environment = {{"MINE", "part 1"}, {"WEFT_APPNUM", "7"}};
  node_plan plan = plan_of({2, 3});
  plan.nodes[1].part = 1;
  CHECK(weft::tools::job_variables(options, plan, 0, {}, 4) == settings{{"SHARED", "job"},
                                                                        {"MINE", "job"},
                                                                        {"WEFT_NRANKS", "5"},
                                                                        {"WEFT_APPNUM", "0"},
                                                                        {"WEFT_NODE_RANKS", "2,3"},
                                                                        {"FI_TCP_IFACE", "lo"}});
  CHECK(weft::tools::job_variables(options, plan, 1, {}, 4) == settings{{"SHARED", "job"},
                                                                        {"MINE", "part 1"},
                                                                        {"WEFT_APPNUM", "1"},
                                                                        {"WEFT_NRANKS", "5"},
                                                                        {"WEFT_NODE_RANKS", "2,3"},
                                                                        {"FI_TCP_IFACE", "lo"}});
}

TEST_CASE("a remote node gets mpirun's WEFT_*, FI_* and sanitizer variables, the -x ones and the settings") {
  launch_options options = one_part();
  options.parts[0].environment = {{"OMP_NUM_THREADS", std::nullopt}, {"UNSET_HERE", std::nullopt}};
  words inherited{"PATH=/bin",          "WEFT_INLINE_MAX=512", "FI_PROVIDER=tcp",
                  "OMP_NUM_THREADS=2",  "WEFT_NRANKS=9",       "LSAN_OPTIONS=suppressions=/s.txt",
                  "SAN_OPTIONS_OTHER=1"};
  CHECK(weft::tools::forwarded_variables(options, 0, inherited, settings{{"WEFT_NRANKS", "4"}, {"PMIX_RANK", "1"}}) ==
        settings{{"WEFT_INLINE_MAX", "512"},
                 {"FI_PROVIDER", "tcp"},
                 {"OMP_NUM_THREADS", "2"},
                 {"WEFT_NRANKS", "4"},
                 {"LSAN_OPTIONS", "suppressions=/s.txt"},
                 {"PMIX_RANK", "1"}});
}

TEST_CASE("envall carries mpirun's variables to other hosts but not those of its shell") {
  launch_options options = one_part();
  options.parts[0].passing = environment_passing{environment_passing::choice::all, {}};
  words inherited{"PATH=/bin", "HOSTNAME=here", "PWD=/x", "SSH_CLIENT=1.2.3.4", "PROJECT=p", "WEFT_INLINE_MAX=64"};
  CHECK(weft::tools::forwarded_variables(options, 0, inherited, settings{{"PROJECT", "q"}}) ==
        settings{{"PATH", "/bin"}, {"PROJECT", "q"}, {"WEFT_INLINE_MAX", "64"}});
  options.parts[0].passing = environment_passing{environment_passing::choice::listed, {"PROJECT"}};
  CHECK(weft::tools::forwarded_variables(options, 0, inherited, {}) ==
        settings{{"PROJECT", "p"}, {"WEFT_INLINE_MAX", "64"}});
}

TEST_CASE("the remote command enters mpirun's folder and runs the program with its variables, quoted") {
  CHECK(weft::tools::shell_quoted("it's") == "'it'\\''s'");
  settings variables{{"WEFT_NRANKS", "4"}, {"PMIX_SERVER_URI41", "weft.0;tcp4://10.0.0.1:5000"}};
  words command{"./app", "an argument", "$HOME"};
  CHECK(weft::tools::remote_command("ssh", "node7", "/home/me/run", variables, command) ==
        words{"ssh", "-x", "node7",
              "cd '/home/me/run' && exec env 'WEFT_NRANKS=4' 'PMIX_SERVER_URI41=weft.0;tcp4://10.0.0.1:5000' './app' "
              "'an argument' '$HOME'"});
  CHECK(weft::tools::remote_command("/usr/bin/rsh", "n", "/", {}, words{"/bin/app"}) ==
        words{"/usr/bin/rsh", "n", "cd '/' && exec env '/bin/app'"});
  // --prefix puts the installed tree's folders first in the host's own paths.
  CHECK(weft::tools::remote_command("ssh", "n", "/", {}, words{"/bin/app"}, "/opt/w") ==
        words{"ssh", "-x", "n",
              "cd '/' && PATH='/opt/w/bin'${PATH:+:$PATH} LD_LIBRARY_PATH='/opt/w/" WEFT_INSTALL_LIBDIR
              "'${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} exec env '/bin/app'"});
  // pbsdsh runs a program, not a shell's command line.
  CHECK(weft::tools::remote_command("/opt/pbs/bin/pbsdsh", "n", "/", {}, words{"/bin/app"}) ==
        words{"/opt/pbs/bin/pbsdsh", "-h", "n", "sh", "-c", "cd '/' && exec env '/bin/app'"});
}

TEST_CASE("this machine is recognised by its names and the loopback address") {
  using weft::tools::is_this_machine;
  CHECK(is_this_machine("localhost", "n1.cluster"));
  CHECK(is_this_machine("127.0.0.1", "n1.cluster"));
  CHECK(is_this_machine("n1.cluster", "n1.cluster"));
  CHECK(is_this_machine("n1", "n1.cluster"));
  CHECK_FALSE(is_this_machine("n2", "n1.cluster"));
  CHECK_FALSE(is_this_machine("n", "n1.cluster"));
}
