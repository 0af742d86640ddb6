#pragma once
// Where the lines a rank writes to stdout and stderr go: with mpirun --tag-output each comes out as
// "[rank] line"; with --output-filename or -outfile-pattern/-errfile-pattern into a file of the rank's
// own (and, for Open MPI's form, also to the terminal).
//
// All ranks share the process's streams, so the streams are replaced by unbuffered cookie streams whose
// write function knows the writing rank (the fiber running on the calling thread) and assembles each
// rank's lines separately before writing them whole, or writes them to the rank's file.

#include <optional>
#include <string>

namespace weft::runtime {

struct rank_output_settings {
  bool tag = false;
  // Patterns of each rank's file for stdout and stderr (output_file_pattern.hpp); the same pattern for
  // both is one file.
  std::optional<std::string> output_file;
  std::optional<std::string> error_file;
  bool copy_to_terminal = false;  // a rank's file gets its lines, and the process's stream too
};

// Replaces the streams when `settings` asks for anything.
void install_rank_output(const rank_output_settings& settings);

// Writes out what the rank left without a final newline (called when the rank ends).
void flush_rank_output(int rank_id);

}  // namespace weft::runtime
