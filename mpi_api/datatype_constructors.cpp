// The constructors of derived datatypes (MPI-3.1, 4.1.2-4.1.7), MPI_Type_dup, commit and free. Each
// checks its arguments, builds the layout (shm/type_layout.hpp) and keeps its arguments for
// MPI_Type_get_contents.

#include <algorithm>
#include <climits>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "mpi_api/attributes.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"

using namespace weft::mpi;
using weft::shm::type_layout;

namespace {

// Datatype calls belong to no communicator: their errors go to MPI_COMM_WORLD's handler.
constexpr MPI_Comm no_comm = MPI_COMM_WORLD;

int check_old(const char* call, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  if (int error = check_ready(call, no_comm)) return error;
  if (int error = check_datatype(call, no_comm, oldtype)) return error;
  return check_output(call, no_comm, newtype, "newtype");
}

// Counts and block lengths are ints, or MPI_Count in the large-count forms.
template <class Length>
int check_blocks(const char* call, MPI_Count count, const Length blocklengths[], const void* displacements,
                 const char* displacements_name) {
  if (int error = check_count(call, no_comm, count)) return error;
  if (count == 0) return MPI_SUCCESS;
  if (blocklengths != nullptr) {
    if (int error = check_output(call, no_comm, blocklengths, "array_of_blocklengths")) return error;
    for (MPI_Count i = 0; i < count; ++i)
      if (blocklengths[i] < 0)
        return raise_error(no_comm, MPI_ERR_ARG, call, "array_of_blocklengths[%lld] is negative (%lld)",
                           static_cast<long long>(i), static_cast<long long>(blocklengths[i]));
  }
  return check_output(call, no_comm, displacements, displacements_name);
}

int check_blocklength(const char* call, MPI_Count blocklength) {
  if (blocklength >= 0) return MPI_SUCCESS;
  return raise_error(no_comm, MPI_ERR_ARG, call, "negative blocklength %lld", static_cast<long long>(blocklength));
}

template <class Length>
std::vector<std::size_t> lengths_of(MPI_Count count, const Length blocklengths[]) {
  return {blocklengths, blocklengths + count};
}

// Displacements in bytes; nothing when one does not fit in MPI_Aint. An empty block's displacement is
// never used, so it need not fit.
template <class Displacement>
std::optional<std::vector<std::ptrdiff_t>> bytes_of(std::span<const std::size_t> lengths,
                                                    const Displacement displacements[], std::ptrdiff_t unit) {
  std::vector<std::ptrdiff_t> bytes(lengths.size());
  for (std::size_t i = 0; i < lengths.size(); ++i)
    if (lengths[i] != 0 && __builtin_mul_overflow(static_cast<std::ptrdiff_t>(displacements[i]), unit, &bytes[i]))
      return std::nullopt;
  return bytes;
}

int finish(MPI_Datatype* newtype, std::unique_ptr<weft_datatype_s> made) {
  *newtype = made.release();  // the user's handle, until MPI_Type_free
  return MPI_SUCCESS;
}

// The new type, with its constructor's integer arguments (`counts`) kept in the constructor's form.
int finish(MPI_Datatype* newtype, std::unique_ptr<weft_datatype_s> made, const std::vector<MPI_Count>& counts,
           contents_form form) {
  keep_counts(*made, counts, form);
  return finish(newtype, std::move(made));
}

// MPI_Type_contiguous and its large-count form.
int contiguous(const char* call, MPI_Count count, MPI_Datatype oldtype, MPI_Datatype* newtype, contents_form form) {
  if (int error = check_old(call, oldtype, newtype)) return error;
  if (int error = check_count(call, no_comm, count)) return error;
  auto layout = type_layout::contiguous(static_cast<std::size_t>(count), oldtype->layout);
  if (!layout) return report_too_large(call);
  return finish(newtype, derived(std::move(layout), MPI_COMBINER_CONTIGUOUS, {}, {}, {oldtype}), {count}, form);
}

// MPI_Type_vector and its large-count form.
int vector(const char* call, MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
           MPI_Datatype* newtype, contents_form form) {
  if (int error = check_old(call, oldtype, newtype)) return error;
  if (int error = check_count(call, no_comm, count)) return error;
  if (int error = check_blocklength(call, blocklength)) return error;
  // One block or none, or blocks of no elements: the stride is not used, and need not fit in bytes.
  MPI_Aint stride_bytes = 0;
  if (count > 1 && blocklength > 0 &&
      __builtin_mul_overflow(MPI_Aint{stride}, oldtype->layout->extent(), &stride_bytes))
    return report_too_large(call);
  auto layout = type_layout::hvector(static_cast<std::size_t>(count), static_cast<std::size_t>(blocklength),
                                     stride_bytes, oldtype->layout);
  if (!layout) return report_too_large(call);
  return finish(newtype, derived(std::move(layout), MPI_COMBINER_VECTOR, {}, {}, {oldtype}),
                {count, blocklength, stride}, form);
}

// Whether an indexed constructor's displacements count elements of the old type (MPI_Type_indexed ...) or
// bytes (MPI_Type_create_hindexed ...).
enum class unit { elements, bytes };

// The indexed constructors: the contents keep displacements where MPI_Type_get_contents reports them,
// among the integers (in elements) or the addresses (in bytes).
template <class Displacement>
int finish_indexed(const char* call, std::vector<std::size_t> lengths, std::vector<MPI_Count> counts, MPI_Count count,
                   const Displacement displacements[], unit displacement_unit, MPI_Datatype oldtype,
                   MPI_Datatype* newtype, int combiner, contents_form form) {
  bool in_elements = displacement_unit == unit::elements;
  auto bytes = bytes_of<Displacement>(lengths, displacements, in_elements ? oldtype->layout->extent() : 1);
  auto layout = bytes ? type_layout::hindexed(lengths, *bytes, oldtype->layout) : nullptr;
  if (!layout) return report_too_large(call);
  std::vector<MPI_Aint> addresses;
  if (in_elements)
    counts.insert(counts.end(), displacements, displacements + count);
  else
    addresses.assign(displacements, displacements + count);
  return finish(newtype, derived(std::move(layout), combiner, {}, std::move(addresses), {oldtype}), counts, form);
}

template <class Length, class Displacement>
int indexed(const char* call, MPI_Count count, const Length blocklengths[], const Displacement displacements[],
            unit displacement_unit, MPI_Datatype oldtype, MPI_Datatype* newtype, contents_form form) {
  if (int error = check_old(call, oldtype, newtype)) return error;
  if (int error = check_blocks(call, count, blocklengths, displacements, "array_of_displacements")) return error;
  std::vector<MPI_Count> counts{count};
  counts.insert(counts.end(), blocklengths, blocklengths + count);
  int combiner = displacement_unit == unit::elements ? MPI_COMBINER_INDEXED : MPI_COMBINER_HINDEXED;
  return finish_indexed(call, lengths_of(count, blocklengths), std::move(counts), count, displacements,
                        displacement_unit, oldtype, newtype, combiner, form);
}

template <class Displacement>
int indexed_blocks(const char* call, MPI_Count count, MPI_Count blocklength, const Displacement displacements[],
                   unit displacement_unit, MPI_Datatype oldtype, MPI_Datatype* newtype, contents_form form) {
  if (int error = check_old(call, oldtype, newtype)) return error;
  if (int error = check_blocklength(call, blocklength)) return error;
  if (int error = check_blocks<int>(call, count, nullptr, displacements, "array_of_displacements")) return error;
  int combiner = displacement_unit == unit::elements ? MPI_COMBINER_INDEXED_BLOCK : MPI_COMBINER_HINDEXED_BLOCK;
  return finish_indexed(call, std::vector<std::size_t>(count, blocklength), {count, blocklength}, count, displacements,
                        displacement_unit, oldtype, newtype, combiner, form);
}

int hvector(const char* call, MPI_Count count, MPI_Count blocklength, MPI_Aint stride, MPI_Datatype oldtype,
            MPI_Datatype* newtype, contents_form form) {
  if (int error = check_old(call, oldtype, newtype)) return error;
  if (int error = check_count(call, no_comm, count)) return error;
  if (int error = check_blocklength(call, blocklength)) return error;
  auto layout = type_layout::hvector(static_cast<std::size_t>(count), static_cast<std::size_t>(blocklength), stride,
                                     oldtype->layout);
  if (!layout) return report_too_large(call);
  return finish(newtype, derived(std::move(layout), MPI_COMBINER_HVECTOR, {}, {stride}, {oldtype}),
                {count, blocklength}, form);
}

template <class Length, class Displacement>
int structure(const char* call, MPI_Count count, const Length array_of_blocklengths[],
              const Displacement array_of_displacements[], const MPI_Datatype array_of_types[], MPI_Datatype* newtype,
              contents_form form) {
  if (int error = check_ready(call, no_comm)) return error;
  if (int error = check_output(call, no_comm, newtype, "newtype")) return error;
  if (int error = check_blocks(call, count, array_of_blocklengths, array_of_displacements, "array_of_displacements"))
    return error;
  if (count > 0)
    if (int error = check_output(call, no_comm, array_of_types, "array_of_types")) return error;
  std::vector<type_layout::pointer> layouts;
  for (MPI_Count i = 0; i < count; ++i) {
    if (array_of_types[i] == MPI_DATATYPE_NULL || !is_object(array_of_types[i], object_kind::datatype))
      return raise_error(no_comm, MPI_ERR_TYPE, call, "array_of_types[%lld] is not a datatype",
                         static_cast<long long>(i));
    layouts.push_back(array_of_types[i]->layout);
  }
  auto layout = type_layout::structure(
      lengths_of(count, array_of_blocklengths),
      *bytes_of<Displacement>(lengths_of(count, array_of_blocklengths), array_of_displacements, 1),  // in bytes: fits
      layouts);
  if (!layout) return report_too_large(call);
  std::vector<MPI_Count> counts{count};
  counts.insert(counts.end(), array_of_blocklengths, array_of_blocklengths + count);
  return finish(
      newtype,
      derived(std::move(layout), MPI_COMBINER_STRUCT, {}, {array_of_displacements, array_of_displacements + count},
              {array_of_types, array_of_types + count}),
      counts, form);
}

// MPI_Type_create_resized and its large-count form (MPI_Count and MPI_Aint are both 64 bits).
int resized(const char* call, MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype* newtype,
            contents_form form) {
  if (int error = check_old(call, oldtype, newtype)) return error;
  auto layout = type_layout::resized(oldtype->layout, lb, extent);
  if (!layout) return report_too_large(call);
  return finish(newtype, derived(std::move(layout), MPI_COMBINER_RESIZED, {}, {lb, extent}, {oldtype}), {}, form);
}

}  // namespace

