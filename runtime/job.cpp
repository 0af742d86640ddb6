#include "runtime/job.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <thread>

#include "runtime/fault_handler.hpp"
#include "runtime/output_tagging.hpp"
#include "runtime/report.hpp"

namespace weft::runtime {

job::job(const config& settings, main_function main, int argc, char** argv)
    : settings_(settings),
      main_(main),
      argc_(argc),
      argv_(argv),
      stacks_(settings.stack_size),
      ranks_(std::make_unique<rank[]>(settings.nranks)),
      rank_places_(settings.nranks) {
  int workers = settings.workers > 0 ? settings.workers : topology_.core_count();
  workers = std::min(workers, settings.nranks);
  // Ranks are placed in blocks: neighbours in rank order share a worker, and usually its caches.
  for (int w = 0; w < workers; ++w) {
    long first = static_cast<long>(w) * settings.nranks / workers;
    long last = static_cast<long>(w + 1) * settings.nranks / workers;
    machine_place place = topology_.place_of_worker(w);
    for (long r = first; r < last; ++r) {
      ranks_[r].id = static_cast<int>(r);
      rank_places_[r] = place;
    }
    workers_.push_back(std::make_unique<worker>(w, std::span<rank>(&ranks_[first], last - first), *this));
  }
}

void job::report_bindings() const {
  for (const auto& w : workers_) {
    int first = w->ranks().front().id;
    int last = w->ranks().back().id;
    std::string ranks = first == last ? "rank " + std::to_string(first)
                                      : "ranks " + std::to_string(first) + "-" + std::to_string(last);
    std::fprintf(stderr, "weft: worker %d on %s runs %s\n", w->index(), describe(place_of_rank(first)).c_str(),
                 ranks.c_str());
  }
}

int job::run() {
  running_ = this;
  if (settings_.report_bindings) report_bindings();
  install_fault_handlers();
  if (settings_.tag_output) install_output_tagging(settings_.nranks);
  std::vector<std::jthread> threads;
  for (std::size_t w = 1; w < workers_.size(); ++w) threads.emplace_back([this, w] { workers_[w]->run(); });
  workers_[0]->run();  // the process's main thread is worker 0
  threads.clear();     // joins
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

void job::rank_finished(rank& r) {
  flush_rank_output(r.id);
  if (r.exit_code != 0) fatal(r.exit_code, "rank %d exited with code %d; ending the job", r.id, r.exit_code);
}

}  // namespace weft::runtime
