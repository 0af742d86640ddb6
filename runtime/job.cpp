#include "runtime/job.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "privatize/runtime/rank_image.hpp"
#include "runtime/asymmetric_fence.hpp"
#include "runtime/debugger_anchor.hpp"
#include "runtime/fault_handler.hpp"
#include "runtime/log.hpp"
#include "runtime/memory_limits.hpp"
#include "runtime/openmp_places.hpp"
#include "runtime/openmp_settings.hpp"
#include "runtime/openmp_tool.hpp"
#include "runtime/path_report.hpp"
#include "runtime/rank_output.hpp"
#include "runtime/report.hpp"
#include "runtime/watchdog.hpp"
#include "runtime/worker_blocks.hpp"

namespace weft::runtime {
namespace {

// How long a node process whose ranks have all finished sleeps between polls of the network while it
// waits for the other nodes: it only answers their watchdogs then.
constexpr int finished_poll_ms = 10;

// Which ranks this process runs: all of them, or, across nodes, the block of the node PMIx says it is.
node_map place_in_job(const config& settings, const pmix_client* wire_up) {
  if (wire_up == nullptr) return node_map({settings.nranks}, 0);
  auto listed = static_cast<int>(settings.ranks_per_node.size());
  if (wire_up->node_count() != listed)
    fatal(1, "node %d: the job has %d node processes but WEFT_NODE_RANKS lists %d; start it with mpirun",
          wire_up->node(), wire_up->node_count(), listed);
  return node_map(settings.ranks_per_node, wire_up->node());
}

// WEFT_* variables that set nothing, said once per job (by the first node process), since the job runs on
// without them.
void warn_of_unknown_settings() {
  for (const std::string& name : unknown_settings(environ))
    warn(log_subsystem::runtime,
         "%s is set but is no Weft setting, so it has no effect (weft-info --config lists them)", name.c_str());
}

// Before any rank runs: a job too large fails here with what to change.
void check_memory_room(const config& settings, const node_map& nodes) {
  memory_needs needs{nodes.local_count(), settings.stack_size + guarded_stack::page_size(),
                     privatize::rank_image::bytes_per_rank()};
  std::string refused = refusal(needs, memory_room::of_this_process());
  if (refused.empty()) return;
  if (nodes.node_count() > 1) fatal(1, "node %d: %s", nodes.this_node(), refused.c_str());
  fatal(1, "%s", refused.c_str());
}

// Threads each rank runs: WEFT_THREADS_PER_RANK, else what a job script says to OpenMP (the first value of
// OMP_NUM_THREADS, which may list one per nesting level), else the cores the ranks leave over, shared out
// (a rank alone on two cores gets both, as it would as a process).
int threads_per_rank(const config& settings, int local_ranks, int cores) {
  if (settings.threads_per_rank > 0) return settings.threads_per_rank;
  if (const char* openmp = std::getenv("OMP_NUM_THREADS")) {
    char* end = nullptr;
    long threads = std::strtol(openmp, &end, 10);
    if (end != openmp && threads > 0 && threads <= 4096) return static_cast<int>(threads);
  }
  return std::max(1, cores / local_ranks);
}

}  // namespace

job::job(const config& settings, main_function main, int argc, char** argv)
    : settings_(settings),
      main_(main),
      argc_(argc),
      argv_(argv),
      wire_up_(settings.ranks_per_node.empty() ? nullptr : std::make_unique<pmix_client>()),
      nodes_(place_in_job(settings, wire_up_.get())),
      stacks_(settings.stack_size),
      ranks_(std::make_unique<rank[]>(nodes_.local_count())),
      rank_places_(nodes_.local_count()) {
  set_log_levels(settings.logging);
  enable_path_reports(settings.proto_info);
  int local = nodes_.local_count();
  check_memory_room(settings, nodes_);
  threads_per_rank_ = threads_per_rank(settings, local, topology_.core_count());
  topology_.give_each_worker(threads_per_rank_);
  int workers = settings.workers > 0 ? settings.workers : std::max(1, topology_.core_count() / threads_per_rank_);
  workers = std::min(workers, local);
  for (int w = 0; w < workers; ++w) {
    int first = first_rank_of_worker(w, local, workers);
    int last = first_rank_of_worker(w + 1, local, workers);
    machine_place place = topology_.place_of_worker(w);
    for (int r = first; r < last; ++r) {
      ranks_[r].id = nodes_.first_local() + r;
      rank_places_[r] = place;
    }
    workers_.push_back(std::make_unique<worker>(w, std::span<rank>(&ranks_[first], last - first), *this));
  }
  workers_share_cores_ = settings.yield_when_idle || workers * threads_per_rank_ > topology_.core_count();
  if (logging(log_subsystem::runtime, log_level::info)) [[unlikely]]
    write_log(log_subsystem::runtime,
              "node %d: ranks %d, workers %d, cores %d, threads per rank %d, stacks of %zu KiB%s", nodes_.this_node(),
              local, workers, topology_.core_count(), threads_per_rank_, settings.stack_size / 1024,
              workers_share_cores_ ? "; workers share cores: waiting ranks park at once" : "");
  if (wire_up_ != nullptr) network_ = &connect_nodes(*this);
}

void job::report_bindings() const {
  std::string node = nodes_.node_count() > 1 ? "node " + std::to_string(nodes_.this_node()) + " " : "";
  for (const auto& w : workers_) {
    int first = w->ranks().front().id;
    int last = w->ranks().back().id;
    std::string ranks =
        first == last ? "rank " + std::to_string(first) : "ranks " + std::to_string(first) + "-" + std::to_string(last);
    // A worker of several cores: those cores, then the levels they share.
    std::string cores = topology_.worker_cores(w->index());
    machine_place place = place_of_rank(first);
    if (!cores.empty()) place.back() = -1;
    std::string where = cores.empty() ? describe(place) : cores + ", " + describe(place);
    std::string threads = threads_per_rank_ > 1 ? " with " + std::to_string(threads_per_rank_) + " threads each" : "";
    std::fprintf(stderr, "weft: %sworker %d on %s runs %s%s\n", node.c_str(), w->index(), where.c_str(), ranks.c_str(),
                 threads.c_str());
  }
  if (!workers_share_cores_) return;
  std::string why = settings_.yield_when_idle
                        ? "WEFT_YIELD_WHEN_IDLE=1"
                        : std::to_string(worker_count()) + " workers" +
                              (threads_per_rank_ > 1 ? " of " + std::to_string(threads_per_rank_) + " threads" : "") +
                              " on " + std::to_string(topology_.core_count()) + " cores";
  std::fprintf(stderr, "weft: %s%s: waiting ranks park at once, idle workers yield their core\n", node.c_str(),
               why.c_str());
}

int job::run() {
  running_ = this;
  require_openmp_tool();
  take_openmp_binding(topology_, worker_count());
  set_openmp_defaults(threads_per_rank_);
  if (nodes_.this_node() == 0) warn_of_unknown_settings();
  if (settings_.report_bindings) report_bindings();
  publish_ranks_for_debuggers(std::span<const rank>(ranks_.get(), nodes_.local_count()), worker_count());
  install_fault_handlers();
  install_rank_output({settings_.tag_output, settings_.output_file, settings_.error_file, settings_.output_copy});
  watchdog watch(std::span<const rank>(ranks_.get(), nodes_.local_count()), settings_.deadlock_seconds, nodes_,
                 network_);
  enable_asymmetric_fences();
  std::vector<std::jthread> threads;
  for (std::size_t w = 1; w < workers_.size(); ++w) threads.emplace_back([this, w] { workers_[w]->run(); });
  workers_[0]->run();  // the process's main thread is worker 0
  threads.clear();     // joins
  if (wire_up_ != nullptr) {
    // No node process leaves before all have finished: peers may still be reading from this one, and
    // their watchdogs may ask this one's whether it is stuck (deadlock_census.hpp) while they wait, so the
    // network keeps moving. The workers are gone: this thread polls every port.
    network_->finish();
    auto keep_moving = [this] {
      bool moved = false;
      for (int w = 0; w < worker_count(); ++w) moved |= network_->progress(w);
      if (moved || !network_->may_sleep(0)) return;
      pollfd readable{network_->wait_fd(0), POLLIN, 0};
      ::poll(&readable, 1, finished_poll_ms);
    };
    wire_up_->fence_while(keep_moving);
    // Every node's ranks have finished, so no census is needed, but a node may still be sending one that
    // it queued before it saw the fence end. The second fence keeps each node here, taking such messages,
    // until all have stopped sending them: none is sent to a node that has left (the send would block in
    // the provider's connect).
    network_->close_census();
    wire_up_->fence_while(keep_moving);
    wire_up_.reset();
  }
  return 0;
}

int job::run_main(rank& r) {
  r.globals = std::make_unique<privatize::rank_globals>();
  r.globals->start();
  // Each rank gets its own argv, as a process would: programs permute it (getopt) or write into it.
  std::vector<std::string> arguments(argv_, argv_ + argc_);
  std::vector<char*> pointers;
  for (std::string& argument : arguments) pointers.push_back(argument.data());
  pointers.push_back(nullptr);
  int code = main_(argc_, pointers.data());
  r.globals->finish();
  return code;
}

void job::prepare_worker_thread(int index) const noexcept {
  topology_.pin_thread(index);
  prepare_thread_for_faults();
}

void job::prepare_process_thread() const noexcept {
  topology_.unpin_thread();
  prepare_thread_for_faults();
}

void job::rank_finished(rank& r) {
  flush_rank_output(r.id);
  if (r.exit_code != 0) fatal(r.exit_code, "rank %d exited with code %d; ending the job", r.id, r.exit_code);
}

}  // namespace weft::runtime
