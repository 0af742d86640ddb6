// mpirun's command-line parsing: every option in each of its spellings, and every usage error.
#include <catch2/catch.hpp>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "launch_options.hpp"
#include "remote_command.hpp"
#include "runtime/output_file_pattern.hpp"

namespace {

using weft::tools::env_setting;
using weft::tools::launch_options;
using weft::tools::parse_arguments;
using weft::tools::usage_error;

weft::tools::parse_result parse(std::initializer_list<const char*> words) {
  std::vector<std::string> args(words.begin(), words.end());
  return parse_arguments(args);
}

launch_options parsed(std::initializer_list<const char*> words) {
  auto result = parse(words);
  if (auto* error = std::get_if<usage_error>(&result)) FAIL("unexpected usage error: " << error->message);
  return std::get<launch_options>(result);
}

std::string error_of(std::initializer_list<const char*> words) {
  auto result = parse(words);
  REQUIRE(std::holds_alternative<usage_error>(result));
  return std::get<usage_error>(result).message;
}

using command_line = std::vector<std::string>;

}  // namespace

TEST_CASE("a bare program runs as one rank with nothing else set") {
  auto options = parsed({"./app"});
  CHECK(options.what == launch_options::action::run);
  // The node plan gives a job without -n one rank (see node_plan_test.cpp).
  CHECK_FALSE(options.ranks);
  CHECK_FALSE(options.nodes);
  CHECK_FALSE(options.ranks_per_node);
  CHECK(options.hosts.empty());
  CHECK_FALSE(options.hostfile);
  CHECK_FALSE(options.remote_shell);
  CHECK_FALSE(options.interface);
  CHECK_FALSE(options.workers);
  CHECK_FALSE(options.stack_size);
  CHECK_FALSE(options.timeout_seconds);
  CHECK_FALSE(options.tag_output);
  CHECK(options.environment.empty());
  REQUIRE(options.parts.size() == 1);
  CHECK(options.parts[0].environment.empty());
  CHECK_FALSE(options.parts[0].passing);
  CHECK_FALSE(options.parts[0].working_directory);
  CHECK(options.parts[0].command == command_line{"./app"});
}

TEST_CASE("the number of ranks has every MPICH and Open MPI spelling") {
  CHECK(parsed({"-n", "4", "app"}).ranks == 4);
  CHECK(parsed({"-np", "8", "app"}).ranks == 8);
  CHECK(parsed({"--np", "3", "app"}).ranks == 3);
  CHECK(parsed({"--n=5", "app"}).ranks == 5);
  CHECK(parsed({"--np=6", "app"}).ranks == 6);
  CHECK(parsed({"-n", "2", "-n", "7", "app"}).ranks == 7);
}

TEST_CASE("workers, stack size, timeout, tag output and binding reports are recorded") {
  auto options =
      parsed({"--workers", "2", "--stack-size", "8M", "--timeout", "30", "--tag-output", "--report-bindings", "app"});
  CHECK(options.workers == 2);
  CHECK(options.stack_size == "8M");
  CHECK(options.timeout_seconds == 30);
  CHECK(options.tag_output);
  CHECK(options.report_bindings);
  CHECK_FALSE(parsed({"app"}).report_bindings);

  CHECK(parsed({"--threads-per-rank", "4", "app"}).threads_per_rank == 4);
  CHECK(parsed({"--cpus-per-rank", "2", "app"}).threads_per_rank == 2);
  CHECK(parsed({"-cpus-per-proc", "3", "app"}).threads_per_rank == 3);
  CHECK_FALSE(parsed({"app"}).threads_per_rank);

  auto equals_form = parsed({"--workers=3", "--stack-size=64K", "--timeout=5", "app"});
  CHECK(equals_form.workers == 3);
  CHECK(equals_form.stack_size == "64K");
  CHECK(equals_form.timeout_seconds == 5);

  CHECK(parsed({"-workers", "4", "-tag-output", "app"}).workers == 4);
}

TEST_CASE("stack sizes take an optional K, M or G suffix in either case") {
  for (const char* size : {"1", "65536", "16k", "16K", "8m", "8M", "1g", "1G"})
    CHECK(parsed({"--stack-size", size, "app"}).stack_size == std::string(size));
}

