// The Fortran bindings of the calls that take or return names, info keys and values, and error strings:
// CHARACTER arguments, whose lengths flang passes after the others, trimmed of blanks on the way in and
// blank-padded on the way out.

#include <string>
#include <vector>

#include "mpi_api/fortran/arguments.hpp"
#include "mpi_api/fortran/strings.hpp"

namespace {

using weft::fortran::from_fortran;
using weft::fortran::to_c;
using weft::fortran::to_fortran;

template <class Object, auto Set_name>
void set_name(const MPI_Fint* object, const char* name, MPI_Fint* ierror, std::size_t name_length) {
  *ierror = Set_name(to_c<Object>(*object), from_fortran(name, name_length).c_str());
}

template <class Object, auto Get_name>
void get_name(const MPI_Fint* object, char* name, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t name_length) {
  char text[MPI_MAX_OBJECT_NAME + 1] = {};
  *ierror = Get_name(to_c<Object>(*object), text, resultlen);
  if (*ierror == MPI_SUCCESS) to_fortran({text, static_cast<std::size_t>(*resultlen)}, name, name_length);
}

template <auto Comm_set_name>
void comm_set_name(const MPI_Fint* comm, const char* name, MPI_Fint* ierror, std::size_t name_length) {
  set_name<MPI_Comm, Comm_set_name>(comm, name, ierror, name_length);
}
template <auto Type_set_name>
void type_set_name(const MPI_Fint* type, const char* name, MPI_Fint* ierror, std::size_t name_length) {
  set_name<MPI_Datatype, Type_set_name>(type, name, ierror, name_length);
}
template <auto Win_set_name>
void win_set_name(const MPI_Fint* win, const char* name, MPI_Fint* ierror, std::size_t name_length) {
  set_name<MPI_Win, Win_set_name>(win, name, ierror, name_length);
}
template <auto Comm_get_name>
void comm_get_name(const MPI_Fint* comm, char* name, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t name_length) {
  get_name<MPI_Comm, Comm_get_name>(comm, name, resultlen, ierror, name_length);
}
template <auto Type_get_name>
void type_get_name(const MPI_Fint* type, char* name, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t name_length) {
  get_name<MPI_Datatype, Type_get_name>(type, name, resultlen, ierror, name_length);
}
template <auto Win_get_name>
void win_get_name(const MPI_Fint* win, char* name, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t name_length) {
  get_name<MPI_Win, Win_get_name>(win, name, resultlen, ierror, name_length);
}

template <auto Add_error_string>
void add_error_string(const MPI_Fint* errorcode, const char* string, MPI_Fint* ierror, std::size_t string_length) {
  *ierror = Add_error_string(*errorcode, from_fortran(string, string_length).c_str());
}

template <auto Info_set>
void info_set(const MPI_Fint* info, const char* key, const char* value, MPI_Fint* ierror, std::size_t key_length,
              std::size_t value_length) {
  *ierror =
      Info_set(to_c<MPI_Info>(*info), from_fortran(key, key_length).c_str(), from_fortran(value, value_length).c_str());
}

template <auto Info_delete>
void info_delete(const MPI_Fint* info, const char* key, MPI_Fint* ierror, std::size_t key_length) {
  *ierror = Info_delete(to_c<MPI_Info>(*info), from_fortran(key, key_length).c_str());
}

// VALUELEN is the most the program takes; the value is cut there and blank-padded to VALUE's length.
template <auto Info_get>
void info_get(const MPI_Fint* info, const char* key, const MPI_Fint* valuelen, char* value, MPI_Fint* flag,
              MPI_Fint* ierror, std::size_t key_length, std::size_t value_length) {
  int room = *valuelen < 0 ? 0 : *valuelen;
  std::vector<char> text(static_cast<std::size_t>(room) + 1);
  *ierror = Info_get(to_c<MPI_Info>(*info), from_fortran(key, key_length).c_str(), room, text.data(), flag);
  if (*ierror == MPI_SUCCESS && *flag) to_fortran(text.data(), value, value_length);
}

// MPI-4.1's form: BUFLEN is the most the program takes, and comes back as the value's length (Fortran has
// no terminating null); BUFLEN 0 only asks for the length.
template <auto Info_get_string>
void info_get_string(const MPI_Fint* info, const char* key, MPI_Fint* buflen, char* value, MPI_Fint* flag,
                     MPI_Fint* ierror, std::size_t key_length, std::size_t value_length) {
  int room = *buflen > 0 ? *buflen + 1 : 0;
  std::vector<char> text(static_cast<std::size_t>(room) + 1);
  *ierror = Info_get_string(to_c<MPI_Info>(*info), from_fortran(key, key_length).c_str(), &room, text.data(), flag);
  if (*ierror != MPI_SUCCESS || !*flag) return;
  if (*buflen > 0) to_fortran(text.data(), value, value_length);
  *buflen = room - 1;
}

// Fortran has no argc and argv to give: the info has the keys MPI-4.1 names without them.
template <auto Info_create_env>
void info_create_env(MPI_Fint* info, MPI_Fint* ierror) {
  MPI_Info made = MPI_INFO_NULL;
  *ierror = Info_create_env(0, nullptr, &made);
  if (*ierror == MPI_SUCCESS) *info = to_fortran(made);
}

template <auto Info_get_valuelen>
void info_get_valuelen(const MPI_Fint* info, const char* key, MPI_Fint* valuelen, MPI_Fint* flag, MPI_Fint* ierror,
                       std::size_t key_length) {
  *ierror = Info_get_valuelen(to_c<MPI_Info>(*info), from_fortran(key, key_length).c_str(), valuelen, flag);
}

template <auto Info_get_nthkey>
void info_get_nthkey(const MPI_Fint* info, const MPI_Fint* n, char* key, MPI_Fint* ierror, std::size_t key_length) {
  char text[MPI_MAX_INFO_KEY + 1] = {};
  *ierror = Info_get_nthkey(to_c<MPI_Info>(*info), *n, text);
  if (*ierror == MPI_SUCCESS) to_fortran(text, key, key_length);
}

template <auto File_open>
void file_open(const MPI_Fint* comm, const char* filename, const MPI_Fint* amode, const MPI_Fint* info, MPI_Fint* fh,
               MPI_Fint* ierror, std::size_t filename_length) {
  MPI_File opened = MPI_FILE_NULL;
  *ierror = File_open(to_c<MPI_Comm>(*comm), from_fortran(filename, filename_length).c_str(), *amode,
                      to_c<MPI_Info>(*info), &opened);
  *fh = to_fortran(opened);
}

template <auto File_delete>
void file_delete(const char* filename, const MPI_Fint* info, MPI_Fint* ierror, std::size_t filename_length) {
  *ierror = File_delete(from_fortran(filename, filename_length).c_str(), to_c<MPI_Info>(*info));
}

template <auto File_set_view>
void file_set_view(const MPI_Fint* fh, const MPI_Offset* disp, const MPI_Fint* etype, const MPI_Fint* filetype,
                   const char* datarep, const MPI_Fint* info, MPI_Fint* ierror, std::size_t datarep_length) {
  *ierror = File_set_view(to_c<MPI_File>(*fh), *disp, to_c<MPI_Datatype>(*etype), to_c<MPI_Datatype>(*filetype),
                          from_fortran(datarep, datarep_length).c_str(), to_c<MPI_Info>(*info));
}

template <auto File_get_view>
void file_get_view(const MPI_Fint* fh, MPI_Offset* disp, MPI_Fint* etype, MPI_Fint* filetype, char* datarep,
                   MPI_Fint* ierror, std::size_t datarep_length) {
  char text[MPI_MAX_DATAREP_STRING + 1] = {};
  MPI_Datatype e = MPI_DATATYPE_NULL, f = MPI_DATATYPE_NULL;
  *ierror = File_get_view(to_c<MPI_File>(*fh), disp, &e, &f, text);
  if (*ierror != MPI_SUCCESS) return;
  *etype = to_fortran(e);
  *filetype = to_fortran(f);
  to_fortran(text, datarep, datarep_length);
}

}  // namespace

