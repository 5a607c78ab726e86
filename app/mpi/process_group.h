#pragma once
// The processes that share one sweep. Launched by mpirun (and built with MPI:
// KELVIN_HAVE_MPI), they are the MPI ranks of MPI_COMM_WORLD, reached through the
// module libkelvin_mpi.so loaded then (mpi_backend.h); otherwise this process
// alone. Made once per command that distributes work; MPI is finalised when it
// is destroyed.

#include <memory>
#include <string>
#include <vector>

namespace kelvin::app {

class MpiBackend;

class ProcessGroup {
 public:
  /// Joins MPI when the environment says mpirun started this process. Throws cli::CliError
  /// (exit 5) when the MPI module cannot be loaded then.
  ProcessGroup();
  ~ProcessGroup();
  ProcessGroup(const ProcessGroup&) = delete;
  ProcessGroup& operator=(const ProcessGroup&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  /// Processes of the group on this machine (to share its cores).
  int localSize() const { return localSize_; }
  /// Every process's `mine`, in rank order, on rank 0; empty on the others. Collective.
  std::vector<std::string> gatherToRoot(const std::string& mine) const;
  /// The largest of every process's `value`, on every process. Collective.
  int maxOverAll(int value) const;

 private:
  int rank_ = 0;
  int size_ = 1;
  int localSize_ = 1;
  std::unique_ptr<MpiBackend> mpi_;  // null: this process alone
};

}  // namespace kelvin::app
