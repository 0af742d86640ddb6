#include "runtime/whereabouts.hpp"

#include "runtime/report.hpp"

namespace weft::runtime {
namespace {

std::string group_name(const void* group) {
  const wait_groups* groups = wait_group_description();
  return groups != nullptr && group != nullptr ? groups->name(group) : "its communicator";
}

std::string describe_tag(int tag) {
  if (tag == no_tag) return "";
  return tag == any_tag ? " (any tag)" : " (tag " + std::to_string(tag) + ")";
}

std::string describe_wait(const wait_site& site) {
  std::string text = std::string("blocked in ") + site.call;
  switch (site.peer) {
    case every_peer:
      return text + " on " + group_name(site.group);
    case any_peer:
      return text + ", waiting for any rank of " + group_name(site.group) + describe_tag(site.tag);
    case outside_peer:
      return text + ", waiting for a generalized request the program completes itself";
    case no_peer:
      return text;
    default:
      return text + ", waiting for rank " + std::to_string(site.peer) + describe_tag(site.tag) + " on " +
             group_name(site.group);
  }
}

}  // namespace

std::string describe_whereabouts(const rank& r) {
  switch (r.state.load(std::memory_order_acquire)) {
    case rank_state::finished:
      return "finished";
    case rank_state::blocked:
      return r.waiting.call != nullptr ? describe_wait(r.waiting) : "blocked in a wait inside MPI that names no peer";
    default:
      // Computing, polling, or between two waits: its wait site, if any, may be changing, so only the call.
      if (const char* call = r.waiting.call) return std::string("running, inside ") + call;
      return "running";
  }
}

void report_whereabouts(std::span<const rank> ranks, int max_lines) {
  int lines = 0;
  for (std::size_t first = 0; first < ranks.size();) {
    std::string where = describe_whereabouts(ranks[first]);
    std::size_t last = first;
    while (last + 1 < ranks.size() && describe_whereabouts(ranks[last + 1]) == where) ++last;
    if (lines++ == max_lines) {
      report("... and ranks %d-%d", ranks[first].id, ranks.back().id);
      return;
    }
    if (first == last)
      report("rank %d: %s", ranks[first].id, where.c_str());
    else
      report("ranks %d-%d: %s", ranks[first].id, ranks[last].id, where.c_str());
    first = last + 1;
  }
}

}  // namespace weft::runtime