WEFT_FORTRAN_BINDING(comm_set_name, Comm_set_name, comm_set_name,
                     (const MPI_Fint* comm, const char* name, MPI_Fint* ierror, std::size_t name_length),
                     (comm, name, ierror, name_length))
WEFT_FORTRAN_BINDING(type_set_name, Type_set_name, type_set_name,
                     (const MPI_Fint* type, const char* name, MPI_Fint* ierror, std::size_t name_length),
                     (type, name, ierror, name_length))
WEFT_FORTRAN_BINDING(win_set_name, Win_set_name, win_set_name,
                     (const MPI_Fint* win, const char* name, MPI_Fint* ierror, std::size_t name_length),
                     (win, name, ierror, name_length))
WEFT_FORTRAN_BINDING(comm_get_name, Comm_get_name, comm_get_name,
                     (const MPI_Fint* comm, char* name, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t name_length),
                     (comm, name, resultlen, ierror, name_length))
WEFT_FORTRAN_BINDING(type_get_name, Type_get_name, type_get_name,
                     (const MPI_Fint* type, char* name, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t name_length),
                     (type, name, resultlen, ierror, name_length))
WEFT_FORTRAN_BINDING(win_get_name, Win_get_name, win_get_name,
                     (const MPI_Fint* win, char* name, MPI_Fint* resultlen, MPI_Fint* ierror, std::size_t name_length),
                     (win, name, resultlen, ierror, name_length))
