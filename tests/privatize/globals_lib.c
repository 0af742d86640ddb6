/* Linked into globals_c as a static library built with the same wrapper. */
#include "globals.h"

int lib_value = 50;
int* lib_pointer = &lib_value;

int lib_bump(void) {
  static int bumps = 10;
  return ++bumps;
}
