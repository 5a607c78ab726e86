#pragma once
// The MPI side of a ProcessGroup, in its own module: libkelvin_mpi.so (mpi_backend.cpp, linked
// with MPI) is loaded by kelvin-cli with dlopen only when mpirun started it, so that every other
// run starts without loading MPI's libraries (OpenMPI, its runtime, hwloc, libevent: some 2 ms of
// each start). The module's one entry point, kelvin_join_mpi, joins MPI and returns the backend.

#include <string>
#include <vector>

namespace kelvin::app {

class MpiBackend {
 public:
  virtual ~MpiBackend() = default;  // the module's backend finalises MPI
  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual int localSize() const = 0;
  virtual std::vector<std::string> gatherToRoot(const std::string& mine) const = 0;
  virtual int maxOverAll(int value) const = 0;
};

/// The name of the module's entry point: `MpiBackend* kelvin_join_mpi()`.
inline constexpr const char* kJoinMpiSymbol = "kelvin_join_mpi";

}  // namespace kelvin::app