TEST_CASE("environment options keep their order and values") {
  auto options = parsed({"-x", "PLAIN", "-x", "SET=value", "-x", "EMPTY=", "-x", "EQ=a=b", "--env", "E1", "v1", "-env",
                         "E2", "v 2", "-genv", "E3", "", "app"});
  CHECK(options.parts.at(0).environment ==
        std::vector<env_setting>{
            {"PLAIN", std::nullopt}, {"SET", "value"}, {"EMPTY", ""}, {"EQ", "a=b"}, {"E1", "v1"}, {"E2", "v 2"}});
  // -genv is the whole job's.
  CHECK(options.environment == std::vector<env_setting>{{"E3", ""}});
}

TEST_CASE("hydra's environment passing options, for a part and for the whole job") {
  using choice = weft::tools::environment_passing::choice;
  auto options = parsed({"-genvnone", "-envlist", "PATH,HOME", "./app"});
  CHECK(options.passing.what == choice::none);
  REQUIRE(options.parts.at(0).passing);
  CHECK(options.parts[0].passing->what == choice::listed);
  CHECK(options.parts[0].passing->names == command_line{"PATH", "HOME"});
  CHECK(parsed({"-envall", "./app"}).parts.at(0).passing->what == choice::all);
  CHECK(parsed({"-genvall", "./app"}).passing.what == choice::all);
  CHECK(parsed({"-genvlist", "A", "./app"}).passing.names == command_line{"A"});
  CHECK_THAT(error_of({"-envlist", "A,,B", "./app"}), Catch::Contains("invalid variable name '' for '-envlist'"));
  CHECK_THAT(error_of({"-genvlist"}), Catch::Contains("needs a value"));
}

TEST_CASE("wdir and Open MPI's wd name the folder the program starts in") {
  CHECK(parsed({"-wdir", "/tmp", "./app"}).parts.at(0).working_directory == "/tmp");
  CHECK(parsed({"--wdir=run", "./app"}).parts.at(0).working_directory == "run");
  CHECK(parsed({"-wd", "x", "./app"}).parts.at(0).working_directory == "x");
  CHECK_THAT(error_of({"-wdir", "", "./app"}), Catch::Contains("needs a folder"));
}

TEST_CASE("oversubscription and running as root are accepted and ignored") {
  auto options = parsed({"--oversubscribe", "-oversubscribe", "--allow-run-as-root", "-n", "2", "app"});
  CHECK(options.ranks == 2);
  CHECK(options.parts.at(0).command == command_line{"app"});
}

TEST_CASE("help and version win over everything after them") {
  CHECK(parsed({"--help"}).what == launch_options::action::show_help);
  CHECK(parsed({"-h"}).what == launch_options::action::show_help);
  CHECK(parsed({"-n", "2", "-help", "--bogus"}).what == launch_options::action::show_help);
  CHECK(parsed({"--version"}).what == launch_options::action::show_version);
  CHECK(parsed({"-version", "-n"}).what == launch_options::action::show_version);
}

TEST_CASE("options end at the program; its arguments are untouched") {
  auto options = parsed({"-n", "2", "./app", "-n", "5", "--help", "--", "x"});
  CHECK(options.ranks == 2);
  CHECK(options.parts.at(0).command == command_line{"./app", "-n", "5", "--help", "--", "x"});
}

TEST_CASE("a double dash ends the options, so a program may start with a dash") {
  auto options = parsed({"-n", "3", "--", "-odd-name", "arg"});
  CHECK(options.ranks == 3);
  CHECK(options.parts.at(0).command == command_line{"-odd-name", "arg"});
  CHECK(parsed({"--", "--", "x"}).parts.at(0).command == command_line{"--", "x"});
}

TEST_CASE("a lone dash is a program name, not an option") {
  CHECK(parsed({"-"}).parts.at(0).command == command_line{"-"});
}

TEST_CASE("an unknown option is named and points at --help") {
  auto message = error_of({"--frobnicate", "app"});
  CHECK_THAT(message, Catch::Contains("unknown option '--frobnicate'"));
  CHECK_THAT(message, Catch::Contains("--help"));
  CHECK_THAT(error_of({"--workers-x=2", "app"}), Catch::Contains("unknown option '--workers-x'"));
  CHECK_THAT(error_of({"-Q", "app"}), Catch::Contains("unknown option '-Q'"));
}

TEST_CASE("a missing program is reported") {
  CHECK_THAT(error_of({}), Catch::Contains("no program to run"));
  CHECK_THAT(error_of({"-n", "4"}), Catch::Contains("no program to run"));
  CHECK_THAT(error_of({"-n", "4", "--"}), Catch::Contains("no program to run"));
}

