/* A global named inside inline assembly reaches the copy shared by all ranks whatever the pass does, so
 * the compilation must fail and name it; marked WEFT_SHARED (-DOPT_OUT) it compiles. */
#include <mpi.h>

#ifdef OPT_OUT
WEFT_SHARED
#endif
int ticks;

void tick(void) { __asm__ volatile("incl ticks(%rip)"); }
