// A program started as one of several processes by srun or another MPI's mpiexec is refused; one started by
// Weft's mpirun, alone, or as the single task of a launcher is not.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "runtime/foreign_launch.hpp"

using weft::runtime::foreign_launch_of;

namespace {

// An environment as environ holds it.
struct environment {
  explicit environment(std::vector<std::string> settings) : settings_(std::move(settings)) {
    for (std::string& s : settings_) pointers_.push_back(s.data());
    pointers_.push_back(nullptr);
  }
  char* const* get() const { return pointers_.data(); }

 private:
  std::vector<std::string> settings_;
  std::vector<char*> pointers_;
};

}  // namespace

TEST_CASE("srun's tasks are refused, the first one saying how to start the job") {
  auto first = foreign_launch_of(environment({"SLURM_STEP_NUM_TASKS=4", "SLURM_PROCID=0", "SLURM_NTASKS=4"}).get());
  REQUIRE(first);
  CHECK(first->first);
  CHECK(first->message.find("one of 4 that srun started (SLURM_STEP_NUM_TASKS=4)") != std::string::npos);
  CHECK(first->message.find("Weft's mpirun -n 4 <program>") != std::string::npos);
  auto third = foreign_launch_of(environment({"SLURM_STEP_NUM_TASKS=4", "SLURM_PROCID=2"}).get());
  REQUIRE(third);
  CHECK_FALSE(third->first);
}

TEST_CASE("another MPI's mpiexec is named by what it set") {
  auto hydra = foreign_launch_of(environment({"PMI_SIZE=3", "PMI_RANK=0"}).get());
  REQUIRE(hydra);
  CHECK(hydra->message.find("one of 3 that an MPICH-style mpiexec (hydra) started (PMI_SIZE=3)") != std::string::npos);
  auto open_mpi = foreign_launch_of(environment({"OMPI_COMM_WORLD_SIZE=2", "OMPI_COMM_WORLD_RANK=1"}).get());
  REQUIRE(open_mpi);
  CHECK(open_mpi->message.find("Open MPI's mpirun") != std::string::npos);
  CHECK_FALSE(open_mpi->first);
}

TEST_CASE("a process alone, or started by Weft's mpirun, runs") {
  CHECK_FALSE(foreign_launch_of(environment({}).get()));
  CHECK_FALSE(foreign_launch_of(environment({"SLURM_STEP_NUM_TASKS=1", "SLURM_PROCID=0"}).get()));
  // A batch script's own process: the allocation has 4 tasks, but srun started none of them.
  CHECK_FALSE(foreign_launch_of(environment({"SLURM_NTASKS=4", "SLURM_JOB_ID=7"}).get()));
  // Weft's node processes started by srun inside an allocation.
  CHECK_FALSE(foreign_launch_of(environment({"SLURM_STEP_NUM_TASKS=2", "SLURM_PROCID=1", "WEFT_NRANKS=8"}).get()));
  CHECK_FALSE(foreign_launch_of(environment({"PMI_SIZE=four"}).get()));
}
