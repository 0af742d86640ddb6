// The texts of mpirun --help and --version, kept apart from the parser so that the parser reads as
// logic.
#include "launch_options.hpp"

#include <string>

namespace weft::tools {

std::string usage_text(std::string_view name) {
  const std::string n(name);
  return "Usage: " + n + " [options] program [arguments...]\n"
         "\n"
         "Runs an MPI program built with Weft's mpicc or mpicxx. All ranks run as fibers inside one\n"
         "process; " + n + " starts it, forwards signals to it and exits with its status.\n"
         "Options end at the program's name or at --; the words after it go to the program.\n"
         "\n"
         "Options:\n"
         "  -n N, -np N            number of ranks (default 1)\n"
         "  --workers W            number of worker threads that run the ranks\n"
         "  --stack-size SIZE      stack of each rank, in bytes with an optional K, M or G suffix\n"
         "  --timeout SECONDS      stop the job after SECONDS: SIGTERM, then SIGKILL if it is still\n"
         "                         running after a grace period; exit status 124 (without it,\n"
         "                         MPIEXEC_TIMEOUT in the environment, as MPICH and Open MPI read it)\n"
         "  --tag-output           prefix each output line with the rank that printed it\n"
         "  --report-bindings      print, before the program starts, which ranks run on which\n"
         "                         worker and where in the machine (package, NUMA node, L3, core)\n"
         "  -x VAR, -x VAR=VALUE   pass VAR to the program, or set it to VALUE (Open MPI)\n"
         "  --env VAR VALUE        set VAR to VALUE for the program (also -env, -genv as in MPICH)\n"
         "  --oversubscribe, --allow-run-as-root\n"
         "                         accepted and ignored: every Weft job may oversubscribe\n"
         "  --help                 this text\n"
         "  --version              the Weft version\n"
         "Long options also take one dash (-np, -env) and the --name=value form (--workers=4).\n"
         "\n"
         "Exit status: the program's own; 128+N if a signal N killed it; 124 if it exceeded\n"
         "--timeout; 2 if the command line is wrong or the program cannot be run.\n"
         "\n"
         "Examples:\n"
         "  " + n + " -n 4 ./ring\n"
         "  " + n + " -np 8 --workers 2 --timeout 300 ./solver input.dat\n"
         "  " + n + " -n 4 -x OMP_NUM_THREADS=1 --tag-output ./app\n";
}

std::string version_text(std::string_view name) {
  return std::string(name) + " (Weft) " WEFT_VERSION "\n";
}

} // namespace weft::tools
