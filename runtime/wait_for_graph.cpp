#include "runtime/wait_for_graph.hpp"

#include <algorithm>
#include <string_view>

namespace weft::runtime {
namespace {

// The row of job rank `job_rank`, or -1 when the table does not hold it.
int row_of(const wait_table& table, int job_rank) {
  auto found = std::lower_bound(table.ranks.begin(), table.ranks.end(), job_rank,
                                [](const rank_wait& row, int wanted) { return row.rank < wanted; });
  return found != table.ranks.end() && found->rank == job_rank ? static_cast<int>(found - table.ranks.begin()) : -1;
}

bool in_same_collective(const rank_wait& a, const rank_wait& b) {
  return !b.finished && b.call == a.call && b.peer == every_peer && b.group == a.group;
}

// The rows that row `index` waits for.
std::vector<int> awaited(const wait_table& table, int index) {
  const rank_wait& waiter = table.ranks[index];
  std::vector<int> targets;
  if (waiter.finished || waiter.call == 0) return targets;
  auto add = [&](int job_rank) {
    int row = row_of(table, job_rank);
    if (row >= 0 && row != index) targets.push_back(row);
  };
  if (waiter.peer >= 0) {
    add(waiter.peer);
    return targets;
  }
  auto group = table.members.find(waiter.group);
  if ((waiter.peer != any_peer && waiter.peer != every_peer) || group == table.members.end()) return targets;
  for (int member : group->second) {
    int row = row_of(table, member);
    if (row < 0 || (waiter.peer == every_peer && in_same_collective(waiter, table.ranks[row]))) continue;
    add(member);
  }
  return targets;
}

}  // namespace

wait_table wait_table::of(std::span<const rank> ranks) {
  wait_table table;
  const wait_groups* groups = wait_group_description();
  for (const rank& r : ranks) {
    rank_wait& row = table.ranks.emplace_back();
    row.rank = r.id;
    row.finished = r.state.load(std::memory_order_acquire) == rank_state::finished;
    const wait_site& site = r.waiting;
    if (row.finished || site.call == nullptr) continue;
    row.call = std::hash<std::string_view>{}(site.call);
    row.peer = site.peer;
    if (site.peer != any_peer && site.peer != every_peer) continue;
    if (groups == nullptr || site.group == nullptr) {
      row.peer = no_peer;  // a group nobody described: no waits to follow
      continue;
    }
    row.group = groups->identity(site.group);
    if (!table.members.contains(row.group)) {
      std::span<const int> members = groups->members(site.group);
      table.members.emplace(row.group, std::vector<int>(members.begin(), members.end()));
    }
  }
  return table;
}

void wait_table::append(const wait_table& other) {
  ranks.insert(ranks.end(), other.ranks.begin(), other.ranks.end());
  members.insert(other.members.begin(), other.members.end());
}

std::vector<int> find_wait_for_cycle(const wait_table& table) {
  // Depth-first search; a rank found again on the current path closes a cycle.
  enum class mark : unsigned char { unseen, on_path, done };
  std::vector<mark> marks(table.ranks.size(), mark::unseen);
  struct frame {
    int row;
    std::vector<int> targets;
    std::size_t next = 0;
  };
  for (int start = 0; start < static_cast<int>(table.ranks.size()); ++start) {
    if (marks[start] != mark::unseen) continue;
    std::vector<frame> path{{start, awaited(table, start)}};
    marks[start] = mark::on_path;
    while (!path.empty()) {
      frame& top = path.back();
      if (top.next == top.targets.size()) {
        marks[top.row] = mark::done;
        path.pop_back();
        continue;
      }
      int target = top.targets[top.next++];
      if (marks[target] == mark::on_path) {
        auto from = std::find_if(path.begin(), path.end(), [&](const frame& f) { return f.row == target; });
        std::vector<int> cycle;
        for (auto f = from; f != path.end(); ++f) cycle.push_back(table.ranks[f->row].rank);
        cycle.push_back(table.ranks[target].rank);
        return cycle;
      }
      if (marks[target] == mark::unseen) {
        marks[target] = mark::on_path;
        path.push_back({target, awaited(table, target)});
      }
    }
  }
  return {};
}

std::vector<int> finished_but_awaited(const wait_table& table) {
  std::vector<bool> awaited_finished(table.ranks.size(), false);
  for (int index = 0; index < static_cast<int>(table.ranks.size()); ++index)
    for (int target : awaited(table, index))
      if (table.ranks[target].finished) awaited_finished[target] = true;
  std::vector<int> finished;
  for (std::size_t index = 0; index < table.ranks.size(); ++index)
    if (awaited_finished[index]) finished.push_back(table.ranks[index].rank);
  return finished;
}

}  // namespace weft::runtime