int weft::mpi::report_too_large(const char* call) {
  return raise_error(no_comm, MPI_ERR_ARG, call, "the new datatype's bounds or size would not fit in MPI_Aint");
}

WEFT_PMPI_ALIAS(Type_contiguous)
extern "C" int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return contiguous(WEFT_CALL_NAME, count, oldtype, newtype, contents_form::ints);
}

// The large-count forms take counts the layouts hold at any size (shm/type_layout.hpp).
WEFT_PMPI_ALIAS(Type_contiguous_c)
extern "C" int PMPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return contiguous(WEFT_CALL_NAME, count, oldtype, newtype, contents_form::large);
}

WEFT_PMPI_ALIAS(Type_vector)
extern "C" int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return vector(WEFT_CALL_NAME, count, blocklength, stride, oldtype, newtype, contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_vector_c)
extern "C" int PMPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype,
                                  MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return vector(WEFT_CALL_NAME, count, blocklength, stride, oldtype, newtype, contents_form::large);
}

WEFT_PMPI_ALIAS(Type_create_hvector)
extern "C" int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                        MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return hvector(WEFT_CALL_NAME, count, blocklength, stride, oldtype, newtype, contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_create_hvector_c)
extern "C" int PMPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride,
                                          MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return hvector(WEFT_CALL_NAME, count, blocklength, stride, oldtype, newtype, contents_form::large);
}

