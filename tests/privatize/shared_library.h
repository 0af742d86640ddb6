/* What the shared-library privatization test's library (built with the wrapper, -shared) exports. */
#ifndef WEFT_TESTS_PRIVATIZE_SHARED_LIBRARY_H
#define WEFT_TESTS_PRIVATIZE_SHARED_LIBRARY_H

extern int library_counter;
extern int* library_pointer;
int library_next(void);

#endif