TEST_CASE("the number of ranks must be a whole number of at least 1") {
  for (const char* bad : {"0", "-1", "-n", "four", "4x", "2.5", "", " 4", "+4", "99999999999"}) {
    INFO("-n " << bad);
    auto message = error_of({"-n", bad, "app"});
    CHECK_THAT(message, Catch::Contains("invalid number of ranks '" + std::string(bad) + "'"));
    CHECK_THAT(message, Catch::Contains("at least 1"));
  }
  CHECK_THAT(error_of({"-np", "0", "app"}), Catch::Contains("for '-np'"));
  CHECK_THAT(error_of({"--np=0", "app"}), Catch::Contains("for '--np'"));
}

TEST_CASE("workers and timeout must be whole numbers of at least 1") {
  CHECK_THAT(error_of({"--workers", "0", "app"}), Catch::Contains("invalid number of workers '0'"));
  CHECK_THAT(error_of({"--workers=many", "app"}), Catch::Contains("invalid number of workers 'many'"));
  CHECK_THAT(error_of({"--timeout", "0", "app"}), Catch::Contains("invalid timeout '0'"));
  CHECK_THAT(error_of({"--timeout", "1m", "app"}), Catch::Contains("whole number of seconds"));
}

TEST_CASE("a stack size must be a positive number with an optional K, M or G suffix") {
  for (const char* bad :
       {"0", "0K", "K", "", "-8M", "8X", "8MB", "1.5M", "M8", "99999999999999999999", "17179869184G"}) {
    INFO("--stack-size " << bad);
    auto message = error_of({"--stack-size", bad, "app"});
    CHECK_THAT(message, Catch::Contains("invalid stack size '" + std::string(bad) + "'"));
    CHECK_THAT(message, Catch::Contains("K, M or G"));
  }
}

TEST_CASE("an option at the end without its value is reported with an example") {
  for (const char* option : {"-n", "-np", "--workers", "--stack-size", "--timeout", "-x", "--nodes", "-ppn", "--hosts",
                             "--hostfile", "-launcher-exec", "-iface"}) {
    INFO(option);
    auto message = error_of({option});
    CHECK_THAT(message, Catch::Contains("option '" + std::string(option) + "' needs a value"));
    CHECK_THAT(message, Catch::Contains("e.g."));
  }
}

TEST_CASE("the options --env, -env and -genv need a name and a value") {
  for (const char* option : {"--env", "-env", "-genv"}) {
    INFO(option);
    CHECK_THAT(error_of({option}), Catch::Contains("needs two values"));
    CHECK_THAT(error_of({option, "NAME"}), Catch::Contains("needs two values"));
    CHECK_THAT(error_of({option, "", "v", "app"}), Catch::Contains("invalid variable name ''"));
    CHECK_THAT(error_of({option, "A=B", "v", "app"}), Catch::Contains("invalid variable name 'A=B'"));
  }
  CHECK_THAT(error_of({"--env=A", "B", "app"}), Catch::Contains("takes two values"));
}

TEST_CASE("the option -x needs a variable name") {
  CHECK_THAT(error_of({"-x", "=value", "app"}), Catch::Contains("needs a variable name"));
  CHECK_THAT(error_of({"-x", "", "app"}), Catch::Contains("needs a variable name"));
}

TEST_CASE("options without a value refuse one") {
  CHECK_THAT(error_of({"--tag-output=1", "app"}), Catch::Contains("'--tag-output' takes no value"));
  CHECK_THAT(error_of({"--oversubscribe=yes", "app"}), Catch::Contains("'--oversubscribe' takes no value"));
  CHECK_THAT(error_of({"--report-bindings=1", "app"}), Catch::Contains("'--report-bindings' takes no value"));
}

TEST_CASE("nodes and ranks per node have the hydra and Open MPI spellings") {
  CHECK(parsed({"--nodes", "3", "app"}).nodes == 3);
  CHECK(parsed({"--nodes=2", "app"}).nodes == 2);
  CHECK(parsed({"-ppn", "4", "app"}).ranks_per_node == 4);
  CHECK(parsed({"--ranks-per-node", "5", "app"}).ranks_per_node == 5);
  CHECK(parsed({"--ranks-per-node=6", "app"}).ranks_per_node == 6);
  CHECK(parsed({"-npernode", "2", "app"}).ranks_per_node == 2);
  for (const char* bad : {"0", "-2", "two", ""}) {
    INFO(bad);
    CHECK_THAT(error_of({"--nodes", bad, "app"}),
               Catch::Contains("invalid number of nodes '" + std::string(bad) + "'"));
    CHECK_THAT(error_of({"-ppn", bad, "app"}),
               Catch::Contains("invalid number of ranks per node '" + std::string(bad) + "' for '-ppn'"));
  }
}

