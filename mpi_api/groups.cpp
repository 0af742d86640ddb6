// Groups: ordered sets of ranks, made from communicators and from each other.

#include "mpi_api/groups.hpp"

#include <algorithm>
#include <memory>
#include <vector>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/pmpi.hpp"

weft_group_s weft_mpi_group_empty{weft::mpi::no_members(), nullptr};

using namespace weft::mpi;

MPI_Group weft::mpi::make_group(shared_rank_map members, session_buffer_link session) {
  if (members->size() == 0) return MPI_GROUP_EMPTY;
  return new weft_group_s(std::move(members), std::move(session));
}

namespace {

MPI_Group make_group(std::vector<int> job_ranks, session_buffer_link session) {
  return make_group(std::make_shared<const rank_map>(std::move(job_ranks)), std::move(session));
}

// The session a group made from two derives from: the first's, or the second's when the first is empty
// (MPI_GROUP_EMPTY belongs to no session). Groups of different sessions are not to be mixed (MPI-4.1, 11.3).
session_buffer_link session_of_pair(MPI_Group group1, MPI_Group group2) {
  return group1->session_buffer ? group1->session_buffer : group2->session_buffer;
}

// Checks the handle, input and output arguments common to the calls that make a group from two groups.
int check_pair(const char* call, MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
  if (int error = check_group(call, MPI_COMM_WORLD, group1, "group1")) return error;
  if (int error = check_group(call, MPI_COMM_WORLD, group2, "group2")) return error;
  return check_output(call, MPI_COMM_WORLD, newgroup, "newgroup");
}

// The members of `a` for which `keep(b contains them)` holds, in a's order.
template <class Keep>
std::vector<int> filter(const rank_map& a, const rank_map& b, Keep keep) {
  std::vector<int> kept;
  for (int job_rank : a.job_ranks())
    if (keep(b.rank_of(job_rank) != MPI_UNDEFINED)) kept.push_back(job_rank);
  return kept;
}

// Checks a list of `n` ranks of `group` that must be valid and distinct, as Group_incl/excl want them.
int check_rank_list(const char* call, const rank_map& group, int n, const int ranks[]) {
  if (n < 0) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "negative number of ranks %d", n);
  if (n > 0 && ranks == nullptr) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "argument ranks is NULL");
  std::vector<bool> seen(group.size());
  for (int i = 0; i < n; ++i) {
    if (ranks[i] < 0 || ranks[i] >= group.size())
      return raise_error(MPI_COMM_WORLD, MPI_ERR_RANK, call, "ranks[%d] = %d is not a rank of the group (size %d)", i,
                         ranks[i], group.size());
    if (seen[ranks[i]])
      return raise_error(MPI_COMM_WORLD, MPI_ERR_RANK, call, "rank %d appears twice in ranks", ranks[i]);
    seen[ranks[i]] = true;
  }
  return MPI_SUCCESS;
}

// Expands `n` (first, last, stride) triplets into the ranks they name, checking them as the standard
// asks: every rank valid, none named twice.
int expand_ranges(const char* call, const rank_map& group, int n, int ranges[][3], std::vector<int>& ranks) {
  if (n < 0) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "negative number of ranges %d", n);
  if (n > 0 && ranges == nullptr) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "argument ranges is NULL");
  for (int i = 0; i < n; ++i) {
    auto [first, last, stride] = std::tuple{ranges[i][0], ranges[i][1], ranges[i][2]};
    if (stride == 0) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "ranges[%d] has stride 0", i);
    for (int end : {first, last})
      if (end < 0 || end >= group.size())
        return raise_error(MPI_COMM_WORLD, MPI_ERR_RANK, call,
                           "ranges[%d] names rank %d, not a rank of the group (size %d)", i, end, group.size());
    if ((stride > 0 && first > last) || (stride < 0 && first < last))
      return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "ranges[%d] = (%d, %d, %d) names no rank", i, first, last,
                         stride);
    for (long r = first; stride > 0 ? r <= last : r >= last; r += stride) ranks.push_back(static_cast<int>(r));
  }
  return check_rank_list(call, group, static_cast<int>(ranks.size()), ranks.data());
}

// The members of `group` whose ranks are (or, with `include` false, are not) in `ranks`.
std::vector<int> select(const rank_map& group, const std::vector<int>& ranks, bool include) {
  std::vector<int> selected;
  if (include) {
    for (int r : ranks) selected.push_back(group.job_rank(r));
    return selected;
  }
  std::vector<bool> excluded(group.size());
  for (int r : ranks) excluded[r] = true;
  for (int r = 0; r < group.size(); ++r)
    if (!excluded[r]) selected.push_back(group.job_rank(r));
  return selected;
}

int subgroup(const char* call, MPI_Group group, int n, const int ranks[], MPI_Group* newgroup, bool include) {
  if (int error = check_group(call, MPI_COMM_WORLD, group, "group")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, newgroup, "newgroup")) return error;
  if (int error = check_rank_list(call, *group->members, n, ranks)) return error;
  *newgroup = make_group(select(*group->members, std::vector<int>(ranks, ranks + n), include), group->session_buffer);
  return MPI_SUCCESS;
}

