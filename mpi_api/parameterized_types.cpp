// MPI_Type_create_f90_real, _complex and _integer (MPI-3.1, 17.1.9): the datatype of the Fortran kind that
// SELECTED_REAL_KIND(p, r) or SELECTED_INT_KIND(r) selects, as flang's kinds are on this platform. Each
// answer is a type of its own (MPI_Type_get_envelope reports the combiner and p and r) whose elements are
// those of the named type, made once per rank and argument pair and, as the standard has it, never freed.

#include <array>
#include <climits>

#include "mpi_api/call_guard.hpp"
#include "mpi_api/checks.hpp"
#include "mpi_api/datatypes.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/rank_state.hpp"

using namespace weft::mpi;

namespace {

// Datatype calls name no communicator; their errors go to MPI_COMM_WORLD's handler.
constexpr MPI_Comm no_comm = MPI_COMM_WORLD;

// A kind: its named type and the decimal precision and exponent range flang gives it.
struct kind {
  MPI_Datatype type;
  int precision, range;
};

// REAL(2), REAL(4), REAL(8), REAL(10) (x87 extended, C's long double) and REAL(16), in increasing
// precision, as SELECTED_REAL_KIND searches them; and the COMPLEX of each.
const std::array<kind, 5>& reals() {
  static const std::array<kind, 5> kinds{{{MPI_REAL2, 3, 4},
                                          {MPI_REAL4, 6, 37},
                                          {MPI_REAL8, 15, 307},
                                          {MPI_LONG_DOUBLE, 18, 4931},
                                          {MPI_REAL16, 33, 4931}}};
  return kinds;
}
const std::array<kind, 5>& complexes() {
  static const std::array<kind, 5> kinds{{{MPI_COMPLEX4, 3, 4},
                                          {MPI_COMPLEX8, 6, 37},
                                          {MPI_COMPLEX16, 15, 307},
                                          {MPI_C_LONG_DOUBLE_COMPLEX, 18, 4931},
                                          {MPI_COMPLEX32, 33, 4931}}};
  return kinds;
}
// INTEGER(1), (2), (4), (8), (16): their ranges.
const std::array<kind, 5>& integers() {
  static const std::array<kind, 5> kinds{{{MPI_INTEGER1, 0, 2},
                                          {MPI_INTEGER2, 0, 4},
                                          {MPI_INTEGER4, 0, 9},
                                          {MPI_INTEGER8, 0, 18},
                                          {MPI_INTEGER16, 0, 38}}};
  return kinds;
}

// The first kind with at least the precision and range asked for; MPI_UNDEFINED asks for none.
MPI_Datatype select(const std::array<kind, 5>& kinds, int precision, int range) {
  for (const kind& k : kinds)
    if ((precision == MPI_UNDEFINED || precision <= k.precision) && (range == MPI_UNDEFINED || range <= k.range))
      return k.type;
  return MPI_DATATYPE_NULL;
}

int create(const char* call, int combiner, const std::array<kind, 5>& kinds, int precision, int range,
           MPI_Datatype* newtype) {
  if (int error = check_ready(call, no_comm)) return error;
  if (int error = check_output(call, no_comm, newtype, "newtype")) return error;
  MPI_Datatype named = select(kinds, precision, range);
  if (named == MPI_DATATYPE_NULL)
    return raise_error(no_comm, MPI_ERR_ARG, call, "no Fortran kind has precision %d and range %d", precision, range);
  auto& made_before = this_rank().parameterized_types;
  std::array<int, 3> key{combiner, precision, range};
  if (auto found = made_before.find(key); found != made_before.end()) {
    *newtype = found->second;
    return MPI_SUCCESS;
  }
  std::vector<int> arguments =
      combiner == MPI_COMBINER_F90_INTEGER ? std::vector<int>{range} : std::vector<int>{precision, range};
  auto made = derived(named->layout, combiner, std::move(arguments), {}, {}, named);
  made->basic_type = named;
  made->committed = true;
  *newtype = made_before.emplace(key, made.release()).first->second;
  return MPI_SUCCESS;
}

}  // namespace

bool weft::mpi::is_parameterized(MPI_Datatype datatype) noexcept {
  return datatype->combiner == MPI_COMBINER_F90_REAL || datatype->combiner == MPI_COMBINER_F90_COMPLEX ||
         datatype->combiner == MPI_COMBINER_F90_INTEGER;
}

WEFT_PMPI_ALIAS(Type_create_f90_real)
extern "C" int PMPI_Type_create_f90_real(int p, int r, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return create(WEFT_CALL_NAME, MPI_COMBINER_F90_REAL, reals(), p, r, newtype);
}

WEFT_PMPI_ALIAS(Type_create_f90_complex)
extern "C" int PMPI_Type_create_f90_complex(int p, int r, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return create(WEFT_CALL_NAME, MPI_COMBINER_F90_COMPLEX, complexes(), p, r, newtype);
}

WEFT_PMPI_ALIAS(Type_create_f90_integer)
extern "C" int PMPI_Type_create_f90_integer(int r, MPI_Datatype* newtype) {
  const call_guard guard(WEFT_CALL_NAME);
  return create(WEFT_CALL_NAME, MPI_COMBINER_F90_INTEGER, integers(), MPI_UNDEFINED, r, newtype);
}
