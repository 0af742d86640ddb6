#include "runtime/wait_for_graph.hpp"

#include <algorithm>

namespace weft::runtime {
namespace {

bool in_same_collective(const wait_groups& groups, const rank& a, const rank& b) {
  return b.state.load(std::memory_order_acquire) == rank_state::blocked && b.waiting.call == a.waiting.call &&
         b.waiting.peer == every_peer && b.waiting.group != nullptr &&
         groups.identity(b.waiting.group) == groups.identity(a.waiting.group);
}

// The local indexes of the ranks `ranks[index]` waits for; ranks of other nodes are left out.
std::vector<int> awaited(std::span<const rank> ranks, int index) {
  const rank& waiter = ranks[index];
  std::vector<int> targets;
  if (waiter.state.load(std::memory_order_acquire) != rank_state::blocked || waiter.waiting.call == nullptr)
    return targets;
  int first = ranks.front().id;
  auto add = [&](int job_rank) {
    int local = job_rank - first;
    if (local >= 0 && local < static_cast<int>(ranks.size()) && local != index) targets.push_back(local);
  };
  const wait_site& site = waiter.waiting;
  if (site.peer >= 0) {
    add(site.peer);
    return targets;
  }
  const wait_groups* groups = wait_group_description();
  if (groups == nullptr || site.group == nullptr || (site.peer != any_peer && site.peer != every_peer)) return targets;
  for (int member : groups->members(site.group)) {
    int local = member - first;
    bool absent = local < 0 || local >= static_cast<int>(ranks.size());
    if (absent || (site.peer == every_peer && in_same_collective(*groups, waiter, ranks[local]))) continue;
    add(member);
  }
  return targets;
}

}  // namespace

std::vector<int> find_wait_for_cycle(std::span<const rank> ranks) {
  // Depth-first search; a rank found again on the current path closes a cycle.
  enum class mark : unsigned char { unseen, on_path, done };
  std::vector<mark> marks(ranks.size(), mark::unseen);
  struct frame {
    int rank;
    std::vector<int> targets;
    std::size_t next = 0;
  };
  for (int start = 0; start < static_cast<int>(ranks.size()); ++start) {
    if (marks[start] != mark::unseen) continue;
    std::vector<frame> path{{start, awaited(ranks, start)}};
    marks[start] = mark::on_path;
    while (!path.empty()) {
      frame& top = path.back();
      if (top.next == top.targets.size()) {
        marks[top.rank] = mark::done;
        path.pop_back();
        continue;
      }
      int target = top.targets[top.next++];
      if (marks[target] == mark::on_path) {
        auto from = std::find_if(path.begin(), path.end(), [&](const frame& f) { return f.rank == target; });
        std::vector<int> cycle;
        for (auto f = from; f != path.end(); ++f) cycle.push_back(ranks[f->rank].id);
        cycle.push_back(ranks[target].id);
        return cycle;
      }
      if (marks[target] == mark::unseen) {
        marks[target] = mark::on_path;
        path.push_back({target, awaited(ranks, target)});
      }
    }
  }
  return {};
}

std::vector<int> finished_but_awaited(std::span<const rank> ranks) {
  std::vector<bool> awaited_finished(ranks.size(), false);
  for (int index = 0; index < static_cast<int>(ranks.size()); ++index)
    for (int target : awaited(ranks, index))
      if (ranks[target].state.load(std::memory_order_acquire) == rank_state::finished) awaited_finished[target] = true;
  std::vector<int> finished;
  for (std::size_t index = 0; index < ranks.size(); ++index)
    if (awaited_finished[index]) finished.push_back(ranks[index].id);
  return finished;
}

}  // namespace weft::runtime