int range_subgroup(const char* call, MPI_Group group, int n, int ranges[][3], MPI_Group* newgroup, bool include) {
  if (int error = check_group(call, MPI_COMM_WORLD, group, "group")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, newgroup, "newgroup")) return error;
  std::vector<int> ranks;
  if (int error = expand_ranges(call, *group->members, n, ranges, ranks)) return error;
  *newgroup = make_group(select(*group->members, ranks, include), group->session_buffer);
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Group_size)
extern "C" int PMPI_Group_size(MPI_Group group, int* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_group(call, MPI_COMM_WORLD, group, "group")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, size, "size")) return error;
  *size = group->members->size();
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Group_rank)
extern "C" int PMPI_Group_rank(MPI_Group group, int* rank) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_group(call, MPI_COMM_WORLD, group, "group")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, rank, "rank")) return error;
  *rank = group->members->rank_of(this_rank_id());
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Group_translate_ranks)
extern "C" int PMPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[]) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_group(call, MPI_COMM_WORLD, group1, "group1")) return error;
  if (int error = check_group(call, MPI_COMM_WORLD, group2, "group2")) return error;
  if (n < 0) return raise_error(MPI_COMM_WORLD, MPI_ERR_ARG, call, "negative number of ranks %d", n);
  if (n > 0) {
    if (int error = check_output(call, MPI_COMM_WORLD, ranks1, "ranks1")) return error;
    if (int error = check_output(call, MPI_COMM_WORLD, ranks2, "ranks2")) return error;
  }
  const rank_map& from = *group1->members;
  for (int i = 0; i < n; ++i)
    if (ranks1[i] != MPI_PROC_NULL && (ranks1[i] < 0 || ranks1[i] >= from.size()))
      return raise_error(MPI_COMM_WORLD, MPI_ERR_RANK, call, "ranks1[%d] = %d is not a rank of group1 (size %d)", i,
                         ranks1[i], from.size());
  for (int i = 0; i < n; ++i)
    ranks2[i] = ranks1[i] == MPI_PROC_NULL ? MPI_PROC_NULL : group2->members->rank_of(from.job_rank(ranks1[i]));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Group_compare)
extern "C" int PMPI_Group_compare(MPI_Group group1, MPI_Group group2, int* result) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_group(call, MPI_COMM_WORLD, group1, "group1")) return error;
  if (int error = check_group(call, MPI_COMM_WORLD, group2, "group2")) return error;
  if (int error = check_output(call, MPI_COMM_WORLD, result, "result")) return error;
  *result = compare_members(*group1->members, *group2->members);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_group)
extern "C" int PMPI_Comm_group(MPI_Comm comm, MPI_Group* group) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_output(call, comm, group, "group")) return error;
  *group = make_group(resolve(comm)->local, resolve(comm)->session_buffer);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Comm_remote_group)
extern "C" int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group* group) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_intercommunicator(call, comm)) return error;
  if (int error = check_output(call, comm, group, "group")) return error;
  *group = make_group(resolve(comm)->remote, resolve(comm)->session_buffer);
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Group_union)
extern "C" int PMPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_pair(WEFT_CALL_NAME, group1, group2, newgroup)) return error;
  std::vector<int> members = group1->members->job_ranks();
  std::vector<int> added = filter(*group2->members, *group1->members, [](bool in_group1) { return !in_group1; });
  members.insert(members.end(), added.begin(), added.end());
  *newgroup = make_group(std::move(members), session_of_pair(group1, group2));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Group_intersection)
extern "C" int PMPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_pair(WEFT_CALL_NAME, group1, group2, newgroup)) return error;
  *newgroup = make_group(filter(*group1->members, *group2->members, [](bool in_group2) { return in_group2; }),
                         session_of_pair(group1, group2));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Group_difference)
extern "C" int PMPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
  const call_guard guard(WEFT_CALL_NAME);
  if (int error = check_pair(WEFT_CALL_NAME, group1, group2, newgroup)) return error;
  *newgroup = make_group(filter(*group1->members, *group2->members, [](bool in_group2) { return !in_group2; }),
                         session_of_pair(group1, group2));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Group_incl)
extern "C" int PMPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group* newgroup) {
  const call_guard guard(WEFT_CALL_NAME);
  return subgroup(WEFT_CALL_NAME, group, n, ranks, newgroup, true);
}

WEFT_PMPI_ALIAS(Group_excl)
extern "C" int PMPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group* newgroup) {
  const call_guard guard(WEFT_CALL_NAME);
  return subgroup(WEFT_CALL_NAME, group, n, ranks, newgroup, false);
}

WEFT_PMPI_ALIAS(Group_range_incl)
extern "C" int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group* newgroup) {
  const call_guard guard(WEFT_CALL_NAME);
  return range_subgroup(WEFT_CALL_NAME, group, n, ranges, newgroup, true);
}

WEFT_PMPI_ALIAS(Group_range_excl)
extern "C" int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group* newgroup) {
  const call_guard guard(WEFT_CALL_NAME);
  return range_subgroup(WEFT_CALL_NAME, group, n, ranges, newgroup, false);
}

WEFT_PMPI_ALIAS(Group_free)
extern "C" int PMPI_Group_free(MPI_Group* group) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, MPI_COMM_WORLD, group, "group")) return error;
  if (int error = check_group(call, MPI_COMM_WORLD, *group, "group")) return error;
  if (*group != MPI_GROUP_EMPTY) release(*group);  // the predefined empty group lives on
  *group = MPI_GROUP_NULL;
  return MPI_SUCCESS;
}
