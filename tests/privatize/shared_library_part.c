/* Built into a shared library with the wrapper: its globals are per rank too. */
#include "shared_library.h"

int library_counter = 7;
int* library_pointer = &library_counter;

int library_next(void) {
  static int calls;
  return ++calls;
}
