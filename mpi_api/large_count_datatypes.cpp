// The large-count forms of the subarray and darray constructors and of packing: the counts
// are converted (large_counts.hpp) and the int form called, so the arrays' entries, the packed buffer's size
// and the position must fit an int; the new types report their arguments as the large-count form gives them.
// The other constructors take any count (datatype_constructors.cpp), as do the queries (datatype_queries.cpp).

#include <climits>
#include <vector>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/large_counts.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;

namespace {

constexpr MPI_Comm no_comm = MPI_COMM_WORLD;

// The type the int form made, its arguments kept as the large-count form gives them; or the int form's error.
int in_large_form(int error, const MPI_Datatype* newtype) {
  if (error != MPI_SUCCESS) return error;
  std::vector<MPI_Count> counts((*newtype)->integers.begin(), (*newtype)->integers.end());
  keep_counts(**newtype, counts, contents_form::large);
  return MPI_SUCCESS;
}

}  // namespace

WEFT_PMPI_ALIAS(Type_create_subarray_c)
extern "C" int PMPI_Type_create_subarray_c(int ndims, const MPI_Count array_of_sizes[],
                                           const MPI_Count array_of_subsizes[], const MPI_Count array_of_starts[],
                                           int order, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_array sizes(array_of_sizes, ndims), subsizes(array_of_subsizes, ndims), starts(array_of_starts, ndims);
  if (sizes.refused()) return sizes.report(call, no_comm, MPI_ERR_ARG, "array_of_sizes");
  if (subsizes.refused()) return subsizes.report(call, no_comm, MPI_ERR_ARG, "array_of_subsizes");
  if (starts.refused()) return starts.report(call, no_comm, MPI_ERR_ARG, "array_of_starts");
  return in_large_form(
      PMPI_Type_create_subarray(ndims, sizes.data(), subsizes.data(), starts.data(), order, oldtype, newtype), newtype);
}

WEFT_PMPI_ALIAS(Type_create_darray_c)
extern "C" int PMPI_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count array_of_gsizes[],
                                         const int array_of_distribs[], const int array_of_dargs[],
                                         const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                         MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  const int_array gsizes(array_of_gsizes, ndims);
  if (gsizes.refused()) return gsizes.report(call, no_comm, MPI_ERR_ARG, "array_of_gsizes");
  return in_large_form(PMPI_Type_create_darray(size, rank, ndims, gsizes.data(), array_of_distribs, array_of_dargs,
                                               array_of_psizes, order, oldtype, newtype),
                       newtype);
}

WEFT_PMPI_ALIAS(Pack_c)
extern "C" int PMPI_Pack_c(const void* inbuf, MPI_Count incount, MPI_Datatype datatype, void* outbuf, MPI_Count outsize,
                           MPI_Count* position, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, comm, position, "position")) return error;
  const int_count data(incount, datatype);
  if (data.refused()) return data.report(call, comm);
  if (outsize > INT_MAX) return too_large(call, comm, "outsize", outsize);
  if (*position > INT_MAX) return too_large(call, comm, "*position", *position);
  int at = static_cast<int>(*position);
  int error = PMPI_Pack(inbuf, data.count, data.datatype, outbuf, static_cast<int>(outsize), &at, comm);
  if (error == MPI_SUCCESS) *position = at;
  return error;
}

WEFT_PMPI_ALIAS(Unpack_c)
extern "C" int PMPI_Unpack_c(const void* inbuf, MPI_Count insize, MPI_Count* position, void* outbuf, MPI_Count outcount,
                             MPI_Datatype datatype, MPI_Comm comm) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_output(call, comm, position, "position")) return error;
  const int_count data(outcount, datatype);
  if (data.refused()) return data.report(call, comm);
  if (insize > INT_MAX) return too_large(call, comm, "insize", insize);
  if (*position > INT_MAX) return too_large(call, comm, "*position", *position);
  int at = static_cast<int>(*position);
  int error = PMPI_Unpack(inbuf, static_cast<int>(insize), &at, outbuf, data.count, data.datatype, comm);
  if (error == MPI_SUCCESS) *position = at;
  return error;
}

WEFT_PMPI_ALIAS(Pack_size_c)
extern "C" int PMPI_Pack_size_c(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count* size) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, comm)) return error;
  if (int error = check_count(call, comm, incount)) return error;
  if (int error = check_committed(call, comm, datatype)) return error;
  if (int error = check_output(call, comm, size, "size")) return error;
  std::size_t bytes = 0;
  if (__builtin_mul_overflow(static_cast<std::size_t>(incount), datatype->layout->size(), &bytes) ||
      bytes > static_cast<std::size_t>(LLONG_MAX))
    return raise_error(comm, MPI_ERR_COUNT, call, "%lld elements take more bytes than MPI_Count holds",
                       static_cast<long long>(incount));
  *size = static_cast<MPI_Count>(bytes);
  return MPI_SUCCESS;
}
