# Spack recipe for Weft. Put it in a Spack repository as packages/weft/package.py; with no release to fetch
# yet, build it from a clone of Weft: `spack develop --path <clone> weft@=0.1.0 && spack install`, in an
# environment (see docs/user-guide.md, "Installing on a site").

from spack.package import *


class Weft(CMakePackage):
    """MPI for C and C++ in which every MPI rank on a node is a fiber inside one process. Its compiler
    wrappers run clang 19 with a pass plugin that gives every rank its own copy of the program's globals."""

    # No checksum: there is no release archive to fetch yet, only clones (spack develop).
    version("0.1.0")

    variant("benchmarks", default=False, description="Build bench_internals, which needs Google Benchmark")

    depends_on("c", type="build")
    depends_on("cxx", type="build")
    depends_on("cmake@3.25:", type="build")
    depends_on("pkgconfig", type="build")
    depends_on("benchmark", type="build", when="+benchmarks")
    depends_on("catch2@3:", type="test")

    depends_on("boost@1.74:+context")
    depends_on("hwloc@2:")
    depends_on("libfabric")
    depends_on("pmix")
    depends_on("libunwind")
    depends_on("elfutils")  # libdw, which names the frames of a faulting rank's backtrace
    # The privatizing pass is an LLVM 19 plugin, built against LLVM's headers and loaded into the clang 19
    # that mpicc and mpicxx run: needed to build Weft and to build programs with it.
    depends_on("llvm@19+clang", type=("build", "link", "run"))

    # mpi.h declares all of MPI 3.1.
    provides("mpi@:3.1")

    def cmake_args(self):
        llvm = self.spec["llvm"].prefix
        return [
            self.define("BUILD_TESTING", self.run_tests),
            self.define_from_variant("WEFT_BENCHMARKS", "benchmarks"),
            self.define("LLVM_DIR", join_path(llvm.lib, "cmake", "llvm")),
            self.define("WEFT_WRAPPER_C_COMPILER", join_path(llvm.bin, "clang")),
            self.define("WEFT_WRAPPER_CXX_COMPILER", join_path(llvm.bin, "clang++")),
        ]

    # The wrappers, for the packages that depend on MPI, as MPICH's and Open MPI's recipes give theirs. Unlike
    # those, they are not pointed at Spack's compiler (WEFT_CC): the privatizing pass needs their clang 19.
    # Weft has no Fortran wrapper, so no MPIF77 or MPIFC.
    def setup_dependent_build_environment(self, env, dependent_spec):
        env.set("MPICC", join_path(self.prefix.bin, "mpicc"))
        env.set("MPICXX", join_path(self.prefix.bin, "mpicxx"))

    def setup_dependent_package(self, module, dependent_spec):
        self.spec.mpicc = join_path(self.prefix.bin, "mpicc")
        self.spec.mpicxx = join_path(self.prefix.bin, "mpicxx")
