// The conversions of large counts to the int procedures' arguments (large_counts.hpp).

#include "mpi_api/large_counts.hpp"

#include <climits>
#include <memory>

#include "mpi_api/communicators.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/handles.hpp"

namespace weft::mpi {

int_count::int_count(MPI_Count count, MPI_Datatype type, MPI_Op op) : datatype(type), original_(count) {
  if (count <= INT_MAX) {
    this->count = count < INT_MIN ? -1 : static_cast<int>(count);
    return;
  }
  // What the int procedure would refuse anyway (no datatype, not committed) it refuses with a count that fits.
  this->count = INT_MAX;
  if (type == MPI_DATATYPE_NULL || !is_object(type, object_kind::datatype) || !type->committed) return;
  if (op != MPI_OP_NULL && is_object(op, object_kind::op) && !op->is_predefined()) {
    refusal_ = "a user's operation takes an int length: beyond 2^31 - 1 elements only predefined operations apply";
    return;
  }
  auto layout = shm::type_layout::contiguous(static_cast<std::size_t>(count), type->layout);
  if (!layout) {
    refusal_ = "the buffer's bounds would not fit in MPI_Aint";
    return;
  }
  // Described as MPI_Type_contiguous_c would describe it, for the walks that follow a type's constructor
  // (external32 and file data representations).
  made_ = derived(std::move(layout), MPI_COMBINER_CONTIGUOUS, {}, {}, {type}).release();
  keep_counts(*made_, {count}, contents_form::large);
  made_->committed = true;
  this->count = 1;
  datatype = made_;
}

int_count::~int_count() {
  if (made_ != MPI_DATATYPE_NULL) release(made_);
}

int int_count::report(const char* call, error_target target) const {
  return raise_error(target, MPI_ERR_COUNT, call, "count %lld: %s", static_cast<long long>(original_), refusal_);
}

int_array::int_array(const MPI_Count* values, int entries) { convert(values, entries); }
int_array::int_array(const MPI_Aint* values, int entries) { convert(values, entries); }

template <class Value>
void int_array::convert(const Value* values, int entries) {
  null_ = values == nullptr;
  if (null_) return;
  converted_.resize(entries > 0 ? entries : 0);
  for (int i = 0; i < entries; ++i) {
    if (values[i] > INT_MAX || values[i] < INT_MIN) {
      bad_index_ = i;
      bad_value_ = static_cast<long long>(values[i]);
      return;
    }
    converted_[i] = static_cast<int>(values[i]);
  }
}

int int_array::report(const char* call, error_target target, int error_class, const char* argument) const {
  return raise_error(target, error_class, call, "%s[%d] is %lld: Weft takes this argument's entries up to 2^31 - 1",
                     argument, bad_index_, bad_value_);
}

void keep_for(MPI_Request request, std::initializer_list<int_array*> arrays) {
  for (int_array* array : arrays)
    request->converted_arguments.push_back(std::make_shared<const std::vector<int>>(array->take()));
}

int group_entries(MPI_Comm comm) { return is_communicator(comm) ? peers(*resolve(comm)).size() : 0; }

bool is_root(MPI_Comm comm, int root) {
  if (!is_communicator(comm)) return false;
  const weft_comm_s& c = *resolve(comm);
  return c.is_inter() ? root == MPI_ROOT : c.rank == root;
}

int too_large(const char* call, error_target target, const char* argument, long long value) {
  return raise_error(target, MPI_ERR_ARG, call, "%s is %lld: Weft takes it up to 2^31 - 1", argument, value);
}

}  // namespace weft::mpi
