// The Fortran bindings of the session calls that take or return a process set's name or a string tag
// (MPI-4.1): CHARACTER arguments, their lengths passed after the others, as in
// string_bindings.cpp.

#include <algorithm>
#include <string>

#include "mpi_api/fortran/arguments.hpp"
#include "mpi_api/fortran/strings.hpp"

namespace {

using weft::fortran::from_fortran;
using weft::fortran::to_c;
using weft::fortran::to_fortran;

// PSET_LEN 0 asks for the name's length; otherwise the name is cut to PSET_LEN and blank-padded to
// PSET_NAME's length. Either way PSET_LEN comes back as the name's length (Fortran has no terminating null).
template <auto Session_get_nth_pset>
void session_get_nth_pset(const MPI_Fint* session, const MPI_Fint* info, const MPI_Fint* n, MPI_Fint* pset_len,
                          char* pset_name, MPI_Fint* ierror, std::size_t name_length) {
  char text[MPI_MAX_PSET_NAME_LEN + 1] = {};
  int room = sizeof text;
  bool wanted = *pset_len != 0;
  *ierror = Session_get_nth_pset(to_c<MPI_Session>(*session), to_c<MPI_Info>(*info), *n, &room, text);
  if (*ierror != MPI_SUCCESS) return;
  std::string_view name(text);
  if (wanted) to_fortran(name.substr(0, std::min<std::size_t>(name.size(), *pset_len)), pset_name, name_length);
  *pset_len = static_cast<MPI_Fint>(room - 1);
}

template <auto Session_get_pset_info>
void session_get_pset_info(const MPI_Fint* session, const char* pset_name, MPI_Fint* info, MPI_Fint* ierror,
                           std::size_t name_length) {
  MPI_Info made = MPI_INFO_NULL;
  *ierror = Session_get_pset_info(to_c<MPI_Session>(*session), from_fortran(pset_name, name_length).c_str(), &made);
  if (*ierror == MPI_SUCCESS) *info = to_fortran(made);
}

template <auto Group_from_session_pset>
void group_from_session_pset(const MPI_Fint* session, const char* pset_name, MPI_Fint* newgroup, MPI_Fint* ierror,
                             std::size_t name_length) {
  MPI_Group made = MPI_GROUP_NULL;
  *ierror = Group_from_session_pset(to_c<MPI_Session>(*session), from_fortran(pset_name, name_length).c_str(), &made);
  *newgroup = to_fortran(made);
}

template <auto Comm_create_from_group>
void comm_create_from_group(const MPI_Fint* group, const char* stringtag, const MPI_Fint* info,
                            const MPI_Fint* errhandler, MPI_Fint* newcomm, MPI_Fint* ierror, std::size_t tag_length) {
  MPI_Comm made = MPI_COMM_NULL;
  *ierror = Comm_create_from_group(to_c<MPI_Group>(*group), from_fortran(stringtag, tag_length).c_str(),
                                   to_c<MPI_Info>(*info), to_c<MPI_Errhandler>(*errhandler), &made);
  *newcomm = to_fortran(made);
}

template <auto Intercomm_create_from_groups>
void intercomm_create_from_groups(const MPI_Fint* local_group, const MPI_Fint* local_leader,
                                  const MPI_Fint* remote_group, const MPI_Fint* remote_leader, const char* stringtag,
                                  const MPI_Fint* info, const MPI_Fint* errhandler, MPI_Fint* newintercomm,
                                  MPI_Fint* ierror, std::size_t tag_length) {
  MPI_Comm made = MPI_COMM_NULL;
  *ierror = Intercomm_create_from_groups(to_c<MPI_Group>(*local_group), *local_leader, to_c<MPI_Group>(*remote_group),
                                         *remote_leader, from_fortran(stringtag, tag_length).c_str(),
                                         to_c<MPI_Info>(*info), to_c<MPI_Errhandler>(*errhandler), &made);
  *newintercomm = to_fortran(made);
}

}  // namespace

WEFT_FORTRAN_BINDING(session_get_nth_pset, Session_get_nth_pset, session_get_nth_pset,
                     (const MPI_Fint* session, const MPI_Fint* info, const MPI_Fint* n, MPI_Fint* pset_len,
                      char* pset_name, MPI_Fint* ierror, std::size_t name_length),
                     (session, info, n, pset_len, pset_name, ierror, name_length))
WEFT_FORTRAN_BINDING(session_get_pset_info, Session_get_pset_info, session_get_pset_info,
                     (const MPI_Fint* session, const char* pset_name, MPI_Fint* info, MPI_Fint* ierror,
                      std::size_t name_length),
                     (session, pset_name, info, ierror, name_length))
WEFT_FORTRAN_BINDING(group_from_session_pset, Group_from_session_pset, group_from_session_pset,
                     (const MPI_Fint* session, const char* pset_name, MPI_Fint* newgroup, MPI_Fint* ierror,
                      std::size_t name_length),
                     (session, pset_name, newgroup, ierror, name_length))
WEFT_FORTRAN_BINDING(comm_create_from_group, Comm_create_from_group, comm_create_from_group,
                     (const MPI_Fint* group, const char* stringtag, const MPI_Fint* info, const MPI_Fint* errhandler,
                      MPI_Fint* newcomm, MPI_Fint* ierror, std::size_t tag_length),
                     (group, stringtag, info, errhandler, newcomm, ierror, tag_length))
WEFT_FORTRAN_BINDING(intercomm_create_from_groups, Intercomm_create_from_groups, intercomm_create_from_groups,
                     (const MPI_Fint* local_group, const MPI_Fint* local_leader, const MPI_Fint* remote_group,
                      const MPI_Fint* remote_leader, const char* stringtag, const MPI_Fint* info,
                      const MPI_Fint* errhandler, MPI_Fint* newintercomm, MPI_Fint* ierror, std::size_t tag_length),
                     (local_group, local_leader, remote_group, remote_leader, stringtag, info, errhandler, newintercomm,
                      ierror, tag_length))
