/* What the C privatization test shares between its translation units and its static library. */
#ifndef WEFT_TESTS_PRIVATIZE_GLOBALS_H
#define WEFT_TESTS_PRIVATIZE_GLOBALS_H

/* globals_counter.c: a global used through extern here, and a function-local static. */
extern int tu_counter;
int counter_next(void);

/* globals_lib.c, linked as a static library: a global, a pointer to it, and a static behind a function. */
extern int lib_value;
extern int* lib_pointer;
int lib_bump(void);

#endif