WEFT_FORTRAN_BINDING(add_error_string, Add_error_string, add_error_string,
                     (const MPI_Fint* errorcode, const char* string, MPI_Fint* ierror, std::size_t string_length),
                     (errorcode, string, ierror, string_length))
WEFT_FORTRAN_BINDING(info_set, Info_set, info_set,
                     (const MPI_Fint* info, const char* key, const char* value, MPI_Fint* ierror,
                      std::size_t key_length, std::size_t value_length),
                     (info, key, value, ierror, key_length, value_length))
WEFT_FORTRAN_BINDING(info_delete, Info_delete, info_delete,
                     (const MPI_Fint* info, const char* key, MPI_Fint* ierror, std::size_t key_length),
                     (info, key, ierror, key_length))
WEFT_FORTRAN_BINDING(info_get, Info_get, info_get,
                     (const MPI_Fint* info, const char* key, const MPI_Fint* valuelen, char* value, MPI_Fint* flag,
                      MPI_Fint* ierror, std::size_t key_length, std::size_t value_length),
                     (info, key, valuelen, value, flag, ierror, key_length, value_length))
WEFT_FORTRAN_BINDING(info_get_string, Info_get_string, info_get_string,
                     (const MPI_Fint* info, const char* key, MPI_Fint* buflen, char* value, MPI_Fint* flag,
                      MPI_Fint* ierror, std::size_t key_length, std::size_t value_length),
                     (info, key, buflen, value, flag, ierror, key_length, value_length))
WEFT_FORTRAN_BINDING(info_create_env, Info_create_env, info_create_env, (MPI_Fint * info, MPI_Fint* ierror),
                     (info, ierror))
WEFT_FORTRAN_BINDING(info_get_valuelen, Info_get_valuelen, info_get_valuelen,
                     (const MPI_Fint* info, const char* key, MPI_Fint* valuelen, MPI_Fint* flag, MPI_Fint* ierror,
                      std::size_t key_length),
                     (info, key, valuelen, flag, ierror, key_length))
WEFT_FORTRAN_BINDING(info_get_nthkey, Info_get_nthkey, info_get_nthkey,
                     (const MPI_Fint* info, const MPI_Fint* n, char* key, MPI_Fint* ierror, std::size_t key_length),
                     (info, n, key, ierror, key_length))
WEFT_FORTRAN_BINDING(file_open, File_open, file_open,
                     (const MPI_Fint* comm, const char* filename, const MPI_Fint* amode, const MPI_Fint* info,
                      MPI_Fint* fh, MPI_Fint* ierror, std::size_t filename_length),
                     (comm, filename, amode, info, fh, ierror, filename_length))
WEFT_FORTRAN_BINDING(file_delete, File_delete, file_delete,
                     (const char* filename, const MPI_Fint* info, MPI_Fint* ierror, std::size_t filename_length),
                     (filename, info, ierror, filename_length))
WEFT_FORTRAN_BINDING(file_set_view, File_set_view, file_set_view,
                     (const MPI_Fint* fh, const MPI_Offset* disp, const MPI_Fint* etype, const MPI_Fint* filetype,
                      const char* datarep, const MPI_Fint* info, MPI_Fint* ierror, std::size_t datarep_length),
                     (fh, disp, etype, filetype, datarep, info, ierror, datarep_length))
WEFT_FORTRAN_BINDING(file_get_view, File_get_view, file_get_view,
                     (const MPI_Fint* fh, MPI_Offset* disp, MPI_Fint* etype, MPI_Fint* filetype, char* datarep,
                      MPI_Fint* ierror, std::size_t datarep_length),
                     (fh, disp, etype, filetype, datarep, ierror, datarep_length))
