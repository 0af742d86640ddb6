#pragma once
// Attribute caching (MPI-3.1, 6.7): keyvals, the attributes an object holds, and the user's copy and
// delete callbacks, run when an object is duplicated, when an attribute is replaced or deleted, and when
// the object is freed. Keyvals belong to the rank that made them (a rank is a process); the code is
// shared by communicators, datatypes and windows, whose callbacks differ only in the handle they receive.

#include <mpi.h>

#include <memory>
#include <vector>

#include "mpi_api/errors.hpp"

namespace weft::mpi {

enum class keyval_kind { communicator, datatype, window };

// An object's attributes, in the order they were set.
struct attribute_list {
  struct entry {
    int keyval;
    void* value;
    // Set from Fortran: `value` holds the integer's bits, and a C reader gets the address of this copy of
    // them, as MPI-3.1 17.2.7 has C read a Fortran attribute (a C reader of a C attribute gets `value`).
    std::shared_ptr<MPI_Aint> fortran_integer;
  };
  std::vector<entry> entries;
};

// While one lives on a thread, the attribute calls there act for a Fortran binding: values set are
// Fortran integers, and values read are the stored bits whichever language set them.
class fortran_attribute_call {
 public:
  fortran_attribute_call() noexcept;
  ~fortran_attribute_call();
  fortran_attribute_call(const fortran_attribute_call&) = delete;
  fortran_attribute_call& operator=(const fortran_attribute_call&) = delete;
};

// `copy` and `del` are the user's callbacks, of the types of `kind` (MPI_Comm_copy_attr_function, ...), held
// as void (*)() and called through their own types again. `comm` receives errors (MPI_COMM_WORLD for
// datatypes, the window for windows).
int create_keyval(const char* call, keyval_kind kind, void (*copy)(), void (*del)(), void* extra_state, int* keyval);
int free_keyval(const char* call, keyval_kind kind, int* keyval);

// `handle` is what the callbacks receive (the user's MPI_Comm or MPI_Datatype).
int set_attribute(const char* call, error_target comm, keyval_kind kind, void* handle, attribute_list& list, int keyval,
                  void* value);
int get_attribute(const char* call, error_target comm, keyval_kind kind, const attribute_list& list, int keyval,
                  void* value_out, int* flag);
int delete_attribute(const char* call, error_target comm, keyval_kind kind, void* handle, attribute_list& list,
                     int keyval);

// The attributes of `from` whose copy callbacks ask for it, into `to` (empty); on a callback's error,
// `to` is left empty and the error returned.
int copy_attributes(const char* call, error_target comm, void* old_handle, const attribute_list& from,
                    attribute_list& to);
// Runs the delete callbacks of every attribute, last set first, and empties the list.
int delete_attributes(const char* call, error_target comm, void* handle, attribute_list& list);

// The predefined attributes of communicators (MPI_TAG_UB, MPI_HOST, ...): a pointer to the value, or
// nullptr for a keyval that is not one of them.
const int* predefined_attribute(int keyval) noexcept;

}  // namespace weft::mpi