// MPI-1's form (removed in MPI-3.0); a C call's combiner is MPI_COMBINER_HVECTOR (MPI-2.0, 4.1.13).
WEFT_PMPI_ALIAS(Type_hvector)
extern "C" int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                 MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return hvector(WEFT_CALL_NAME, count, blocklength, stride, oldtype, newtype, contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_indexed)
extern "C" int PMPI_Type_indexed(int count, const int array_of_blocklengths[], const int array_of_displacements[],
                                 MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return indexed(WEFT_CALL_NAME, count, array_of_blocklengths, array_of_displacements, unit::elements, oldtype, newtype,
                 contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_indexed_c)
extern "C" int PMPI_Type_indexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                   const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                   MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return indexed(WEFT_CALL_NAME, count, array_of_blocklengths, array_of_displacements, unit::elements, oldtype, newtype,
                 contents_form::large);
}

WEFT_PMPI_ALIAS(Type_create_hindexed)
extern "C" int PMPI_Type_create_hindexed(int count, const int array_of_blocklengths[],
                                         const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                         MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return indexed(WEFT_CALL_NAME, count, array_of_blocklengths, array_of_displacements, unit::bytes, oldtype, newtype,
                 contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_create_hindexed_c)
extern "C" int PMPI_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                           const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                           MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return indexed(WEFT_CALL_NAME, count, array_of_blocklengths, array_of_displacements, unit::bytes, oldtype, newtype,
                 contents_form::large);
}