TEST_CASE("hosts are listed with --hosts, --host and -H, with optional slots, and add up") {
  using weft::tools::host_entry;
  CHECK(parsed({"--hosts", "a,b:4", "app"}).hosts == std::vector<host_entry>{{"a", std::nullopt}, {"b", 4}});
  CHECK(parsed({"-H", "a", "--host", "b:2", "--hosts=c", "app"}).hosts ==
        std::vector<host_entry>{{"a", std::nullopt}, {"b", 2}, {"c", std::nullopt}});
  CHECK_THAT(error_of({"--hosts", "a,,b", "app"}), Catch::Contains("empty host name in '--hosts' 'a,,b'"));
  CHECK_THAT(error_of({"-H", "a:0", "app"}), Catch::Contains("invalid slot count '0' for host 'a'"));
  CHECK_THAT(error_of({"-H", "a:x", "app"}), Catch::Contains("write host:N"));
}

TEST_CASE("a hostfile is named by --hostfile, --machinefile or -f") {
  CHECK(parsed({"--hostfile", "h.txt", "app"}).hostfile == "h.txt");
  CHECK(parsed({"-machinefile", "m", "app"}).hostfile == "m");
  CHECK(parsed({"-f", "hosts", "app"}).hostfile == "hosts");
}

TEST_CASE("the remote shell and the network interface are chosen as in hydra") {
  auto options = parsed({"--hosts", "a,b", "-launcher-exec", "/usr/bin/rsh", "-iface", "ib0", "app"});
  CHECK(options.remote_shell == "/usr/bin/rsh");
  CHECK(options.interface == "ib0");
  CHECK_THAT(error_of({"-H", "a", "--launcher-exec=", "app"}), Catch::Contains("needs a program"));
  CHECK_THAT(error_of({"-H", "a", "--iface=", "app"}), Catch::Contains("needs a network interface"));
}

TEST_CASE("contradictory host options are refused with what to write instead") {
  CHECK_THAT(error_of({"--hosts", "a", "--hostfile", "f", "app"}),
             Catch::Contains("both --hosts and --hostfile name the hosts; give only one"));
}

TEST_CASE("the help text lists every option under the invoked name") {
  auto text = weft::tools::usage_text("mpiexec");
  CHECK_THAT(text, Catch::StartsWith("Usage: mpiexec [options] program"));
  for (const char* option : {"-n N",
                             "-np N",
                             "--workers",
                             "--stack-size",
                             "--timeout",
                             "--tag-output",
                             "-x VAR",
                             "--report-bindings",
                             "-env VAR VALUE",
                             "-genv",
                             "-envall",
                             "-envnone",
                             "-envlist",
                             "-wdir DIR",
                             "-configfile FILE",
                             " : ",
                             "--oversubscribe",
                             "--allow-run-as-root",
                             "--help",
                             "--nodes K",
                             "-ppn P",
                             "--ranks-per-node",
                             "--hosts",
                             "-H",
                             "--hostfile",
                             "-f FILE",
                             "--machinefile",
                             "-launcher-exec",
                             "-iface",
                             "--gdb RANKS",
                             "--version",
                             "124"})
    CHECK_THAT(text, Catch::Contains(option));
  CHECK_THAT(weft::tools::version_text("mpirun"), Catch::StartsWith("mpirun (Weft) "));
}

TEST_CASE("mpirun --gdb takes job ranks separated by commas, or all") {
  using weft::tools::gdb_request;
  CHECK(parsed({"--gdb", "2", "app"}).gdb == gdb_request{false, {2}});
  CHECK(parsed({"--gdb=0,3,1", "app"}).gdb == gdb_request{false, {0, 3, 1}});
  CHECK(parsed({"-gdb", "all", "app"}).gdb == gdb_request{true, {}});
  CHECK_FALSE(parsed({"app"}).gdb);
  for (const char* wrong : {"", "-1", "one", "1,", ",1", "1,,2", "1;2", "2x"})
    CHECK_THAT(error_of({"--gdb", wrong, "app"}),
               Catch::Contains("invalid rank '") && Catch::Contains("for '--gdb'; give job ranks separated by commas"));
  CHECK_THAT(error_of({"--gdb", "0", "--timeout", "5", "app"}),
             Catch::Contains("--timeout would end the gdb session of --gdb"));
}

