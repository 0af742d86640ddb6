// Attributes and names of windows (MPI-3.1, 6.7.3 and 6.8): the user's attributes, with their keyvals,
// and the predefined ones, which describe the calling member's part of the window.

#include <cstring>

#include "mpi_api/attributes.hpp"
#include "mpi_api/call_guard.hpp"
#include "mpi_api/pmpi.hpp"
#include "mpi_api/window_checks.hpp"

using namespace weft::mpi;

// Windows are never duplicated, but MPI_WIN_DUP_FN is part of the interface.
extern "C" int weft_mpi_win_dup_fn(MPI_Win, int, void*, void* attribute_val_in, void* attribute_val_out, int* flag) {
  *static_cast<void**>(attribute_val_out) = attribute_val_in;
  *flag = 1;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_create_keyval)
extern "C" int PMPI_Win_create_keyval(MPI_Win_copy_attr_function* win_copy_attr_fn,
                                      MPI_Win_delete_attr_function* win_delete_attr_fn, int* win_keyval,
                                      void* extra_state) {
  const call_guard guard(WEFT_CALL_NAME);
  return create_keyval(WEFT_CALL_NAME, keyval_kind::window, reinterpret_cast<void (*)()>(win_copy_attr_fn),
                       reinterpret_cast<void (*)()>(win_delete_attr_fn), extra_state, win_keyval);
}

WEFT_PMPI_ALIAS(Win_free_keyval)
extern "C" int PMPI_Win_free_keyval(int* win_keyval) {
  const call_guard guard(WEFT_CALL_NAME);
  return free_keyval(WEFT_CALL_NAME, keyval_kind::window, win_keyval);
}

WEFT_PMPI_ALIAS(Win_set_attr)
extern "C" int PMPI_Win_set_attr(MPI_Win win, int win_keyval, void* attribute_val) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  return set_attribute(call, win, keyval_kind::window, win, win->attributes, win_keyval, attribute_val);
}

// MPI_WIN_BASE's value is the base address itself; the other predefined attributes' are pointers to
// their values (MPI-3.1, 11.2.6).
WEFT_PMPI_ALIAS(Win_get_attr)
extern "C" int PMPI_Win_get_attr(MPI_Win win, int win_keyval, void* attribute_val, int* flag) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_output(call, win, attribute_val, "attribute_val")) return error;
  if (int error = check_output(call, win, flag, "flag")) return error;
  void* predefined = nullptr;
  switch (win_keyval) {
    case MPI_WIN_BASE:
      predefined = win->base;
      break;
    case MPI_WIN_SIZE:
      predefined = &win->size;
      break;
    case MPI_WIN_DISP_UNIT:
      predefined = &win->disp_unit;
      break;
    case MPI_WIN_CREATE_FLAVOR:
      predefined = &win->flavor;
      break;
    case MPI_WIN_MODEL:
      predefined = &win->model;
      break;
    default:
      return get_attribute(call, win, keyval_kind::window, win->attributes, win_keyval, attribute_val, flag);
  }
  *static_cast<void**>(attribute_val) = predefined;
  *flag = 1;
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_delete_attr)
extern "C" int PMPI_Win_delete_attr(MPI_Win win, int win_keyval) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  return delete_attribute(call, win, keyval_kind::window, win, win->attributes, win_keyval);
}

WEFT_PMPI_ALIAS(Win_set_name)
extern "C" int PMPI_Win_set_name(MPI_Win win, const char* win_name) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_output(call, win, win_name, "win_name")) return error;
  win->name.assign(win_name, strnlen(win_name, MPI_MAX_OBJECT_NAME - 1));
  return MPI_SUCCESS;
}

WEFT_PMPI_ALIAS(Win_get_name)
extern "C" int PMPI_Win_get_name(MPI_Win win, char* win_name, int* resultlen) {
  const call_guard guard(WEFT_CALL_NAME);
  const char* call = WEFT_CALL_NAME;
  if (int error = check_window(call, win)) return error;
  if (int error = check_output(call, win, win_name, "win_name")) return error;
  if (int error = check_output(call, win, resultlen, "resultlen")) return error;
  std::memcpy(win_name, win->name.c_str(), win->name.size() + 1);
  *resultlen = static_cast<int>(win->name.size());
  return MPI_SUCCESS;
}
