#pragma once
// mpirun --tag-output: every line a rank writes to stdout or stderr comes out as "[rank] line".
//
// All ranks share the process's streams, so the streams are replaced by unbuffered cookie streams whose
// write function knows the writing rank (the fiber running on the calling thread) and assembles each
// rank's lines separately before writing them whole.

namespace weft::runtime {

void install_output_tagging();

// Writes out what the rank left without a final newline (called when the rank ends).
void flush_rank_output(int rank_id);

}  // namespace weft::runtime
