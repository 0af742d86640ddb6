// The texts of mpirun --help and --version, kept apart from the parser so that the parser reads as
// logic.
#include <string>

#include "launch_options.hpp"

namespace weft::tools {

std::string usage_text(std::string_view name) {
  const std::string n(name);
  return "Usage: " + n +
         " [options] program [arguments...]\n"
         "       " +
         n +
         " [options] [part options] program [arguments...] : [part options] program ...\n"
         "       " +
         n +
         " [options] -configfile FILE\n"
         "\n"
         "Runs an MPI program built with Weft's mpicc or mpicxx. The ranks of a node run as fibers\n"
         "inside one process; " +
         n +
         " starts one process per node (one in all by default), forwards\n"
         "signals to them, ends the job when one fails and exits with the job's status.\n"
         "Options end at the program's name or at --; the words after it go to the program.\n"
         "An MPMD job has parts separated by ':' (or one a line of -configfile FILE), each with its\n"
         "-n and program; the parts take consecutive ranks, share MPI_COMM_WORLD and tell their\n"
         "number through MPI_APPNUM. A process runs one program, so each part has node processes\n"
         "of its own (on this machine by default), which reach each other over the network layer.\n"
         "A part takes only -n, -x, -env, -envall, -envnone, -envlist and -wdir; the other options\n"
         "are the whole job's and come before the first program.\n"
         "\n"
         "Options:\n"
         "  -n N, -np N            number of ranks (default: one per node, or the hosts' slots,\n"
         "                         or -ppn per node)\n"
         "  --nodes K              run K node processes on this machine (over loopback), or use the\n"
         "                         first K hosts; the ranks are spread evenly, in blocks\n"
         "  -ppn P, --ranks-per-node P\n"
         "                         P ranks on each node, the last one the rest\n"
         "  --hosts H1,H2:N, -H ...\n"
         "                         one node process on each host (also --host); a host's N slots are\n"
         "                         the ranks it takes before ranks are spread over all hosts\n"
         "  --hostfile FILE, --machinefile FILE, -f FILE\n"
         "                         the hosts, one a line: host, host:N or host slots=N, with\n"
         "                         max_slots=M the most ranks it takes; # comments. Host names\n"
         "                         may hold ranges: node[01-04,07]\n"
         "  -launcher-exec PATH    the remote shell that starts node processes on other hosts\n"
         "                         (default ssh; also -bootstrap-exec)\n"
         "  -launcher HOW, -bootstrap HOW\n"
         "                         ssh, rsh or pbsdsh: reach other hosts through that program; fork:\n"
         "                         start every node process on this machine; slurm: srun, inside\n"
         "                         an allocation\n"
         "  --prefix DIR           Weft's installed tree on the other hosts: DIR/bin and its lib\n"
         "                         folder go first in their node processes' PATH, LD_LIBRARY_PATH\n"
         "  -iface NAME            the network interface other hosts reach this one and each other\n"
         "                         through (default: the first one that is not loopback)\n"
         "  --workers W            number of worker threads that run the ranks\n"
         "  --threads-per-rank T, --cpus-per-rank T\n"
         "                         threads each rank runs (OpenMP, its own): each worker gets T\n"
         "                         cores for itself and its ranks' threads (default: OMP_NUM_THREADS,\n"
         "                         else the cores the ranks leave over)\n"
         "  --stack-size SIZE      stack of each rank, in bytes with an optional K, M or G suffix\n"
         "  --timeout SECONDS      stop the job after SECONDS: SIGTERM, then SIGKILL if it is still\n"
         "                         running after a grace period; exit status 124 (without it,\n"
         "                         MPIEXEC_TIMEOUT in the environment, as MPICH and Open MPI read it)\n"
         "  --tag-output, -l, -prepend-rank\n"
         "                         prefix each output line with the rank that printed it\n"
         "  --output-filename DIR[:nojobid,nocopy]\n"
         "                         also write each rank's stdout and stderr to DIR/1/rank.N/stdout\n"
         "                         and stderr (Open MPI's layout; nocopy: files only)\n"
         "  -outfile-pattern P, -errfile-pattern P\n"
         "                         write each rank's stdout (stderr) to the file P names: %r the\n"
         "                         rank, %R the rank filled with zeros, %h the host, %% a '%'\n"
         "  --report-bindings      print, before the program starts, which ranks run on which\n"
         "                         worker and where in the machine (package, NUMA node, L3, core)\n"
         "  --gdb RANKS            run the job under gdb with Weft's extension loaded (weft ranks,\n"
         "                         weft rank N), stopping as each of RANKS (e.g. 0,3, or all) enters\n"
         "                         main; one node process on this machine only, no --timeout\n"
         "  -x VAR, -x VAR=VALUE   pass VAR to the program, or set it to VALUE (Open MPI)\n"
         "  -env VAR VALUE         set VAR to VALUE for the program (of this part of an MPMD job)\n"
         "  -genv VAR VALUE        set VAR to VALUE for every part\n"
         "  -envall, -envnone, -envlist VAR1,VAR2\n"
         "                         pass the program all of mpirun's variables (also to other hosts,\n"
         "                         which otherwise get only WEFT_*, FI_* and -x ones), none, or\n"
         "                         those named; Weft's own and -x ones always pass (-genvall,\n"
         "                         -genvnone, -genvlist: for every part)\n"
         "  -wdir DIR, -wd DIR     start the program in DIR (a relative program path is found there)\n"
         "  -configfile FILE       the parts of an MPMD job, one a line (part options and program);\n"
         "                         # comments, '...' and \"...\" quote\n"
         "  --oversubscribe, --allow-run-as-root, -q, --quiet\n"
         "                         accepted and ignored: every Weft job may oversubscribe, and\n"
         "                         mpirun prints only errors and notes\n"
         "  --map-by ppr:N:node[:pe=T]\n"
         "                         N ranks on each node (-ppn N), T cores for each rank's threads\n"
         "                         (--threads-per-rank T)\n"
         "  --mca KEY VALUE, --bind-to HOW, --map-by HOW\n"
         "                         accepted with a note and ignored: Weft has no Open MPI\n"
         "                         components and places its ranks itself (see --report-bindings)\n"
         "  --help                 this text\n"
         "  --version              the Weft version\n"
         "Long options also take one dash (-np, -env) and the --name=value form (--workers=4).\n"
         "\n"
         "Exit status: the program's own (of the first node that failed); 128+N if a signal N killed\n"
         "it; the status a node aborted the job with; 124 if it exceeded --timeout; 2 if the command\n"
         "line is wrong or the job cannot be started.\n"
         "\n"
         "Examples:\n"
         "  " +
         n +
         " -n 4 ./ring\n"
         "  " +
         n +
         " -np 8 --workers 2 --timeout 300 ./solver input.dat\n"
         "  " +
         n +
         " -n 4 -x OMP_NUM_THREADS=1 --tag-output ./app\n"
         "  " +
         n +
         " -n 8 --nodes 2 ./ring            (two node processes on this machine)\n"
         "  " +
         n +
         " -n 4 --gdb 2 ./ring              (gdb stops when rank 2 enters main)\n"
         "  " +
         n +
         " -n 1 ./io : -n 8 ./solver        (MPMD: rank 0 runs io, ranks 1-8 solver)\n"
         "  " +
         n + " -n 256 --hosts a,b ./app         (128 ranks on each host, started through ssh)\n";
}

std::string version_text(std::string_view name) { return std::string(name) + " (Weft) " WEFT_VERSION "\n"; }

}  // namespace weft::tools