TEST_CASE("MPIEXEC_TIMEOUT sets the timeout unless --timeout does") {
  using weft::tools::apply_timeout_variable;
  auto options = parsed({"./app"});
  CHECK_FALSE(apply_timeout_variable(options, std::nullopt));
  CHECK_FALSE(options.timeout_seconds);
  CHECK_FALSE(apply_timeout_variable(options, "45"));
  CHECK(options.timeout_seconds == 45);
  auto given = parsed({"--timeout", "10", "./app"});
  CHECK_FALSE(apply_timeout_variable(given, "45"));
  CHECK(given.timeout_seconds == 10);
  auto error = apply_timeout_variable(options = parsed({"./app"}), "ten");
  REQUIRE(error);
  CHECK_THAT(error->message, Catch::Contains("invalid MPIEXEC_TIMEOUT 'ten'"));
  CHECK_FALSE(options.timeout_seconds);
  auto debugged = parsed({"--gdb", "0", "./app"});
  CHECK_FALSE(apply_timeout_variable(debugged, "45"));
  CHECK_FALSE(debugged.timeout_seconds);
}

TEST_CASE("The other hosts' prefix is --prefix or WEFT_PREFIX or the folder above an mpirun started by absolute path") {
  using weft::tools::apply_prefix_defaults;
  auto given = parsed({"--prefix", "/given", "./app"});
  CHECK_FALSE(apply_prefix_defaults(given, "/opt/weft/bin/mpirun", "/variable"));
  CHECK(given.remote_prefix == "/given");
  auto options = parsed({"./app"});
  CHECK_FALSE(apply_prefix_defaults(options, "/opt/weft/bin/mpirun", "/variable"));
  CHECK(options.remote_prefix == "/variable");
  CHECK_FALSE(apply_prefix_defaults(options = parsed({"./app"}), "/opt/weft/bin/mpirun", std::nullopt));
  CHECK(options.remote_prefix == "/opt/weft");
  CHECK_FALSE(apply_prefix_defaults(options = parsed({"./app"}), "/opt/weft/bin/../bin/mpiexec", std::nullopt));
  CHECK(options.remote_prefix == "/opt/weft");
  CHECK_FALSE(apply_prefix_defaults(options = parsed({"./app"}), "mpirun", std::nullopt));
  CHECK_FALSE(options.remote_prefix);
  CHECK_FALSE(apply_prefix_defaults(options = parsed({"./app"}), "bin/mpirun", std::nullopt));
  CHECK_FALSE(options.remote_prefix);
  CHECK_FALSE(apply_prefix_defaults(options = parsed({"./app"}), "/mpirun", std::nullopt));
  CHECK_FALSE(options.remote_prefix);
  auto error = apply_prefix_defaults(options = parsed({"./app"}), "/opt/weft/bin/mpirun", "opt/weft");
  REQUIRE(error);
  CHECK_THAT(error->message, Catch::Contains("WEFT_PREFIX 'opt/weft' in the environment must be an absolute path"));
}

TEST_CASE("':' separates the parts of an MPMD job, each with its ranks, variables and folder") {
  auto options = parsed({"--workers", "2", "-n", "2",     "-x",   "A=1", "./a", "x",  ":", "-np", "3",
                         "-env",      "B", "2",  "-wdir", "/tmp", "./b", ":",   "-n", "1", "./a", "y"});
  CHECK(options.ranks == 6);
  CHECK(options.workers == 2);
  REQUIRE(options.parts.size() == 3);
  CHECK(options.parts[0].ranks == 2);
  CHECK(options.parts[0].command == command_line{"./a", "x"});
  CHECK(options.parts[0].environment == std::vector<env_setting>{{"A", "1"}});
  CHECK(options.parts[1].ranks == 3);
  CHECK(options.parts[1].command == command_line{"./b"});
  CHECK(options.parts[1].environment == std::vector<env_setting>{{"B", "2"}});
  CHECK(options.parts[1].working_directory == "/tmp");
  CHECK_FALSE(options.parts[2].working_directory);
  CHECK(options.parts[2].command == command_line{"./a", "y"});
}

