#pragma once
// The shared file pointer of an open file (MPI-3.1, 13.4.4), in etypes of the view, which is the same on
// every member. On one node it is an atomic counter in what the members share; on a file whose members
// span nodes it is a counter at rank 0 in a window of the file's members, moved by fetch-and-op.

#include <mpi.h>

namespace weft::mpi {

// Collective, at MPI_File_open and MPI_File_close: the counter comes and goes, starting at `start`.
void open_shared_pointer(MPI_File file, MPI_Offset start);
void close_shared_pointer(MPI_File file);

// Where the pointer stands, and where it stood before `etypes` were added to it (atomically).
MPI_Offset shared_pointer(MPI_File file);
MPI_Offset advance_shared_pointer(MPI_File file, MPI_Offset etypes);

// Collective: once every member called it, the pointer is `position`; every member leaves after the change.
void set_shared_pointer(MPI_File file, MPI_Offset position);

}  // namespace weft::mpi
