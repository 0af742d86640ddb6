#include "runtime/foreign_launch.hpp"

#include <charconv>
#include <string_view>

namespace weft::runtime {
namespace {

// A launcher as its processes see it: the variables that give their number and each one's index.
struct launcher {
  const char* name;
  const char* size_variable;
  const char* index_variable;
};

// srun sets SLURM_STEP_NUM_TASKS for the tasks of a step only (a batch script, one process, has
// SLURM_NTASKS alone); hydra (MPICH, Intel MPI) PMI_SIZE; Open MPI's mpirun OMPI_COMM_WORLD_SIZE.
constexpr launcher launchers[] = {
    {"srun", "SLURM_STEP_NUM_TASKS", "SLURM_PROCID"},
    {"an MPICH-style mpiexec (hydra)", "PMI_SIZE", "PMI_RANK"},
    {"Open MPI's mpirun", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK"},
};

std::optional<std::string_view> value_of(char* const* environment, std::string_view name) {
  for (char* const* entry = environment; *entry != nullptr; ++entry) {
    std::string_view setting(*entry);
    if (setting.size() > name.size() && setting.starts_with(name) && setting[name.size()] == '=')
      return setting.substr(name.size() + 1);
  }
  return std::nullopt;
}

std::optional<long> number_of(char* const* environment, std::string_view name) {
  auto text = value_of(environment, name);
  if (!text) return std::nullopt;
  long value = 0;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc() || end != text->data() + text->size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<foreign_launch> foreign_launch_of(char* const* environment) {
  if (value_of(environment, "WEFT_NRANKS")) return std::nullopt;  // Weft's mpirun started it
  for (const launcher& l : launchers) {
    std::optional<long> size = number_of(environment, l.size_variable);
    if (!size || *size < 2) continue;
    std::string count = std::to_string(*size);
    return foreign_launch{
        "this process is one of " + count + " that " + l.name + " started (" + l.size_variable + "=" + count +
            "), and each would run a job of its own with 1 rank; Weft runs all the ranks of a node as fibers of "
            "one process: start the job with Weft's mpirun -n " +
            count + " <program> (inside a Slurm allocation it starts its node processes with srun itself)",
        number_of(environment, l.index_variable).value_or(0) == 0};
  }
  return std::nullopt;
}

}  // namespace weft::runtime
