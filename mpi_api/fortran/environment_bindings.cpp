// The Fortran bindings of the environment calls that type alone cannot convert: MPI_INIT (Fortran has no
// argc and argv to give), the functions, and the calls that return strings.

#include <string>

#include "mpi_api/fortran/arguments.hpp"
#include "mpi_api/fortran/strings.hpp"

namespace {

using weft::fortran::to_fortran;

template <auto Init>
void init(MPI_Fint* ierror) {
  *ierror = Init(nullptr, nullptr);
}

template <auto Init_thread>
void init_thread(const MPI_Fint* required, MPI_Fint* provided, MPI_Fint* ierror) {
  *ierror = Init_thread(nullptr, nullptr, *required, provided);
}

// A call that writes a string of at most Capacity characters and its length.
template <std::size_t Capacity, class Call>
int string_out(char* out, std::size_t length, MPI_Fint* result_length, Call&& call) {
  char text[Capacity + 1] = {};
  int written = 0;
  int error = call(text, &written);
  if (error == MPI_SUCCESS) {
    to_fortran({text, static_cast<std::size_t>(written)}, out, length);
    *result_length = written;
  }
  return error;
}

template <auto Get_processor_name>
void get_processor_name(char* name, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t name_length) {
  *ierror = string_out<MPI_MAX_PROCESSOR_NAME>(name, name_length, resultlen, Get_processor_name);
}

template <auto Get_library_version>
void get_library_version(char* version, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t version_length) {
  *ierror = string_out<MPI_MAX_LIBRARY_VERSION_STRING>(version, version_length, resultlen, Get_library_version);
}

template <auto Error_string>
void error_string(const MPI_Fint* errorcode, char* string, MPI_Fint* resultlen, MPI_Fint* ierror,
                  std::size_t string_length) {
  *ierror = string_out<MPI_MAX_ERROR_STRING>(string, string_length, resultlen, [&](char* text, int* written) {
    return Error_string(*errorcode, text, written);
  });
}

}  // namespace

WEFT_FORTRAN_BINDING(init, Init, init, (MPI_Fint * ierror), (ierror))
WEFT_FORTRAN_BINDING(init_thread, Init_thread, init_thread,
                     (const MPI_Fint* required, MPI_Fint* provided, MPI_Fint* ierror), (required, provided, ierror))
WEFT_FORTRAN_BINDING(get_processor_name, Get_processor_name, get_processor_name,
                     (char* name, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t name_length),
                     (name, resultlen, ierror, name_length))
WEFT_FORTRAN_BINDING(get_library_version, Get_library_version, get_library_version,
                     (char* version, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t version_length),
                     (version, resultlen, ierror, version_length))
WEFT_FORTRAN_BINDING(error_string, Error_string, error_string,
                     (const MPI_Fint* errorcode, char* string, MPI_Fint* resultlen, MPI_Fint* ierror,
                      std::size_t string_length),
                     (errorcode, string, resultlen, ierror, string_length))
// MPI_PCONTROL(LEVEL): a subroutine without ierror, in every binding; its result goes unread.
WEFT_FORTRAN_FUNCTION(pcontrol, Pcontrol, int, (const MPI_Fint* level), (*level))
WEFT_FORTRAN_FUNCTION(wtime, Wtime, double, (), ())
WEFT_FORTRAN_FUNCTION(wtick, Wtick, double, (), ())
WEFT_FORTRAN_FUNCTION(aint_add, Aint_add, MPI_Aint, (const MPI_Aint* base, const MPI_Aint* disp), (*base, *disp))
WEFT_FORTRAN_FUNCTION(aint_diff, Aint_diff, MPI_Aint, (const MPI_Aint* addr1, const MPI_Aint* addr2), (*addr1, *addr2))