WEFT_PMPI_ALIAS(Type_hindexed)
extern "C" int PMPI_Type_hindexed(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                                  MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return indexed(WEFT_CALL_NAME, count, array_of_blocklengths, array_of_displacements, unit::bytes, oldtype, newtype,
                 contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_create_indexed_block)
extern "C" int PMPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[],
                                              MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return indexed_blocks(WEFT_CALL_NAME, count, blocklength, array_of_displacements, unit::elements, oldtype, newtype,
                        contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_create_indexed_block_c)
extern "C" int PMPI_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength,
                                                const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                                MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return indexed_blocks(WEFT_CALL_NAME, count, blocklength, array_of_displacements, unit::elements, oldtype, newtype,
                        contents_form::large);
}

WEFT_PMPI_ALIAS(Type_create_hindexed_block)
extern "C" int PMPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint array_of_displacements[],
                                               MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return indexed_blocks(WEFT_CALL_NAME, count, blocklength, array_of_displacements, unit::bytes, oldtype, newtype,
                        contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_create_hindexed_block_c)
extern "C" int PMPI_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength,
                                                 const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                                 MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return indexed_blocks(WEFT_CALL_NAME, count, blocklength, array_of_displacements, unit::bytes, oldtype, newtype,
                        contents_form::large);
}

WEFT_PMPI_ALIAS(Type_create_struct)
extern "C" int PMPI_Type_create_struct(int count, const int array_of_blocklengths[],
                                       const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[],
                                       MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return structure(WEFT_CALL_NAME, count, array_of_blocklengths, array_of_displacements, array_of_types, newtype,
                   contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_create_struct_c)
extern "C" int PMPI_Type_create_struct_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                         const MPI_Count array_of_displacements[], const MPI_Datatype array_of_types[],
                                         MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return structure(WEFT_CALL_NAME, count, array_of_blocklengths, array_of_displacements, array_of_types, newtype,
                   contents_form::large);
}

WEFT_PMPI_ALIAS(Type_struct)
extern "C" int PMPI_Type_struct(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                                MPI_Datatype array_of_types[], MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return structure(WEFT_CALL_NAME, count, array_of_blocklengths, array_of_displacements, array_of_types, newtype,
                   contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_create_resized)
extern "C" int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return resized(WEFT_CALL_NAME, oldtype, lb, extent, newtype, contents_form::ints);
}

WEFT_PMPI_ALIAS(Type_create_resized_c)
extern "C" int PMPI_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return resized(WEFT_CALL_NAME, oldtype, lb, extent, newtype, contents_form::large);
}

WEFT_PMPI_ALIAS(Type_dup)
extern "C" int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_old(call, oldtype, newtype)) return error;
  auto copy = derived(oldtype->layout, MPI_COMBINER_DUP, {}, {}, {oldtype});
  copy->committed = oldtype->committed;
  const attribute_list& attributes = oldtype->is_predefined() ? attributes_of_predefined(oldtype) : oldtype->attributes;
  if (int error = copy_attributes(call, no_comm, oldtype, attributes, copy->attributes)) {
    *newtype = MPI_DATATYPE_NULL;
    return error;
  }
  return finish(newtype, std::move(copy));
}

WEFT_PMPI_ALIAS(Type_commit)
extern "C" int PMPI_Type_commit(MPI_Datatype* datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, no_comm)) return error;
  if (int error = check_output(call, no_comm, datatype, "datatype")) return error;
  if (int error = check_datatype(call, no_comm, *datatype)) return error;
  (*datatype)->committed = true;  // layouts are complete when built: nothing more to prepare
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Type_free)
extern "C" int PMPI_Type_free(MPI_Datatype* datatype) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_ready(call, no_comm)) return error;
  if (int error = check_output(call, no_comm, datatype, "datatype")) return error;
  if (int error = check_datatype(call, no_comm, *datatype)) return error;
  if ((*datatype)->is_predefined())
    return raise_error(no_comm, MPI_ERR_TYPE, call, "%s is predefined and cannot be freed", (*datatype)->name);
  if (is_parameterized(*datatype))
    return raise_error(no_comm, MPI_ERR_TYPE, call,
                       "a type from MPI_Type_create_f90_* is predefined and cannot be freed");
  // Attributes go first: a failing delete callback leaves the type as it was.
  if (int error = delete_attributes(call, no_comm, *datatype, (*datatype)->attributes)) return error;
  // Pending operations and the types built from this one keep what they use.
  release(*datatype);
  *datatype = MPI_DATATYPE_NULL;
  return MPI_SUCCESS;
}