TEST_CASE("an MPMD job's mistakes are usage errors that say what to write") {
  CHECK_THAT(error_of({"-n", "2", "./a", ":", "./b"}),
             Catch::Contains("part 2 of the MPMD job ('./b') does not say how many ranks run it"));
  CHECK_THAT(error_of({"./a", ":", "-n", "2", "./b"}), Catch::Contains("part 1 of the MPMD job ('./a')"));
  CHECK_THAT(error_of({"-n", "2", "./a", ":"}), Catch::Contains("part 2 of the MPMD job has no program"));
  CHECK_THAT(error_of({"-n", "2", "./a", ":", "-n", "1", ":", "-n", "1", "./b"}),
             Catch::Contains("part 2 of the MPMD job has no program"));
  CHECK_THAT(error_of({"-n", "2", "./a", ":", "-n", "2", "--workers", "2", "./b"}),
             Catch::Contains("option '--workers' applies to the whole job; give it before the first program"));
  CHECK_THAT(error_of({"-n", "2", "./a", ":", "-n", "2", "--host", "b", "./b"}),
             Catch::Contains("option '--host' applies to the whole job"));
  CHECK_THAT(error_of({"-n", "2000000000", "./a", ":", "-n", "2000000000", "./b"}),
             Catch::Contains("add up to 4000000000 ranks"));
}

TEST_CASE("after --, ':' and everything else are the program's arguments") {
  CHECK(parsed({"-n", "2", "--", "./a", ":", "b"}).parts.at(0).command == command_line{"./a", ":", "b"});
  CHECK(parsed({"-n", "2", "--", "./a", ":", "b"}).parts.size() == 1);
  // A word that only contains a colon is an ordinary argument.
  CHECK(parsed({"./a", "host:4", "::"}).parts.at(0).command == command_line{"./a", "host:4", "::"});
}

TEST_CASE("a configfile gives the parts of the job one a line") {
  std::string text = "# the I/O rank\n-n 1 ./io --out 'a file'\n\n  -n 3 -env K \"v w\" ./compute\n";
  weft::tools::file_reader reader = [&](const std::string& path) -> std::optional<std::string> {
    if (path == "parts.txt") return text;
    return std::nullopt;
  };
  auto parse_with_file = [&](std::vector<std::string> args) { return weft::tools::parse_arguments(args, reader); };
  auto result = parse_with_file({"--workers", "2", "-configfile", "parts.txt"});
  REQUIRE(std::holds_alternative<launch_options>(result));
  auto& options = std::get<launch_options>(result);
  CHECK(options.ranks == 4);
  CHECK(options.workers == 2);
  REQUIRE(options.parts.size() == 2);
  CHECK(options.parts[0].command == command_line{"./io", "--out", "a file"});
  CHECK(options.parts[1].command == command_line{"./compute"});
  CHECK(options.parts[1].environment == std::vector<env_setting>{{"K", "v w"}});
  auto message = [&](std::vector<std::string> args) { return std::get<usage_error>(parse_with_file(args)).message; };
  CHECK_THAT(message({"-configfile", "missing.txt"}), Catch::Contains("cannot read the configfile 'missing.txt'"));
  CHECK_THAT(message({"-configfile", "parts.txt", "./a"}), Catch::Contains("nothing may follow it (found './a')"));
  CHECK_THAT(message({"-n", "2", "-configfile", "parts.txt"}), Catch::Contains("give -n, -env and -wdir in its lines"));
  text = "# nothing\n";
  CHECK_THAT(message({"-configfile", "parts.txt"}), Catch::Contains("names no program"));
  text = "-n 1 './a\n";
  CHECK_THAT(message({"-configfile", "parts.txt"}),
             Catch::Contains("line 1 of the configfile 'parts.txt' has an unclosed '"));
}

TEST_CASE("other MPIs' options are accepted with a note of what Weft does instead") {
  auto options = parsed({"--mca", "btl", "self,vader", "-mca", "btl", "self,vader", "--bind-to", "core", "-map-by",
                         "ppr:2:socket", "-q", "--quiet", "./app"});
  CHECK(options.parts.at(0).command == command_line{"./app"});
  REQUIRE(options.notes.size() == 3);  // the same --mca twice is one note
  CHECK_THAT(options.notes[0], Catch::Contains("--mca btl self,vader: Open MPI's component parameters"));
  CHECK_THAT(options.notes[1], Catch::Contains("--bind-to core: ignored; Weft pins each worker thread"));
  CHECK_THAT(options.notes[2], Catch::Contains("--map-by ppr:2:socket: ignored"));
  CHECK_THAT(error_of({"--mca", "btl"}), Catch::Contains("needs two values, the parameter and its value"));
  CHECK(parsed({"./app"}).notes.empty());
}

