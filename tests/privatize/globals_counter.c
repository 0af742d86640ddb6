/* The second translation unit of globals_c: defines a global that main uses through extern. */
#include "globals.h"

int tu_counter = 100;

int counter_next(void) {
  static int calls;
  return ++calls;
}
