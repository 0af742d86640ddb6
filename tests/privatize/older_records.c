/* Stands for a program compiled by a Weft of the first version of the privatization records: its modules
 * register through __weft_priv_register, with the arguments of that version. This Weft must refuse it at
 * start with a message that says to compile it again, not misread the records (an old OSU build read its
 * globals as 2^64 bytes per rank). Built with -no-privatize, so that this program's own registration does
 * not come first. */
#include <stdint.h>

#include "mpitest.h"

void __weft_priv_register(uint32_t* index, char* data_begin, char* data_end, uint32_t* zero_index, char* zero_begin,
                          char* zero_end, const void* inits_begin, const void* inits_end, const void* relocs_begin,
                          const void* relocs_end);

static uint32_t index_of_data, index_of_zeros;
static char image[64];

__attribute__((constructor)) static void register_as_version_1(void) {
  __weft_priv_register(&index_of_data, image, image + sizeof image, &index_of_zeros, image, image, 0, 0, 0, 0);
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  report_ok("older_records: not refused");
  MPI_Finalize();
  return 0;
}