TEST_CASE("MPICH's -l and -prepend-rank tag the output") {
  CHECK(parsed({"-l", "./app"}).tag_output);
  CHECK(parsed({"-prepend-rank", "./app"}).tag_output);
}

TEST_CASE("Open MPI's output-filename and MPICH's file patterns put each rank's output in a file") {
  auto options = parsed({"--output-filename", "out", "./app"});
  CHECK(options.output_file == "out/1/rank.%R/stdout");
  CHECK(options.error_file == "out/1/rank.%R/stderr");
  CHECK(options.output_copy);
  options = parsed({"-output-filename", "/o/x:nocopy,nojobid", "./app"});
  CHECK(options.output_file == "/o/x/rank.%R/stdout");
  CHECK_FALSE(options.output_copy);
  options = parsed({"-outfile-pattern", "out.%r.%h", "-errfile-pattern", "err%%", "./app"});
  CHECK(options.output_file == "out.%r.%h");
  CHECK(options.error_file == "err%%");
  CHECK_FALSE(options.output_copy);
  CHECK_THAT(error_of({"--output-filename", "o:copy", "./app"}), Catch::Contains("unknown flag 'copy'"));
  CHECK_THAT(error_of({"--output-filename", ":nocopy", "./app"}), Catch::Contains("needs a folder before its flags"));
  CHECK_THAT(error_of({"-errfile-pattern", "e%", "./app"}), Catch::Contains("ends with a lone '%'"));
}

TEST_CASE("an output file pattern names each rank's file") {
  using weft::runtime::expand_file_pattern;
  CHECK(expand_file_pattern("out/1/rank.%R/stdout", 7, 1000, "h") == "out/1/rank.007/stdout");
  CHECK(expand_file_pattern("o.%r.%h.100%%", 7, 1000, "node3") == "o.7.node3.100%");
  CHECK(expand_file_pattern("%R", 0, 1, "h") == "0");
  CHECK(expand_file_pattern("%R", 10, 11, "h") == "10");
}

TEST_CASE("hydra's launcher and bootstrap name how node processes start") {
  CHECK(parsed({"-launcher", "ssh", "./app"}).launcher == "ssh");
  CHECK(parsed({"-bootstrap", "fork", "./app"}).launcher == "fork");
  CHECK(parsed({"--launcher=pbsdsh", "./app"}).launcher == "pbsdsh");
  CHECK(parsed({"-bootstrap-exec", "/opt/ssh", "./app"}).remote_shell == "/opt/ssh");
  CHECK_THAT(error_of({"-launcher", "lsf", "./app"}), Catch::Contains("it takes ssh, rsh, pbsdsh"));
}

TEST_CASE("Open MPI's prefix names the installed tree on the other hosts, as an absolute path") {
  CHECK(parsed({"--prefix", "/opt/weft", "./app"}).remote_prefix == "/opt/weft");
  CHECK_THAT(error_of({"--prefix", "opt", "./app"}), Catch::Contains("must be an absolute path"));
}

TEST_CASE("Open MPI's map-by ppr:N:node is -ppn N, and its pe=T threads per rank") {
  auto options = parsed({"--map-by", "ppr:4:node", "./app"});
  CHECK(options.ranks_per_node == 4);
  CHECK(options.notes.empty());
  options = parsed({"--map-by", "ppr:2:node:pe=8", "./app"});
  CHECK(options.ranks_per_node == 2);
  CHECK(options.threads_per_rank == 8);
  // What the user wrote as Weft's own options wins.
  CHECK(parsed({"-ppn", "3", "--map-by", "ppr:4:node", "./app"}).ranks_per_node == 3);
  CHECK_THAT(error_of({"--map-by", "ppr:0:node", "./app"}), Catch::Contains("invalid number of ranks per node '0'"));
  CHECK_THAT(error_of({"--map-by", "ppr:2:node:pe=x", "./app"}),
             Catch::Contains("write ppr:N:node or ppr:N:node:pe=T"));
}
